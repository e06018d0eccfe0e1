// Test support for the payment, billing and invoice tests: requests as a demo user, the demo ids
// read through the API, and fixtures beyond the demo data.
import type { Response as LightResponse } from 'light-my-request';
import { expect } from 'vitest';
import { billing } from '../src/db/billing-schema';
import { OWNER, PLAIN, type PolicyTestApp } from './policy-support';

export interface Page<Item> {
  results: Item[];
  pagination: { start: number; end: number; total: number };
}

export interface MethodBody {
  id: number;
  user_id: string;
  gateway: string;
  status: string;
  is_verified: boolean;
  is_default: boolean;
  has_billings: boolean;
  display_data: { label: string; brand: string | null; last4: string | null };
  payment_method_profiles: { id: number; role: string; profile: number }[];
}

export interface BillingBody {
  id: number;
  frequency: string;
  status: string;
  payment_method: number | null;
}

export interface InvoiceBody {
  id: number;
  status: string;
  invoice_type: string;
  policy_number: string;
  due_date: string;
  coverage_start_date: string;
  coverage_end_date: string;
  total_amount: number;
  outstanding_amount: number;
  company: { id: number; name_en: string };
  billing_company: { id: number; name_en: string } | null;
  group_policy_number: string | null;
  [key: string]: unknown;
}

export interface ErrorBody {
  code: string;
  message: string;
  details?: { issues: { path: string }[] };
}

export function requests(t: PolicyTestApp) {
  const headers = (user: string | null, extra: Record<string, string> = {}) => ({
    ...(user === null ? {} : { 'x-test-user': user }),
    ...extra,
  });
  return {
    get: (url: string, user: string | null = OWNER, extra: Record<string, string> = {}) =>
      t.app.inject({ url: `/api/customer${url}`, headers: headers(user, extra) }),
    send: (
      method: 'POST' | 'PUT' | 'PATCH',
      url: string,
      body: unknown,
      user: string | null = OWNER,
      extra: Record<string, string> = {},
    ) =>
      t.app.inject({
        method,
        url: `/api/customer${url}`,
        headers: headers(user, extra),
        payload: body as Record<string, unknown>,
      }),
  };
}

/** The field paths a 400 `validation_error` names. */
export function fieldsOf(res: LightResponse, code = 'validation_error'): string[] {
  const body = res.json<ErrorBody>();
  expect(res.statusCode).toBe(400);
  expect(body.code).toBe(code);
  return body.details?.issues.map((issue) => issue.path) ?? [];
}

/** A 404 `not_found` that carries nothing of the object. */
export function expectNotFound(res: LightResponse, secrets: (string | number)[] = []) {
  expect(res.statusCode).toBe(404);
  expect(res.json<ErrorBody>().code).toBe('not_found');
  for (const secret of secrets) expect(res.body).not.toContain(String(secret));
}

/** Demo ids: policies by number, payment methods by user and last 4 (or label), billings. */
export async function demoIds(t: PolicyTestApp) {
  const { get } = requests(t);
  const policies: Record<string, number> = {};
  const methods: Record<string, number> = {};
  const billings: Record<string, number> = {};
  for (const user of [OWNER, PLAIN]) {
    for (const p of (await get('/policy?page_size=100', user)).json<
      Page<{ id: number; policy_number: string }>
    >().results) {
      policies[p.policy_number] = p.id;
      const b = await get(`/policy/${p.id}/billing`, user);
      if (b.statusCode === 200) billings[p.policy_number] = b.json<BillingBody>().id;
    }
    for (const m of (await get('/payment-method?page_size=100', user)).json<Page<MethodBody>>()
      .results) {
      const key = `${user === OWNER ? 'owner' : 'plain'}:${m.display_data.last4 ?? m.gateway}`;
      methods[key] = m.id;
    }
  }
  const id = (map: Record<string, number>, key: string) => {
    const found = map[key];
    if (found === undefined) throw new Error(`no demo id ${key}`);
    return found;
  };
  return {
    policy: (number: string) => id(policies, number),
    method: (key: string) => id(methods, key),
    billing: (number: string) => id(billings, number),
  };
}

/** Adds a billing to a policy fixture. */
export async function addBilling(
  t: PolicyTestApp,
  values: {
    policyId: number;
    status?: string;
    paymentMethodId?: number | null;
    frequency?: string;
  },
): Promise<number> {
  const [row] = await t.database.db
    .insert(billing)
    .values({
      policyId: values.policyId,
      frequency: values.frequency ?? 'annual',
      status: values.status ?? 'active',
      paymentMethodId: values.paymentMethodId ?? null,
      billingAnchorDate: '2025-01-01',
    })
    .returning({ id: billing.id });
  if (!row) throw new Error('billing not created');
  return row.id;
}
