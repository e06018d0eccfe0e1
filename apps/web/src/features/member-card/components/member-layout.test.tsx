import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type * as KeptCardModule from '../../../lib/kept-card';
import type { KeptCard } from '../../../lib/kept-card';
import { storeViewToken } from '../../../lib/view-token';
import { renderApp } from '../../../test/render-app';

// A card kept on this device (IndexedDB is not in jsdom: the kept-card store is replaced).
const { card } = vi.hoisted(() => {
  const today = new Date().toISOString().slice(0, 10);
  const ticket = {
    token: 'kept-token-aaaaaaaaaaaaaaaa',
    effective_date: today,
    expiry_date: today,
    enabled: true,
    name_en: 'Outpatient plan',
    name_zh: '門診計劃',
    service_types: ['gp'],
    policy_number: 'OP1000001',
    membership_number: 'CP-0001-0001',
    holder_name_en: 'Chan Tai Man',
    holder_name_zh: '陳大文',
    token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const kept: KeptCard = {
    format: 1,
    as_of: new Date(Date.now() - 60_000).toISOString(),
    owner_user_id: null,
    membership_number: 'CP-0001-0001',
    name_en: 'Chan Tai Man',
    name_zh: '陳大文',
    tickets: [
      { ...ticket, type: 'visit', number: '1111 2222 3333 4444' },
      { ...ticket, type: 'payment', number: '5555 6666 7777 8888' },
    ],
  };
  return { card: kept };
});

vi.mock('../../../lib/kept-card', async (importOriginal) => ({
  ...(await importOriginal<typeof KeptCardModule>()),
  readKeptCard: () => Promise.resolve({ status: 'card', card }),
  hasKeptRecord: () => Promise.resolve(true),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the member pages with a card kept on this device', { timeout: 30_000 }, () => {
  it('show the kept card after the first failed attempt to reach the server, not after its retries', async () => {
    storeViewToken({
      token: 'view-token-1',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const attempts: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      const json = (body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (url.includes('/identity/me')) return json({ signed_in: false, user: null, tag: 'guest' });
      if (url.includes('/announcement')) return json([]);
      if (url.includes('/outpatient/member') || url.includes('/outpatient/ticket')) {
        attempts.push(url);
        // The first attempt fails as an unreachable server does; a retry would never answer.
        if (attempts.length === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return new Promise<Response>(() => undefined);
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    });

    renderApp('/en/outpatient/e-card/member/qr');
    expect(
      await screen.findByText(/^Shown offline, as of /, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('1111 2222 3333 4444')).toBeInTheDocument();
  });
});
