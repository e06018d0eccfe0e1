import { hkToday, systemClock, addDays } from '@clinicpass/shared/time/clock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { renderApp } from '../../../test/render-app';
import { storeViewToken } from '../../../lib/view-token';
import { stubFinderFetch } from '../testing/finder-fetch-stub';

import { isTicketEnabled } from './ticket-qr';

const RESULTS = '/en/outpatient/doctor-list/outpatient/OP1000001?p=';
const SIGNED_IN = {
  signed_in: true,
  user: { id: 'u1', email: 'owner@example.com', phone_number: null, phone_verified: false },
  tag: 'customer',
};

// These journeys render the whole app; on a loaded 2-core machine a step can take seconds.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await import('../../../app/routes/doctor-finder');
}, 60_000);

/** Renders the results and waits for the member QR entry to be enabled (tickets held). */
async function openResultsWithEnabledEntry(): Promise<HTMLElement> {
  renderApp(RESULTS);
  const entry = await screen.findByRole('button', { name: 'Member QR code' }, { timeout: 15_000 });
  await waitFor(() => {
    expect(entry).toBeEnabled();
  });
  return entry;
}

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
    const entry = await openResultsWithEnabledEntry();
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
    // The number a clinic can type in, labelled; the opaque token only inside the code.
    expect(within(dialog).getByText('Consultation Number')).toBeInTheDocument();
    expect(within(dialog).getByText('N-VISIT-TOKEN')).toBeInTheDocument();
    expect(within(dialog).queryByText('VISIT-TOKEN')).toBeNull();

    await user.click(tabs[1] as HTMLElement);
    expect(within(dialog).getByText('Payment Number')).toBeInTheDocument();
    expect(within(dialog).getByText('N-PAY-TOKEN')).toBeInTheDocument();
  });
});

describe('member QR dialog for a signed-in owner', { timeout: 30_000 }, () => {
  it('asks for the tickets with the session, no view token held, and opens the dialog', async () => {
    const today = hkToday(systemClock);
    let asked = 0;
    let sentToken: string | null = 'unset';
    stubFinderFetch({
      rest: (_method, path) => (path === '/identity/me' ? { body: SIGNED_IN } : undefined),
      tickets: (headers) => {
        asked += 1;
        sentToken = headers.get('X-Member-View-Token');
        return [{ type: 'visit', token: 'OWNER-VISIT', effective_date: today }];
      },
    });
    const user = userEvent.setup();
    const entry = await openResultsWithEnabledEntry();
    expect(asked).toBeGreaterThan(0);
    expect(sentToken).toBeNull();

    await user.click(entry);
    const dialog = await screen.findByRole('dialog', { name: 'Member QR code' });
    expect(within(dialog).getByRole('tab', { name: 'Before consultation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByText('N-OWNER-VISIT')).toBeInTheDocument();
  });

  it('does not ask a guest without a view token for tickets', async () => {
    let asked = 0;
    stubFinderFetch({
      tickets: () => {
        asked += 1;
        return [];
      },
    });
    renderApp(RESULTS);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Member QR code' })).toBeDisabled();
    expect(asked).toBe(0);
  });
});

describe('ticket effective date', { timeout: 30_000 }, () => {
  it('enables a ticket from its effective date (Hong Kong)', () => {
    expect(isTicketEnabled({ effective_date: '2026-11-22' }, '2026-11-22')).toBe(true);
    expect(isTicketEnabled({ effective_date: '2026-11-21' }, '2026-11-22')).toBe(true);
    expect(isTicketEnabled({ effective_date: '2026-11-23' }, '2026-11-22')).toBe(false);
  });
});
