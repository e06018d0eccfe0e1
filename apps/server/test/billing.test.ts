// Billing and invoices of the signed-in customer (issue 6): lists and every filter, details, the
// billing change, moving policies onto another payment method (one or a batch, idempotent),
// and the authorisation matrix.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../src/db/billing-schema';
import { policyTerms } from '../src/db/platform-schema';
import {
  addBilling,
  demoIds,
  expectNotFound,
  fieldsOf,
  requests,
  type BillingBody,
  type ErrorBody,
  type InvoiceBody,
  type Page,
} from './billing-support';
import { addPolicy, buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

let t: PolicyTestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let get: ReturnType<typeof requests>['get'];
let send: ReturnType<typeof requests>['send'];
/** Fixtures: a lapsed policy with a billing, a policy without one, a canceled billing. */
const fixture = { lapsed: 0, lapsedBilling: 0, bare: 0, canceled: 0, canceledBilling: 0 };

beforeAll(async () => {
  t = await buildPolicyTestApp();
  ({ get, send } = requests(t));
  ids = await demoIds(t);
  fixture.lapsed = await addPolicy(t, {
    owner: OWNER,
    number: 'OP1000080',
    productCode: 'OUTPATIENT-GO',
    storedStatus: 'lapsed',
    activationDate: '2024-01-10',
  });
  fixture.lapsedBilling = await addBilling(t, {
    policyId: fixture.lapsed,
    status: 'suspended',
    paymentMethodId: ids.method('owner:4242'),
  });
  fixture.bare = await addPolicy(t, {
    owner: OWNER,
    number: 'OP1000081',
    productCode: 'OUTPATIENT-GO',
    storedStatus: 'in-force',
    activationDate: '2025-01-10',
  });
  fixture.canceled = await addPolicy(t, {
    owner: OWNER,
    number: 'VH1000082',
    productCode: 'VHIS-FLEXI',
    storedStatus: 'in-force',
    activationDate: '2025-02-10',
  });
  fixture.canceledBilling = await addBilling(t, {
    policyId: fixture.canceled,
    status: 'canceled',
    frequency: 'semi-annual',
  });
});
afterAll(async () => {
  await t.close();
});

async function billingOf(id: number, user = OWNER): Promise<BillingBody> {
  const res = await get(`/billing/${id}`, user);
  expect(res.statusCode).toBe(200);
  return res.json<BillingBody>();
}

describe('GET /billing', () => {
  const policiesOf = async (query: string, user = OWNER) => {
    const res = await get(`/billing${query}`, user);
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      Object.entries({
        OP1000001: ids.billing('OP1000001'),
        OP1000002: ids.billing('OP1000002'),
        VH1000003: ids.billing('VH1000003'),
        OP1000080: fixture.lapsedBilling,
        VH1000082: fixture.canceledBilling,
      }).map(([number, id]) => [id, number]),
    );
    return res.json<Page<BillingBody>>().results.map((b) => byId.get(b.id));
  };

  it("lists the billings of the caller's policies with a Content-Range, and pages", async () => {
    expect(await policiesOf('')).toEqual(['OP1000001', 'OP1000002', 'OP1000080', 'VH1000082']);
    expect(await policiesOf('', PLAIN)).toEqual(['VH1000003']);
    const res = await get('/billing?page=2&page_size=3');
    expect(res.headers['content-range']).toBe('items 3-3/4');
    expect(fieldsOf(await get('/billing?page_size=0'))).toEqual(['querystring.page_size']);
  });

  it('filters by status, frequency, policy number, group policy number and payment method', async () => {
    expect(await policiesOf('?status=active')).toEqual(['OP1000001', 'OP1000002']);
    expect(await policiesOf('?status=canceled')).toEqual(['VH1000082']);
    expect(await policiesOf('?frequency=quarterly')).toEqual(['OP1000002']);
    expect(await policiesOf('?policy_number=OP1000001')).toEqual(['OP1000001']);
    expect(await policiesOf('?policy_number=VH1000003')).toEqual([]);
    expect(await policiesOf(`?payment_method_id=${ids.method('owner:4242')}`)).toEqual([
      'OP1000001',
      'OP1000080',
    ]);
    expect(await policiesOf(`?payment_method_id=${ids.method('plain:1881')}`)).toEqual([]);
    await t.database.db
      .update(policyTerms)
      .set({ groupPolicyNumber: 'GP2000001' })
      .where(eq(policyTerms.policyId, ids.policy('OP1000002')));
    expect(await policiesOf('?group_policy_number=GP2000001')).toEqual(['OP1000002']);
    expect(await policiesOf('?group_policy_number=GP2000001', PLAIN)).toEqual([]);
    expect(fieldsOf(await get('/billing?status=late'))).toEqual(['querystring.status']);
    expect(fieldsOf(await get('/billing?frequency=weekly'))).toEqual(['querystring.frequency']);
    expect(fieldsOf(await get('/billing?payment_method_id=one'))).toEqual([
      'querystring.payment_method_id',
    ]);
    expect(fieldsOf(await get('/billing?policy_number=OP 1'))).toEqual([
      'querystring.policy_number',
    ]);
  });
});

