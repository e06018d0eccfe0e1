// Policy reads of the signed-in customer (issue 6, policies): list and filters, detail,
// coverage, coupons, documents, events, beneficiaries, and the authorisation matrix.
import { addDays, addMonths, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPolicy,
  buildPolicyTestApp,
  OTHER,
  OWNER,
  PLAIN,
  type PolicyTestApp,
} from './policy-support';

// The demo data is seeded relative to the day the tests run (demo.ts), so are these dates.
const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const OP1_ACTIVATION = addDays(TODAY, -400);
const OP1_RENEWED = addMonths(OP1_ACTIVATION, 12);

let t: PolicyTestApp;
const ids: Record<string, number> = {};

interface Page<Item> {
  results: Item[];
  pagination: { start: number; end: number; total: number };
}
interface PolicyBody {
  id: number;
  policy_number: string;
  status: string;
  user_id: string;
  product: { code: string; product_type: string };
  beneficiaries: { identity: { first_name: string }; allocation_percentage: number }[];
  [key: string]: unknown;
}

function as(user: string | null) {
  return user === null ? {} : { 'x-test-user': user };
}

async function get(url: string, user: string | null = OWNER): Promise<LightResponse> {
  return t.app.inject({ url: `/api/customer${url}`, headers: as(user) });
}

function fieldsOf(res: LightResponse): string[] {
  const body = res.json<{ code: string; details?: { issues: { path: string }[] } }>();
  expect(res.statusCode).toBe(400);
  expect(body.code).toBe('validation_error');
  return body.details?.issues.map((issue) => issue.path) ?? [];
}

