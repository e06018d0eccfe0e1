import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { renderApp } from '../../../test/render-app';
import { storeViewToken } from '../../../lib/view-token';
import { stubFinderFetch } from '../testing/finder-fetch-stub';

const HOME = '/en/health/network/OP1000001';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await import('../../../app/routes/network');
}, 60_000);

afterEach(() => {
  window.sessionStorage.clear();
});

const CARD = {
  card_number: 'CP-0001-0001',
  holder_name: 'Chan Tai Man',
  holder_name_en: 'Chan Tai Man',
  holder_name_zh: '陳大文',
  policy_number: 'OP1000001',
  card_type: 'outpatient-card',
  company: 'ClinicPass Insurance',
  effective_from: '2025-10-18',
  effective_to: '2026-10-17',
  card_image: null,
  member_code: 'M1000001',
};

describe('group medical card dialog', { timeout: 30_000 }, () => {
  it("reads the policy's cards with the member view token and shows what the card says", async () => {
    storeViewToken({
      token: 'view-token-1',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const asked: { path: string; token: string | null }[] = [];
    stubFinderFetch({
      rest: (_method, path, headers) => {
        if (path !== '/api/customer/policy/medical-card') return undefined;
        asked.push({ path, token: headers.get('x-member-view-token') });
        return { body: { results: [CARD] } };
      },
    });
    const user = userEvent.setup();
    renderApp(HOME);
    await user.click(await screen.findByRole('button', { name: 'Group medical card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group medical card' });
    const card = await within(dialog).findByRole('region', { name: 'Chan Tai Man' });
    for (const text of [
      'CP-0001-0001',
      'OP1000001',
      'Outpatient card',
      'ClinicPass Insurance',
      '2025-10-18 to 2026-10-17',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(asked).toEqual([{ path: '/api/customer/policy/medical-card', token: 'view-token-1' }]);
  });

  it('shows only the policy number to a guest, without asking the server', async () => {
    const asked: string[] = [];
    stubFinderFetch({
      rest: (_method, path) => {
        if (path === '/api/customer/policy/medical-card') asked.push(path);
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderApp(HOME);
    await user.click(await screen.findByRole('button', { name: 'Group medical card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group medical card' });
    expect(within(dialog).getByText('OP1000001')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('falls back to the policy number when the server refuses', async () => {
    storeViewToken({
      token: 'other-policy-token',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    stubFinderFetch({
      rest: (_method, path) =>
        path === '/api/customer/policy/medical-card'
          ? { status: 404, body: { code: 'not_found', message: 'Not found' } }
          : undefined,
    });
    const user = userEvent.setup();
    renderApp('/zh-hk/health/network/OP1000001');
    await user.click(await screen.findByRole('button', { name: '團體醫療卡' }));
    const dialog = await screen.findByRole('dialog', { name: '團體醫療卡' });
    expect(await within(dialog).findByText('OP1000001')).toBeInTheDocument();
    expect(within(dialog).getByText('門診卡')).toBeInTheDocument();
  });
});
