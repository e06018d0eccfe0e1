import { hkToday, systemClock, addDays } from '@clinicpass/shared/time/clock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { renderApp } from '../../../test/render-app';
import { storeViewToken } from '../../member-card/lib/view-token';
import { stubFinderFetch } from '../testing/finder-fetch-stub';

import { isTicketEnabled } from './ticket-qr';

const RESULTS = '/en/outpatient/doctor-list/outpatient/OP1000001?p=';

// These journeys render the whole app; on a loaded 2-core machine a step can take seconds.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await import('../../../app/routes/doctor-finder');
}, 60_000);

afterEach(() => {
  window.sessionStorage.clear();
});

describe('member QR dialog', { timeout: 30_000 }, () => {
  it('is disabled when this tab holds no member view token (no tickets)', async () => {
    // An expired one counts as none.
    storeViewToken({ token: 'old-token', expiresAt: new Date(Date.now() - 1000).toISOString() });
    stubFinderFetch();
    renderApp(RESULTS);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Member QR code' })).toBeDisabled();
  });

  it('shows a tab per ticket, the first selected, a future ticket disabled', async () => {
    // Stored as the member card look-up stores it (with its expiry).
    storeViewToken({
      token: 'view-token-1',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const today = hkToday(systemClock);
    let sentToken: string | null = null;
    stubFinderFetch({
      tickets: (headers) => {
        sentToken = headers.get('X-Member-View-Token');
        return [
          { type: 'visit', token: 'VISIT-TOKEN', effective_date: today },
          { type: 'payment', token: 'PAY-TOKEN', effective_date: today },
          { type: 'body-check', token: 'BODY-TOKEN', effective_date: addDays(today, 3) },
        ];
      },
    });
    const user = userEvent.setup();
    renderApp(RESULTS);
    const entry = await screen.findByRole(
      'button',
      { name: 'Member QR code' },
      { timeout: 15_000 },
    );
    await waitFor(() => {
      expect(entry).toBeEnabled();
    });
    expect(sentToken).toBe('view-token-1');

    await user.click(entry);
    const dialog = await screen.findByRole('dialog', { name: 'Member QR code' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Before consultation',
      'After consultation',
      'Before body check',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]).toBeDisabled();
    expect(
      within(dialog).getByRole('img', { name: 'QR code: Before consultation' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('VISIT-TOKEN')).toBeInTheDocument();

    await user.click(tabs[1] as HTMLElement);
    expect(within(dialog).getByText('PAY-TOKEN')).toBeInTheDocument();
  });
});

describe('ticket effective date', { timeout: 30_000 }, () => {
  it('enables a ticket from its effective date (Hong Kong)', () => {
    expect(isTicketEnabled({ effective_date: '2026-11-22' }, '2026-11-22')).toBe(true);
    expect(isTicketEnabled({ effective_date: '2026-11-21' }, '2026-11-22')).toBe(true);
    expect(isTicketEnabled({ effective_date: '2026-11-23' }, '2026-11-22')).toBe(false);
  });
});
