import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../../test/render-app';

interface Call {
  url: string;
  body: unknown;
  key: string | null;
}
type Handler = (url: string, call: Call) => { status: number; body: unknown };

function stubApi(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const call = {
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      key: headers.get('idempotency-key'),
    };
    calls.push(call);
    const { status, body } = handler(url, call);
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

const signedIn = {
  signed_in: true,
  user: { id: 'u1', email: 'staff@example.com', phone_number: null, phone_verified: true },
  tag: 'customer',
};
const venues = [
  { id: 7, name_en: 'Central Clinic', name_zh: '中環診所' },
  { id: 8, name_en: 'Mong Kok Clinic', name_zh: '旺角診所' },
];
const usage = {
  policy_year_start: '2026-01-01',
  policy_year_end: '2026-12-31',
  visits_used: 2,
  visits_included: 12,
  body_checks_left: 1,
  last_visit: { date: '2026-11-02', venue_name_en: 'Central Clinic', venue_name_zh: '中環診所' },
};
const service = {
  service_point_id: 31,
  service_id: 1,
  slug: 'gp',
  name_en: 'General Practitioner',
  name_zh: '普通科',
  doctor_name_en: 'Dr Lee',
  doctor_name_zh: '李醫生',
  member_price: 120,
  usual_price: 380,
};
const valid = (type: 'visit' | 'payment') => ({
  outcome: 'valid',
  ticket_type: type,
  venue_id: 8,
  effective_date: null,
  member: {
    masked_name_en: 'H* W*** S**',
    masked_name_zh: '何**',
    membership_number: 'CP-0009-0001',
    plan_name_en: 'Outpatient Go',
    plan_name_zh: '門診 Go',
    usage,
  },
  services: [service],
  visit: null,
});
const visit = (status: 'open' | 'closed') => ({
  id: 5,
  kind: 'consultation',
  status,
  visit_date: '2026-11-25',
  venue: venues[1],
  membership_number: 'CP-0009-0001',
  service:
    status === 'open'
      ? null
      : { service_point_id: 31, name_en: 'General Practitioner', name_zh: '普通科' },
  amount_charged: status === 'open' ? null : 120,
  member_price: status === 'open' ? null : 120,
  opened_at: '2026-11-25T02:05:00.000Z',
  closed_at: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('clinic counter', { timeout: 30_000 }, () => {
  it('sends a signed-out visitor to sign in, coming back to the counter', async () => {
    stubApi(() => ({ status: 200, body: { signed_in: false, user: null, tag: 'guest' } }));
    const { router } = renderApp('/en/clinic');
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/en/outpatient/login');
      },
      { timeout: 15_000 },
    );
    expect(router.state.location.search).toBe('?next=%2Fen%2Fclinic');
  });

  it('tells a customer account it is not a clinic account', async () => {
    stubApi((url) =>
      url.endsWith('/api/clinic/me')
        ? { status: 403, body: { code: 'forbidden', message: 'x' } }
        : { status: 200, body: signedIn },
    );
    renderApp('/en/clinic');
    expect(
      await screen.findByText(
        /This account is not a clinic staff account/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });

  it('picks the venue, checks a typed number, and opens the visit with one key across retries', async () => {
    let openAttempts = 0;
    const calls = stubApi((url) => {
      if (url.endsWith('/identity/me')) return { status: 200, body: signedIn };
      if (url.endsWith('/api/clinic/me')) {
        return { status: 200, body: { kind: 'user', email: 'staff@example.com', venues } };
      }
      if (url.endsWith('/api/clinic/ticket/verify')) return { status: 200, body: valid('visit') };
      if (url.endsWith('/api/clinic/visit/open')) {
        openAttempts += 1;
        return openAttempts === 1
          ? { status: 500, body: { code: 'internal_error', message: 'x' } }
          : { status: 200, body: { recorded: true, visit: visit('open'), usage } };
      }
      return { status: 200, body: { session_id: 'abcdefghijklmnopqrstuvwx', code: 'created' } };
    });
    renderApp('/en/clinic');
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Clinic' }, { timeout: 15_000 });
    await user.selectOptions(picker, '8');
    expect(screen.getByTestId('clinic-venue')).toHaveTextContent(
      'Checking tickets for Mong Kok Clinic',
    );

    const field = screen.getByRole('textbox', { name: 'Number under the QR code' });
    await user.type(field, '1234-5678');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('The number has 16 digits')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/verify'))).toBe(false);

    await user.clear(field);
    await user.type(field, '１２３４ 5678–9012-3456');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const outcome = screen.getByTestId('clinic-outcome');
    expect(outcome).toHaveAttribute('role', 'status');
    expect(await within(outcome).findByText('Valid ticket')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/verify'))?.body).toEqual({
      number: '1234567890123456',
      venue_id: 8,
    });
    expect(screen.getByText('H* W*** S**')).toBeInTheDocument();
    expect(screen.getByText('CP-0009-0001')).toBeInTheDocument();
    expect(screen.getByText('2 of 12')).toBeInTheDocument();
    expect(screen.getByText('HK$120')).toBeInTheDocument();
    expect(screen.getByText(/Usual price: HK\$380/)).toBeInTheDocument();

    const openButton = screen.getByRole('button', { name: 'Open the visit (before consultation)' });
    await user.click(openButton);
    expect(await screen.findByText('Something goes wrong', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the visit (before consultation)' }));
    expect(await screen.findByTestId('clinic-step-done')).toHaveTextContent(
      /^Visit opened at 10:05\. After the consultation, scan the payment ticket\.$/,
    );
    const keys = calls.filter((c) => c.url.endsWith('/visit/open')).map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the catalogue refusal of an amount above the member price', async () => {
    stubApi((url) => {
      if (url.endsWith('/identity/me')) return { status: 200, body: signedIn };
      if (url.endsWith('/api/clinic/me')) {
        return { status: 200, body: { kind: 'user', email: null, venues: [venues[0]] } };
      }
      if (url.endsWith('/api/clinic/ticket/verify')) return { status: 200, body: valid('payment') };
      if (url.endsWith('/api/clinic/visit/close')) {
        return { status: 400, body: { code: 'amount_above_member_price', message: 'x' } };
      }
      return { status: 200, body: { session_id: 'abcdefghijklmnopqrstuvwx', code: 'created' } };
    });
    renderApp('/zh-hk/clinic');
    const user = userEvent.setup();
    const field = await screen.findByRole(
      'textbox',
      { name: '二維碼下方的號碼' },
      { timeout: 15_000 },
    );
    await user.type(field, '1234567890123456');
    await user.click(screen.getByRole('button', { name: '核對' }));
    expect(await screen.findByText('票券有效')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: '收費金額（港元）' });
    expect(amount).toHaveValue('120');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: '完成診症（應診後）' }));
    expect(await screen.findByText('金額高於此服務的會員價')).toBeInTheDocument();
  });
});
