// The typed platform client's payment, invoice and billing calls against the real server, route
// by route: each answer must pass the client's own schemas.
import { ApiError } from '@clinicpass/shared/api-client/client';
import type { PlatformClient } from '@clinicpass/shared/platform/client';
import { fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPolicyTestApp,
  OTHER,
  OWNER,
  platformClientFor,
  type PolicyTestApp,
} from './policy-support';

const NOW = new Date();
const YEAR = Number(hkToday(fixedClock(NOW)).slice(0, 4));

let t: PolicyTestApp;

function clientAs(user: string): PlatformClient {
  return platformClientFor(t, user);
}

let client: PlatformClient;
let other: PlatformClient;

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  client = clientAs(OWNER);
  other = clientAs(OTHER);
});
afterAll(async () => {
  await t.close();
});

async function refusal(call: Promise<unknown>): Promise<[number, string]> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return [error.status, error.code];
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('payment calls', () => {
  it('list, read, add and deactivate payment methods', async () => {
    const methods = await client.listPaymentMethods();
    expect(methods.pagination).toEqual({ start: 0, end: 3, total: 4 });
    const active = await client.listPaymentMethods({
      status: 'active',
      gateway_type: 'stripe-card',
    });
    expect(active.results.map((m) => m.display_data.last4)).toEqual(['4242', '4444']);
    const [visa] = active.results;
    if (!visa) throw new Error('no visa');
    expect((await client.getPaymentMethod(visa.id)).is_default).toBe(true);

    const added = await client.createPaymentMethod(
      { gateway: 'stripe-card', token: 'pm_card_unionpay' },
      { idempotencyKey: 'client-add' },
    );
    expect(added.display_data).toMatchObject({ brand: 'unionpay', last4: '0005' });
    const deactivated = await client.deactivatePaymentMethod(added.id, {
      idempotencyKey: 'client-deactivate',
    });
    expect(deactivated.status).toBe('inactive');
    expect(await refusal(client.deactivatePaymentMethod(visa.id))).toEqual([
      409,
      'payment_method_in_use',
    ]);
  });

  it('read, set and replace the default', async () => {
    expect((await client.getDefaultPaymentMethod())?.payment_method.display_data.last4).toBe(
      '4242',
    );
    expect(await other.getDefaultPaymentMethod()).toBeNull();
    const first = await other.createPaymentMethod({
      gateway: 'stripe-card',
      token: 'pm_card_visa',
    });
    const second = await other.createPaymentMethod({
      gateway: 'stripe-card',
      token: 'pm_card_mastercard',
    });
    expect(
      (await other.setDefaultPaymentMethod({ payment_method_id: first.id })).payment_method.id,
    ).toBe(first.id);
    expect(
      (await other.replaceDefaultPaymentMethod({ payment_method_id: second.id })).payment_method.id,
    ).toBe(second.id);
    expect(await refusal(other.setDefaultPaymentMethod({ payment_method_id: first.id }))).toEqual([
      409,
      'conflict',
    ]);
  });

  it('validate a card and create a setup intent', async () => {
    expect(
      await client.validateCard({
        card_number: '5555 5555 5555 4444',
        exp_month: 1,
        exp_year: YEAR + 2,
        cvc: '321',
      }),
    ).toEqual({ success: true });
    expect(
      await refusal(
        client.validateCard({
          card_number: '5555 5555 5555 4444',
          exp_month: 1,
          exp_year: YEAR - 1,
          cvc: '321',
        }),
      ),
    ).toEqual([400, 'expired_card']);
    expect((await client.createSetupIntent()).client_secret).toMatch(/^seti_/);
  });

  it('list and create profile mappings', async () => {
    const [mapping] = (await client.listPaymentMethodProfileMappings({ role: 'policyholder' }))
      .results;
    if (!mapping) throw new Error('no mapping');
    const created = await client.createPaymentMethodProfileMapping(
      { role: 'payor', payment_method_id: mapping.payment_method_id, profile: mapping.profile },
      { idempotencyKey: 'client-map' },
    );
    expect(created).toMatchObject({ role: 'payor', profile: mapping.profile });
    expect(
      (await client.listPaymentMethodProfileMappings({ profile_id: mapping.profile })).pagination
        .total,
    ).toBe(2);
  });
});

describe('invoice and billing calls', () => {
  it('list and read invoices, also per policy', async () => {
    const invoices = await client.listInvoices({
      status: ['open', 'partially-paid'],
      ordering: '-due_date',
      due_date__lte: `${YEAR + 1}-12-31`,
    });
    expect(invoices.results.map((i) => i.status).sort()).toEqual(['open', 'partially-paid']);
    const [first] = invoices.results;
    if (!first) throw new Error('no invoice');
    expect((await client.getInvoice(first.id)).id).toBe(first.id);
    const [policy] = (await client.listPolicies({ policy_number: first.policy_number })).results;
    if (!policy) throw new Error('no policy');
    const own = await client.listPolicyInvoices(policy.id);
    expect(own.pagination.total).toBe(5);
    expect(own.results.every((i) => i.billing === first.billing_id)).toBe(true);
  });

  it('list, read and change billings; move policies onto another method', async () => {
    const billings = await client.listBillings({ status: 'active' });
    expect(billings.pagination.total).toBe(2);
    const policies = (await client.listPolicies()).results;
    const [op1, op2] = policies;
    if (!op1 || !op2) throw new Error('no policies');
    const billing = await client.getPolicyBilling(op1.id);
    expect((await client.getBilling(billing.id)).frequency).toBe('monthly');
    expect((await client.updateBilling(billing.id, { frequency: 'quarterly' })).frequency).toBe(
      'quarterly',
    );
    const methods = (await client.listPaymentMethods({ status: 'active' })).results;
    const mastercard = methods.find((m) => m.display_data.last4 === '4444');
    const visa = methods.find((m) => m.display_data.last4 === '4242');
    if (!mastercard || !visa) throw new Error('no cards');
    const moved = await client.replacePaymentMethod(
      op1.id,
      { payment_method_id: mastercard.id },
      { idempotencyKey: 'client-replace' },
    );
    expect(moved.payment_method).toBe(mastercard.id);
    const batch = await client.batchApplyPaymentMethod(
      { payment_method_id: visa.id, policy_ids: [op1.id, op2.id] },
      { idempotencyKey: 'client-batch' },
    );
    expect(batch.results.map((b) => b.payment_method)).toEqual([visa.id, visa.id]);
    expect(
      await refusal(client.replacePaymentMethod(op1.id, { payment_method_id: 999999 })),
    ).toEqual([404, 'not_found']);
  });
});