async function numbers(url: string, user: string = OWNER): Promise<string[]> {
  const res = await get(url, user);
  expect(res.statusCode).toBe(200);
  return res.json<Page<PolicyBody>>().results.map((p) => p.policy_number);
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  await addPolicy(t, {
    owner: OWNER,
    number: 'OP1000090',
    productCode: 'OUTPATIENT-GO',
    storedStatus: 'lapsed',
    activationDate: '2023-01-10',
  });
  await addPolicy(t, {
    owner: OWNER,
    number: 'TL1000091',
    productCode: 'TERM-10',
    storedStatus: 'free-looking',
    activationDate: addDays(TODAY, -5),
    sumAssured: 1000000,
  });
  const list = await get('/policy?page_size=100');
  for (const p of list.json<Page<PolicyBody>>().results) ids[p.policy_number] = p.id;
  const plain = await get('/policy', PLAIN);
  for (const p of plain.json<Page<PolicyBody>>().results) ids[p.policy_number] = p.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /policy', () => {
  it('lists only the caller’s policies, with the spec’s status spelling and Content-Range', async () => {
    const res = await get('/policy');
    expect(res.statusCode).toBe(200);
    const body = res.json<Page<PolicyBody>>();
    expect(body.results.map((p) => [p.policy_number, p.status])).toEqual([
      ['OP1000001', 'in-force'],
      ['OP1000002', 'in-force'],
      ['OP1000090', 'lapsed'],
      ['TL1000091', 'free-looking'],
    ]);
    expect(new Set(body.results.map((p) => p.user_id))).toEqual(new Set([await t.userId(OWNER)]));
    expect(res.headers['content-range']).toBe('items 0-3/4');
    expect(await numbers('/policy', PLAIN)).toEqual(['VH1000003']);
    expect(await numbers('/policy', OTHER)).toEqual([]);
  });

  it('names the product in English (the spec’s fields) and in Chinese beside them', async () => {
    const [vhis] = (await get('/policy', PLAIN)).json<Page<PolicyBody>>().results;
    expect(vhis?.product).toMatchObject({
      code: 'VHIS-FLEXI',
      full_name: 'ClinicPass VHIS Flexi Plan',
      short_name: 'VHIS Flexi',
      full_name_zh: 'ClinicPass 自願醫保靈活計劃',
      short_name_zh: '自願醫保靈活計劃',
    });
  });

  it('answers a guest 401 unauthenticated', async () => {
    const res = await get('/policy', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('filters by status (one or several)', async () => {
    expect(await numbers('/policy?status=in-force')).toEqual(['OP1000001', 'OP1000002']);
    expect(await numbers('/policy?status=lapsed,free-looking')).toEqual(['OP1000090', 'TL1000091']);
    expect(await numbers('/policy?status=terminated')).toEqual([]);
    expect(fieldsOf(await get('/policy?status=in_force'))).toContain('querystring.status');
  });

  it('filters by product type, product code and policy number', async () => {
    expect(await numbers('/policy?product_type=term')).toEqual(['TL1000091']);
    expect(await numbers('/policy?product_code=OUTPATIENT-GO')).toEqual([
      'OP1000001',
      'OP1000002',
      'OP1000090',
    ]);
    expect(await numbers('/policy?policy_number=OP1000002')).toEqual(['OP1000002']);
    // Another customer's number is simply not among the caller's policies.
    expect(await numbers('/policy?policy_number=VH1000003')).toEqual([]);
    expect(fieldsOf(await get('/policy?policy_number=OP%201'))).toContain(
      'querystring.policy_number',
    );
  });

  it('filters by profile id (a party of the policy) and payment gateway type', async () => {
    const detail = (await get(`/policy/${ids.OP1000002}`)).json<{ policyholder: { id: number } }>();
    expect(await numbers(`/policy?profile_id=${detail.policyholder.id}`)).toEqual(['OP1000002']);
    // Both of the owner's policies are billed to their default card; no billing uses FPS.
    expect(await numbers('/policy?payment_gateway_type=stripe-card')).toEqual([
      'OP1000001',
      'OP1000002',
    ]);
    expect(await numbers('/policy?payment_gateway_type=fps')).toEqual([]);
    const billingOf = (await get(`/policy/${ids.OP1000002}/billing`)).json<{ id: number }>();
    expect((await get(`/policy/${ids.OP1000002}`)).json<{ billing_id: number }>().billing_id).toBe(
      billingOf.id,
    );
    expect(fieldsOf(await get('/policy?payment_gateway_type=cash'))).toContain(
      'querystring.payment_gateway_type',
    );
    expect(fieldsOf(await get('/policy?profile_id=0'))).toContain('querystring.profile_id');
  });

  it('pages with Content-Range', async () => {
    const res = await get('/policy?page=2&page_size=3');
    expect(res.json<Page<PolicyBody>>().results.map((p) => p.policy_number)).toEqual(['TL1000091']);
    expect(res.json<Page<PolicyBody>>().pagination).toEqual({ start: 3, end: 3, total: 4 });
    expect(res.headers['content-range']).toBe('items 3-3/4');
    const past = await get('/policy?page=5&page_size=3');
    expect(past.headers['content-range']).toBe('items */4');
    expect(fieldsOf(await get('/policy?page_size=101'))).toContain('querystring.page_size');
  });
});

describe('GET /policy/{id}', () => {
  it('answers the detail: cash balance, schedule, sum assured, renewal date, intentions', async () => {
    const res = await get(`/policy/${ids.OP1000001}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PolicyBody>();
    expect(body).toMatchObject({
      policy_number: 'OP1000001',
      status: 'in-force',
      is_effective: true,
      outpatient_cash_balance: 350,
      sum_assured: null,
      intentions: { renewal: 'undecided' },
      effective_date: OP1_ACTIVATION,
      renewal_date: addMonths(OP1_ACTIVATION, 24),
      policyholder: { identity: { last_name: 'Chan', chinese_last_name: '陳' } },
    });
    expect(body.policy_schedule).toContainEqual(
      expect.objectContaining({ benefit: 'general-practitioner', limit: 24, unit: 'visit' }),
    );
    expect(JSON.stringify(body)).not.toMatch(/A123456|hkid/i);
    const op2 = (await get(`/policy/${ids.OP1000002}`)).json<PolicyBody>();
    expect(op2).toMatchObject({ intentions: { renewal: 'renew' }, outpatient_cash_balance: 0 });
  });

  it('gives a term policy its sum assured, expiry and no cash balance', async () => {
    const body = (await get(`/policy/${ids.TL1000091}`)).json<PolicyBody>();
    expect(body).toMatchObject({
      status: 'free-looking',
      sum_assured: 1000000,
      renewal_date: null,
      expiry_date: addDays(`${Number(TODAY.slice(0, 4)) + 10}${addDays(TODAY, -5).slice(4)}`, -1),
    });
    expect(Object.keys(body).filter((key) => key.endsWith('_cash_balance'))).toEqual([]);
    expect(body.policy_schedule).toContainEqual(
      expect.objectContaining({ benefit: 'death-benefit', limit: 1000000 }),
    );
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await get('/policy/999999')).statusCode).toBe(404);
    expect(fieldsOf(await get('/policy/OP1000001'))).toContain('params.id');
  });
});

describe('coverage, coupons, documents', () => {
  it('answers the total sum assured (the annual limit of a medical plan)', async () => {
    expect((await get(`/policy/${ids.OP1000001}/coverage`)).json()).toEqual({
      total_sum_assured: 12000,
    });
    expect((await get(`/policy/${ids.TL1000091}/coverage`)).json()).toEqual({
      total_sum_assured: 1000000,
    });
  });

  it('lists the coupons of a policy with Content-Range', async () => {
    const res = await get(`/policy/${ids.OP1000001}/coupon`);
    const body =
      res.json<Page<{ coupon: { code: string; status: string; reward_type: string } }>>();
    expect(body.results.map((c) => [c.coupon.code, c.coupon.reward_type, c.coupon.status])).toEqual(
      [
        ['WELCOME1M', 'MF', 'expired'],
        ['LOYAL10', 'PO', 'active'],
      ],
    );
    expect(res.headers['content-range']).toBe('items 0-1/2');
    expect((await get(`/policy/${ids.OP1000002}/coupon`)).json<Page<unknown>>().results).toEqual(
      [],
    );
  });

  it('lists the product documents in force for the policy’s purchase date', async () => {
    const types = async (id: number | undefined) =>
      (await get(`/policy/${id}/product-document`))
        .json<Page<{ type: string; expiry_date: string | null }>>()
        .results.map((d) => d.type);
    // The 2025 endorsement applies to policies bought in 2025; the 2023 brochure has expired.
    expect(await types(ids.OP1000001)).toEqual(
      OP1_ACTIVATION.startsWith('2025')
        ? ['provision', 'claim-form', 'endorsement']
        : ['provision', 'claim-form'],
    );
    expect(await types(ids.OP1000002)).toEqual(['provision', 'claim-form']);
  });
});

describe('GET /policy-event', () => {
  it('lists the caller’s events, newest first, filtered by number, type and date', async () => {
    const all = (await get('/policy-event')).json<Page<{ event_type: string; payload: object }>>();
    expect(all.results.map((e) => e.event_type)).toEqual([
      'billing-frequency-changed',
      'policy-issued',
      'policy-renewed',
      'renewal-notice-issued',
      'policy-issued',
    ]);
    const op1 = (await get('/policy-event?policy_number=OP1000001')).json<Page<unknown>>();
    expect(op1.pagination.total).toBe(3);
    const renewed = (await get('/policy-event?event_type=policy-renewed')).json<
      Page<{ payload: { policy_number: string } }>
    >();
    expect(renewed.results.map((e) => e.payload.policy_number)).toEqual(['OP1000001']);
    const since = (await get(`/policy-event?create_date__gte=${OP1_RENEWED}`)).json<
      Page<unknown>
    >();
    expect(since.pagination.total).toBe(3);
    const exact = (await get(`/policy-event?create_date=${OP1_ACTIVATION}`)).json<Page<unknown>>();
    expect(exact.pagination.total).toBe(1);
    const before = (await get(`/policy-event?create_date__lt=${OP1_ACTIVATION}`)).json<
      Page<unknown>
    >();
    expect(before.pagination.total).toBe(0);
    expect(
      (await get('/policy-event?policy_number=VH1000003')).json<Page<unknown>>().results,
    ).toEqual([]);
    expect(fieldsOf(await get('/policy-event?create_date__gt=2026-13-01'))).toContain(
      'querystring.create_date__gt',
    );
  });

  it('pages with Content-Range', async () => {
    const res = await get('/policy-event?page=2&page_size=2');
    expect(res.headers['content-range']).toBe('items 2-3/5');
  });
});

describe('POST /policy/{id}/beneficiaries', () => {
  const beneficiaries = [
    {
      identity: {
        first_name: 'Mei',
        last_name: 'Ho',
        chinese_first_name: '美',
        chinese_last_name: '何',
      },
      relationship_to_insured_life: 'child',
      allocation_percentage: 60,
    },
    {
      identity: { first_name: 'Kin', last_name: 'Ho' },
      relationship_to_insured_life: 'spouse',
      allocation_percentage: 40,
    },
  ];

  it('replaces the beneficiaries of an active policy', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customer/policy/${ids.TL1000091}/beneficiaries`,
      headers: as(OWNER),
      payload: { beneficiaries },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<PolicyBody>();
    expect(body.beneficiaries.map((b) => [b.identity.first_name, b.allocation_percentage])).toEqual(
      [
        ['Mei', 60],
        ['Kin', 40],
      ],
    );
    const list = (await get('/policy?policy_number=TL1000091')).json<Page<PolicyBody>>();
    expect(list.results[0]?.beneficiaries).toHaveLength(2);
  });

  it('refuses percentages that do not add up to 100, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customer/policy/${ids.TL1000091}/beneficiaries`,
      headers: as(OWNER),
      payload: { beneficiaries: [{ ...beneficiaries[0], allocation_percentage: 90 }] },
    });
    expect(fieldsOf(res)).toContain('body.beneficiaries');
  });

  it('refuses a lapsed policy with 409 invalid_state_transition', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customer/policy/${ids.OP1000090}/beneficiaries`,
      headers: as(OWNER),
      payload: { beneficiaries },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'invalid_state_transition' });
    const detail = (await get(`/policy/${ids.OP1000090}`)).json<PolicyBody>();
    expect(detail.beneficiaries).toEqual([]);
  });
});