describe('GET /billing/{id} and /policy/{id}/billing', () => {
  it("answers the billing of one of the caller's policies", async () => {
    const billing = await billingOf(ids.billing('OP1000001'));
    expect(billing).toMatchObject({
      frequency: 'monthly',
      status: 'active',
      payment_method: ids.method('owner:4242'),
      currency: 'HKD',
    });
    const byPolicy = await get(`/policy/${ids.policy('OP1000001')}/billing`);
    expect(byPolicy.json()).toEqual(billing);
  });

  it('answers 404 for a policy without a billing, and 400 for a bad id', async () => {
    expectNotFound(await get(`/policy/${fixture.bare}/billing`));
    expect(fieldsOf(await get('/billing/0'))).toEqual(['params.id']);
    expect(fieldsOf(await get('/policy/x/billing'))).toEqual(['params.id']);
  });
});

describe('PATCH /billing/{id}', () => {
  it('changes the frequency, and the policy terms with it', async () => {
    const id = ids.billing('OP1000002');
    const res = await send('PATCH', `/billing/${id}`, { frequency: 'semi-annual' });
    expect(res.statusCode).toBe(200);
    expect(res.json<BillingBody>().frequency).toBe('semi-annual');
    const [terms] = await t.database.db
      .select({ frequency: policyTerms.frequency })
      .from(policyTerms)
      .where(eq(policyTerms.policyId, ids.policy('OP1000002')));
    expect(terms?.frequency).toBe('semi-annual');
    await send('PATCH', `/billing/${id}`, { frequency: 'quarterly' });
    expect((await billingOf(id)).frequency).toBe('quarterly');
  });

  it('changes the payment method to an active, verified one of the caller', async () => {
    const id = ids.billing('OP1000001');
    const res = await send('PATCH', `/billing/${id}`, {
      payment_method: ids.method('owner:4444'),
      frequency: 'annual',
    });
    expect(res.json<BillingBody>()).toMatchObject({
      payment_method: ids.method('owner:4444'),
      frequency: 'annual',
    });
    await send('PATCH', `/billing/${id}`, {
      payment_method: ids.method('owner:4242'),
      frequency: 'monthly',
    });
    expect(await billingOf(id)).toMatchObject({
      payment_method: ids.method('owner:4242'),
      frequency: 'monthly',
    });
  });

  it('refuses bad values naming the field, and changes nothing', async () => {
    const id = ids.billing('OP1000001');
    const before = await billingOf(id);
    // Another customer's method answers like a missing one: 404, nothing of theirs.
    const theirs = await send('PATCH', `/billing/${id}`, {
      payment_method: ids.method('plain:1881'),
    });
    expectNotFound(theirs, ['1881', 'plain']);
    const missing = await send('PATCH', `/billing/${id}`, { payment_method: 999999 });
    expectNotFound(missing);
    expect(missing.json<ErrorBody>().message).toBe(
      theirs.json<ErrorBody>().message.replace(String(ids.method('plain:1881')), '999999'),
    );
    expect(fieldsOf(await send('PATCH', `/billing/${id}`, { frequency: 'weekly' }))).toEqual([
      'body.frequency',
    ]);
    expect(fieldsOf(await send('PATCH', `/billing/${id}`, { payment_method: 'visa' }))).toEqual([
      'body.payment_method',
    ]);
    expect((await send('PATCH', `/billing/${id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', `/billing/${id}`, { status: 'canceled' })).statusCode).toBe(400);
    for (const unusable of [ids.method('owner:8431'), ids.method('owner:fps')]) {
      const res = await send('PATCH', `/billing/${id}`, {
        payment_method: unusable,
        frequency: 'annual',
      });
      expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([
        409,
        'payment_method_not_usable',
      ]);
    }
    expect(await billingOf(id)).toEqual(before);
  });

  it('refuses a canceled billing or an inactive policy (409, nothing changed)', async () => {
    for (const id of [fixture.canceledBilling, fixture.lapsedBilling]) {
      const before = await billingOf(id);
      const res = await send('PATCH', `/billing/${id}`, { frequency: 'monthly' });
      expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([
        409,
        'invalid_state_transition',
      ]);
      expect(await billingOf(id)).toEqual(before);
    }
  });
});

describe('POST /policy/{id}/replace-payment-method', () => {
  const replace = (policyId: number, methodId: number, key?: string, user = OWNER) =>
    send(
      'POST',
      `/policy/${policyId}/replace-payment-method`,
      { payment_method_id: methodId },
      user,
      key === undefined ? {} : { 'idempotency-key': key },
    );

  it('moves the billing to the method, once per Idempotency-Key', async () => {
    const policy = ids.policy('OP1000002');
    const res = await replace(policy, ids.method('owner:4242'), 'replace-1');
    expect(res.statusCode).toBe(200);
    expect(res.json<BillingBody>()).toMatchObject({
      id: ids.billing('OP1000002'),
      payment_method: ids.method('owner:4242'),
    });
    const replay = await replace(policy, ids.method('owner:4242'), 'replace-1');
    expect([replay.statusCode, replay.json()]).toEqual([200, res.json()]);
    const other = await replace(policy, ids.method('owner:4444'), 'replace-1');
    expect([other.statusCode, other.json<ErrorBody>().code]).toEqual([
      422,
      'idempotency_key_reused',
    ]);
    expect((await billingOf(ids.billing('OP1000002'))).payment_method).toBe(
      ids.method('owner:4242'),
    );
    expect((await replace(policy, ids.method('owner:4444'))).statusCode).toBe(200);
  });

  it('takes only an active, verified method of the caller (nothing changed)', async () => {
    const policy = ids.policy('OP1000001');
    const before = await billingOf(ids.billing('OP1000001'));
    expectNotFound(await replace(policy, ids.method('plain:1881')), ['1881']);
    for (const unusable of [ids.method('owner:8431'), ids.method('owner:fps')]) {
      const res = await replace(policy, unusable);
      expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([
        409,
        'payment_method_not_usable',
      ]);
    }
    expect(fieldsOf(await send('POST', `/policy/${policy}/replace-payment-method`, {}))).toEqual([
      'body.payment_method_id',
    ]);
    expect(await billingOf(ids.billing('OP1000001'))).toEqual(before);
  });

  it('refuses an inactive policy, a canceled billing or no billing with 409', async () => {
    for (const policy of [fixture.lapsed, fixture.canceled, fixture.bare]) {
      const res = await replace(policy, ids.method('owner:4444'));
      expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([
        409,
        'invalid_state_transition',
      ]);
    }
    expect((await billingOf(fixture.lapsedBilling)).payment_method).toBe(ids.method('owner:4242'));
  });
});

describe('a move and a deactivation at once', () => {
  it('never leaves a billing paid by an inactive method', async () => {
    const policy = ids.policy('OP1000002');
    for (const token of ['pm_card_amex', 'pm_card_jcb', 'pm_card_unionpay']) {
      const card = (await send('POST', '/payment-method', { gateway: 'stripe-card', token })).json<{
        id: number;
      }>();
      const [moved, deactivated] = await Promise.all([
        send('POST', `/policy/${policy}/replace-payment-method`, { payment_method_id: card.id }),
        send('POST', `/payment-method/${card.id}/deactivate`, {}),
      ]);
      // One of the two wins; the other is refused.
      expect([moved.statusCode, deactivated.statusCode].sort()).toEqual([200, 409]);
      const status = (await get(`/payment-method/${card.id}`)).json<{ status: string }>().status;
      const paidBy = (await billingOf(ids.billing('OP1000002'))).payment_method;
      expect(paidBy === card.id && status === 'inactive').toBe(false);
    }
    await send('POST', `/policy/${policy}/replace-payment-method`, {
      payment_method_id: ids.method('owner:4444'),
    });
  });
});

describe('POST /policy/batch-apply-payment-method', () => {
  const batch = (policyIds: number[], methodId: number, key?: string, user = OWNER) =>
    send(
      'POST',
      '/policy/batch-apply-payment-method',
      { payment_method_id: methodId, policy_ids: policyIds },
      user,
      key === undefined ? {} : { 'idempotency-key': key },
    );
  const methodsOf = async () => [
    (await billingOf(ids.billing('OP1000001'))).payment_method,
    (await billingOf(ids.billing('OP1000002'))).payment_method,
  ];

  it('moves every billing, or none', async () => {
    const op1 = ids.policy('OP1000001');
    const op2 = ids.policy('OP1000002');
    const mastercard = ids.method('owner:4444');
    const before = await methodsOf();
    const withLapsed = await batch([op1, op2, fixture.lapsed], mastercard);
    expect([withLapsed.statusCode, withLapsed.json<ErrorBody>().code]).toEqual([
      409,
      'invalid_state_transition',
    ]);
    expect(await methodsOf()).toEqual(before);
    expectNotFound(await batch([op1, ids.policy('VH1000003')], mastercard), ['VH1000003']);
    expect(await methodsOf()).toEqual(before);
    expect((await batch([op1, op2], ids.method('owner:fps'))).statusCode).toBe(409);
    expectNotFound(await batch([op1], ids.method('plain:1881')), ['1881']);
    expect(await methodsOf()).toEqual(before);

    const res = await batch([op1, op2, op1], mastercard, 'batch-1');
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: BillingBody[] }>();
    expect(results.map((b) => [b.id, b.payment_method])).toEqual([
      [ids.billing('OP1000001'), mastercard],
      [ids.billing('OP1000002'), mastercard],
    ]);
    expect(await methodsOf()).toEqual([mastercard, mastercard]);
    const replay = await batch([op1, op2, op1], mastercard, 'batch-1');
    expect(replay.json()).toEqual(res.json());
    expect((await batch([op1], mastercard, 'batch-1')).statusCode).toBe(422);
    await batch([op1], ids.method('owner:4242'));
  });

  it('refuses bad input naming the field', async () => {
    expect(fieldsOf(await batch([], ids.method('owner:4242')))).toEqual(['body.policy_ids']);
    expect(
      fieldsOf(
        await send('POST', '/policy/batch-apply-payment-method', {
          payment_method_id: 1,
          policy_ids: ['x'],
        }),
      ),
    ).toEqual(['body.policy_ids.0']);
  });
});

describe('GET /invoice', () => {
  const all = async (user = OWNER) =>
    (await get('/invoice?page_size=100', user)).json<Page<InvoiceBody>>().results;
  const idsOf = async (query: string, user = OWNER) => {
    const res = await get(`/invoice?page_size=100&${query}`, user);
    expect(res.statusCode).toBe(200);
    return res
      .json<Page<InvoiceBody>>()
      .results.map((i) => i.id)
      .sort((a, b) => a - b);
  };
  const sorted = (list: InvoiceBody[]) => list.map((i) => i.id).sort((a, b) => a - b);

  it("lists the caller's invoices in every status, newest due date first", async () => {
    const invoices = await all();
    expect(invoices).toHaveLength(6);
    expect(new Set(invoices.map((i) => i.status))).toEqual(
      new Set(['open', 'paid', 'partially-paid', 'void']),
    );
    const dues = invoices.map((i) => i.due_date);
    expect(dues).toEqual([...dues].sort().reverse());
    const plain = await all(PLAIN);
    expect(new Set(plain.map((i) => i.status))).toEqual(
      new Set(['open', 'paid', 'partially-paid', 'void']),
    );
    expect(plain.every((i) => i.policy_number === 'VH1000003')).toBe(true);
    const partial = invoices.find((i) => i.status === 'partially-paid');
    expect(partial?.outstanding_amount).toBeGreaterThan(0);
    expect(partial?.outstanding_amount).toBeLessThan(partial?.total_amount ?? 0);
  });

  it('pages with a Content-Range', async () => {
    const res = await get('/invoice?page=2&page_size=4');
    expect(res.headers['content-range']).toBe('items 4-5/6');
    expect(res.json<Page<InvoiceBody>>().results).toHaveLength(2);
  });

  it('orders by the named fields', async () => {
    const order = async (ordering: string) =>
      (await get(`/invoice?ordering=${ordering}`)).json<Page<InvoiceBody>>().results;
    const ascending = await order('due_date');
    expect(ascending.map((i) => i.due_date)).toEqual(ascending.map((i) => i.due_date).sort());
    const byTotal = await order('-total_amount,due_date');
    const totals = byTotal.map((i) => i.total_amount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(fieldsOf(await get('/invoice?ordering=secret'))).toEqual(['querystring.ordering']);
  });

  it('filters by status, type, policy number, group policy number and companies', async () => {
    const invoices = await all();
    const where = (test: (i: InvoiceBody) => boolean) => sorted(invoices.filter(test));
    expect(await idsOf('status=open,void')).toEqual(
      where((i) => i.status === 'open' || i.status === 'void'),
    );
    expect(await idsOf('status=partially-paid')).toHaveLength(1);
    expect(await idsOf('invoice_type=adjustment')).toEqual(
      where((i) => i.invoice_type === 'adjustment'),
    );
    expect(await idsOf('policy_number=OP1000002')).toEqual(
      where((i) => i.policy_number === 'OP1000002'),
    );
    expect(await idsOf('policy_number=VH1000003')).toEqual([]);
    const first = invoices[0];
    if (!first) throw new Error('no invoice');
    await t.database.db
      .update(invoice)
      .set({ groupPolicyNumber: 'GP3000001' })
      .where(eq(invoice.id, first.id));
    expect(await idsOf('group_policy_number=GP3000001')).toEqual([first.id]);
    expect(await idsOf('company=clinicpass-insurance')).toEqual(sorted(invoices));
    expect(await idsOf('company=ClinicPass Insurance Limited')).toEqual(sorted(invoices));
    expect(await idsOf('company=harbour-trading')).toEqual([]);
    const plain = await all(PLAIN);
    const employerPaid = plain.filter((i) => i.billing_company !== null);
    expect(employerPaid.map((i) => i.billing_company?.name_en)).toEqual([
      'Harbour Trading Limited',
    ]);
    expect(await idsOf('billing_company=harbour-trading', PLAIN)).toEqual(sorted(employerPaid));
    expect(
      await idsOf(`billing_company_id=${employerPaid[0]?.billing_company?.id ?? 0}`, PLAIN),
    ).toEqual(sorted(employerPaid));
    expect(await idsOf('billing_company=harbour-trading')).toEqual([]);
    expect(fieldsOf(await get('/invoice?status=overdue'))).toEqual(['querystring.status']);
    expect(fieldsOf(await get('/invoice?invoice_type=monthly'))).toEqual([
      'querystring.invoice_type',
    ]);
    expect(fieldsOf(await get('/invoice?billing_company_id=-3'))).toEqual([
      'querystring.billing_company_id',
    ]);
  });

  it('filters by each date and its __gt, __gte, __lt and __lte variants', async () => {
    const invoices = [...(await all()), ...(await all(PLAIN))];
    for (const field of ['coverage_start_date', 'coverage_end_date', 'due_date'] as const) {
      const pivot = invoices[2]?.[field];
      if (pivot === undefined) throw new Error('no pivot');
      const checks: [string, (value: string) => boolean][] = [
        ['', (v) => v === pivot],
        ['__gt', (v) => v > pivot],
        ['__gte', (v) => v >= pivot],
        ['__lt', (v) => v < pivot],
        ['__lte', (v) => v <= pivot],
      ];
      for (const [suffix, test] of checks) {
        for (const user of [OWNER, PLAIN]) {
          const mine = invoices.filter(
            (i) => (user === PLAIN) === (i.policy_number === 'VH1000003'),
          );
          expect(await idsOf(`${field}${suffix}=${pivot}`, user), `${field}${suffix}`).toEqual(
            sorted(mine.filter((i) => test(i[field]))),
          );
        }
      }
      expect(fieldsOf(await get(`/invoice?${field}__gte=2026-02-30`))).toEqual([
        `querystring.${field}__gte`,
      ]);
    }
    const [some] = invoices;
    expect(
      await idsOf(`due_date__gte=${some?.due_date ?? ''}&due_date__lte=${some?.due_date ?? ''}`),
    ).toEqual(sorted((await all()).filter((i) => i.due_date === some?.due_date)));
  });
});

describe('GET /invoice/{id} and /policy/{id}/invoices', () => {
  it('answers one invoice of the caller', async () => {
    const [first] = (await get('/invoice')).json<Page<InvoiceBody>>().results;
    if (!first) throw new Error('no invoice');
    const res = await get(`/invoice/${first.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, first]);
    expectNotFound(await get('/invoice/999999'));
  });

  it("lists a policy's invoices as page 1 of 100, with billing and user", async () => {
    const res = await get(`/policy/${ids.policy('OP1000001')}/invoices`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-4/5');
    const list = res.json<Page<InvoiceBody & { billing: number; user_id: string }>>().results;
    expect(list.every((i) => i.billing === ids.billing('OP1000001'))).toBe(true);
    expect(list.every((i) => i.user_id === list[0]?.user_id)).toBe(true);
    expect(list[0]?.user_id).toBe(await t.userId(OWNER));
    const second = await get(`/policy/${ids.policy('OP1000001')}/invoices?page=2&page_size=3`);
    expect(second.headers['content-range']).toBe('items 3-4/5');
    expect(
      fieldsOf(await get(`/policy/${ids.policy('OP1000001')}/invoices?page_size=101`)),
    ).toEqual(['querystring.page_size']);
    const none = await get(`/policy/${fixture.bare}/invoices`);
    expect(none.json<Page<InvoiceBody>>().results).toEqual([]);
  });
});

describe('authorisation', () => {
  it("answers 404 with none of their data for another customer's ids, changing nothing", async () => {
    const vh3 = ids.policy('VH1000003');
    const theirBilling = ids.billing('VH1000003');
    const [theirInvoice] = (await get('/invoice', PLAIN)).json<Page<InvoiceBody>>().results;
    if (!theirInvoice) throw new Error('no invoice of plain');
    const before = await billingOf(theirBilling, PLAIN);
    const secrets = ['VH1000003', String(theirInvoice.total_amount)];
    expectNotFound(await get(`/billing/${theirBilling}`), secrets);
    expectNotFound(
      await send('PATCH', `/billing/${theirBilling}`, { frequency: 'monthly' }),
      secrets,
    );
    expectNotFound(await get(`/invoice/${theirInvoice.id}`), secrets);
    expectNotFound(await get(`/policy/${vh3}/billing`), secrets);
    expectNotFound(await get(`/policy/${vh3}/invoices`), secrets);
    expectNotFound(
      await send('POST', `/policy/${vh3}/replace-payment-method`, {
        payment_method_id: ids.method('owner:4242'),
      }),
      secrets,
    );
    expectNotFound(
      await send('POST', '/policy/batch-apply-payment-method', {
        payment_method_id: ids.method('owner:4242'),
        policy_ids: [vh3],
      }),
      secrets,
    );
    expect(await billingOf(theirBilling, PLAIN)).toEqual(before);
    expectNotFound(await get(`/billing/${ids.billing('OP1000001')}`, PLAIN), ['OP1000001']);
  });

  it('answers 401 to a guest on every route', async () => {
    const id = ids.billing('OP1000001');
    const policy = ids.policy('OP1000001');
    for (const [method, url] of [
      ['GET', '/billing'],
      ['GET', `/billing/${id}`],
      ['PATCH', `/billing/${id}`],
      ['GET', '/invoice'],
      ['GET', '/invoice/1'],
      ['GET', `/policy/${policy}/billing`],
      ['GET', `/policy/${policy}/invoices`],
      ['POST', `/policy/${policy}/replace-payment-method`],
      ['POST', '/policy/batch-apply-payment-method'],
    ] as const) {
      const res = method === 'GET' ? await get(url, null) : await send(method, url, {}, null);
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every billing and invoice route', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: Record<string, string[]> = {
      '/api/customer/billing': ['get'],
      '/api/customer/billing/{id}': ['get', 'patch'],
      '/api/customer/invoice': ['get'],
      '/api/customer/invoice/{id}': ['get'],
      '/api/customer/policy/{id}/billing': ['get'],
      '/api/customer/policy/{id}/invoices': ['get'],
      '/api/customer/policy/{id}/replace-payment-method': ['post'],
      '/api/customer/policy/batch-apply-payment-method': ['post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      for (const m of methods) expect(doc.paths[path]?.[m], `${m} ${path}`).toBeDefined();
    }
  });
});
