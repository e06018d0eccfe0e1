// Premium projections, termination, retention selling, idempotent replays and the
// authorisation matrix of every policy route taking an id (issue 6).
import { addDays, addMonths, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPolicy, buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
/** A birth date making the insured `age` years and `days` days old today. */
const bornAgo = (age: number, days: number) => addDays(addMonths(TODAY, -12 * age), -days);

let t: PolicyTestApp;
const ids: Record<string, number> = {};

interface Year {
  policy_year: number;
  start_date: string;
  attained_age: number;
  gross_premium: number;
  discount: number;
  levy: number;
  net_premium: number;
}
interface Projection {
  policy: string;
  projection: Year[];
  total_discount: number;
}

function as(user: string | null) {
  return user === null ? {} : { 'x-test-user': user };
}
async function get(url: string, user: string | null = OWNER): Promise<LightResponse> {
  return t.app.inject({ url: `/api/customer${url}`, headers: as(user) });
}
async function post(
  url: string,
  payload: object,
  user: string | null = OWNER,
  key?: string,
): Promise<LightResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/customer${url}`,
    headers: { ...as(user), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
}
async function statusOf(id: number | undefined): Promise<string> {
  return (await get(`/policy/${id}`)).json<{ status: string }>().status;
}
async function eventsOf(number: string): Promise<string[]> {
  return (await get(`/policy-event?policy_number=${number}&page_size=100`))
    .json<{ results: { event_type: string }[] }>()
    .results.map((e) => e.event_type);
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const fixtures = [
    // In force, monthly, 41 on its current anniversary (band 40–54: HK$4,800 a year).
    [
      'OP2000001',
      'OUTPATIENT-GO',
      'in-force',
      addDays(TODAY, -10),
      'monthly',
      null,
      bornAgo(41, 20),
    ],
    [
      'OP2000002',
      'OUTPATIENT-GO',
      'free-looking',
      addDays(TODAY, -3),
      'annual',
      null,
      bornAgo(30, 1),
    ],
    ['OP2000003', 'OUTPATIENT-GO', 'lapsed', addDays(TODAY, -500), 'annual', null, bornAgo(30, 1)],
    ['OP2000004', 'OUTPATIENT-GO', 'in-force', addDays(TODAY, -40), 'annual', null, bornAgo(30, 1)],
    ['OP2000005', 'OUTPATIENT-GO', 'in-force', addDays(TODAY, -40), 'annual', null, bornAgo(30, 1)],
    // Term: 35 on its current anniversary (band 30–39: HK$1.30 per HK$1,000), HK$1,000,000.
    ['TL2000006', 'TERM-10', 'in-force', addDays(TODAY, -10), 'annual', 1000000, bornAgo(35, 20)],
  ] as const;
  for (const [
    number,
    productCode,
    storedStatus,
    activationDate,
    frequency,
    sumAssured,
    dob,
  ] of fixtures) {
    ids[number] = await addPolicy(t, {
      owner: OWNER,
      number,
      productCode,
      storedStatus,
      activationDate,
      frequency,
      sumAssured,
      dateOfBirth: dob,
    });
  }
  ids.VH1000003 = (await get('/policy', PLAIN)).json<{ results: { id: number }[] }>().results[0]
    ?.id as number;
  const mine = (await get('/policy?page_size=100')).json<{
    results: { id: number; policy_number: string }[];
  }>();
  for (const p of mine.results) ids[p.policy_number] = p.id;
});
afterAll(async () => {
  await t.close();
});

describe('premium projection', () => {
  it('projects the premium table × frequency factor with the levy, year by year', async () => {
    const res = await get(`/policy/${ids.OP2000001}/projection?projection_years=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Projection>();
    // Monthly: 12 × (4,800 × 0.0875 = 420) = 5,040; levy 0.1% = 5.04.
    expect(body).toEqual({
      policy: 'OP2000001',
      total_discount: 0,
      projection: [
        {
          policy_year: 1,
          start_date: addDays(TODAY, -10),
          attained_age: 41,
          gross_premium: 5040,
          discount: 0,
          levy: 5.04,
          net_premium: 5045.04,
        },
        {
          policy_year: 2,
          start_date: addMonths(addDays(TODAY, -10), 12),
          attained_age: 42,
          gross_premium: 5040,
          discount: 0,
          levy: 5.04,
          net_premium: 5045.04,
        },
      ],
    });
  });

  it('defaults to 5 years, and takes away active coupons (the demo PO 10% coupon)', async () => {
    const body = (await get(`/policy/${ids.OP1000001}/projection`)).json<Projection>();
    expect(body.projection).toHaveLength(5);
    // LOYAL10 takes 10% off 12 monthly instalments inside its window; the expired MF coupon
    // takes nothing. Every discount is a tenth of an instalment.
    const instalment = (body.projection[0]?.gross_premium ?? 0) / 12;
    expect(body.total_discount).toBeGreaterThan(0);
    expect(body.total_discount).toBeLessThanOrEqual(Math.round(instalment * 12 * 10) / 100 + 0.01);
    const discountYears = (
      await get(`/policy/${ids.OP1000001}/projection?mode=discount`)
    ).json<Projection>();
    expect(discountYears.projection.every((year) => year.discount > 0)).toBe(true);
    expect(discountYears.total_discount).toBe(body.total_discount);
  });

  it('prices a term policy per HK$1,000 of sum assured with the long-term levy cap', async () => {
    const body = (
      await get(`/policy/${ids.TL2000006}/projection?projection_years=1`)
    ).json<Projection>();
    // 1.3 × 1,000 = 1,300; levy 1.30 (under the HK$100 cap).
    expect(body.projection[0]).toMatchObject({
      gross_premium: 1300,
      levy: 1.3,
      net_premium: 1301.3,
    });
  });

  it('refuses projection years out of range and a bad mode, naming the field', async () => {
    const bad = await get(`/policy/${ids.OP2000001}/projection?projection_years=11`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('projection_years');
    const mode = await get(`/policy/${ids.OP2000001}/projection?mode=fast`);
    expect(mode.statusCode).toBe(400);
    expect(mode.json<{ message: string }>().message).toContain('mode');
  });

  it('sums a bulk projection per policy plus the total discount', async () => {
    const single = (await get(`/policy/${ids.OP1000001}/projection`)).json<Projection>();
    const res = await get('/policy/bulk-projection?policy_number__in=OP1000001,OP2000001');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ projections: Projection[]; total_discount: number }>();
    expect(body.projections.map((p) => p.policy)).toEqual(['OP1000001', 'OP2000001']);
    expect(body.total_discount).toBe(single.total_discount);
    const theirs = await get('/policy/bulk-projection?policy_number__in=OP1000001,VH1000003');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('VH1000003');
    expect((await get('/policy/bulk-projection')).statusCode).toBe(400);
  });

  it('projects a premium with another frequency or sum assured (project-premium)', async () => {
    const annual = await post('/policy/OP2000001/project-premium', {
      frequency: 'annual',
      projection_years: 1,
    });
    expect(annual.statusCode).toBe(200);
    expect(annual.json<Projection>().projection[0]).toMatchObject({
      gross_premium: 4800,
      levy: 4.8,
      net_premium: 4804.8,
    });
    const doubled = await post('/policy/TL2000006/project-premium', {
      sum_assured: 2000000,
      projection_years: 1,
    });
    expect(doubled.json<Projection>().projection[0]).toMatchObject({ gross_premium: 2600 });
    const tooMuch = await post('/policy/TL2000006/project-premium', { sum_assured: 9000000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'sum_assured_out_of_range' });
    const notPriced = await post('/policy/OP2000001/project-premium', { sum_assured: 100000 });
    expect(notPriced.json()).toMatchObject({ code: 'validation_error' });
    expect(notPriced.json<{ message: string }>().message).toContain('sum_assured');
    const noProduct = await post('/policy/OP2000001/project-premium', { product_code: 'NOPE' });
    expect(noProduct.json()).toMatchObject({ code: 'missing_product' });
    const badBody = await post('/policy/OP2000001/project-premium', { frequency: 'weekly' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json<{ message: string }>().message).toContain('frequency');
  });
});

describe('GET /policy/{id}/product-option', () => {
  interface Option {
    type: string;
    to_product: string;
    quotation: { annual_premium: number; modal_premium: number; levy: number } | null;
    eligibilities: { rule: string; is_eligible: boolean }[];
    is_eligible: boolean;
  }

  it('quotes the options of the policy’s product for the insured life, with the rules', async () => {
    const res = await get(`/policy/${ids.OP2000001}/product-option`);
    expect(res.statusCode).toBe(200);
    const [option] = res.json<{ results: Option[] }>().results;
    // Cross-sell to VHIS at 41 (band 40–49: HK$5,200), paid monthly (× 0.0875).
    expect(option).toEqual({
      type: 'cross-sell',
      from_product: 'OUTPATIENT-GO',
      to_product: 'VHIS-FLEXI',
      quotation: { annual_premium: 5200, modal_premium: 455, levy: 5.2, currency: 'HKD' },
      eligibilities: [
        { rule: 'policy-active', is_eligible: true },
        { rule: 'issue-age', is_eligible: true },
        { rule: 'max-in-force-policy-per-insured-life', is_eligible: true },
        { rule: 'min-days-before-policy-anniversary', is_eligible: true },
      ],
      is_eligible: true,
    });
    expect(res.headers['content-range']).toBe('items 0-0/1');
  });

  it('marks the options of a lapsed policy not eligible', async () => {
    const [option] = (await get(`/policy/${ids.OP2000003}/product-option`)).json<{
      results: Option[];
    }>().results;
    expect(option?.is_eligible).toBe(false);
    expect(option?.eligibilities).toContainEqual({ rule: 'policy-active', is_eligible: false });
  });
});

describe('terminate', () => {
  const body = { effective_date: TODAY, reason: 'too-expensive' };

  it('terminates an in-force policy with a policy event', async () => {
    const res = await post(`/policy/${ids.OP2000004}/terminate`, {
      ...body,
      effective_date: addDays(TODAY, 30),
      feedback: 'Moving abroad',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      policy_number: 'OP2000004',
      status: 'terminated',
      expiry_date: addDays(TODAY, 30),
    });
    expect(await statusOf(ids.OP2000004)).toBe('terminated');
    expect(await eventsOf('OP2000004')).toEqual(['policy-terminated']);
  });

  it('cancels a policy in its free look', async () => {
    const res = await post(`/policy/${ids.OP2000002}/terminate`, body);
    expect(res.json()).toMatchObject({ status: 'canceled' });
    expect(await eventsOf('OP2000002')).toEqual(['policy-canceled']);
  });

  it('refuses a lapsed or already terminated policy with 409, changing nothing', async () => {
    for (const number of ['OP2000003', 'OP2000004']) {
      const before = await statusOf(ids[number]);
      const eventsBefore = await eventsOf(number);
      const res = await post(`/policy/${ids[number]}/terminate`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'invalid_state_transition' });
      expect(await statusOf(ids[number])).toBe(before);
      expect(await eventsOf(number)).toEqual(eventsBefore);
    }
  });

  it('refuses an effective date in the past, changing nothing', async () => {
    const res = await post(`/policy/${ids.OP2000005}/terminate`, {
      ...body,
      effective_date: addDays(TODAY, -1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'effective_date_in_past' });
    expect(await statusOf(ids.OP2000005)).toBe('in-force');
  });

  it('refuses a body without a reason or with a bad date, naming the field', async () => {
    const noReason = await post(`/policy/${ids.OP2000005}/terminate`, { effective_date: TODAY });
    expect(
      noReason.json<{ details: { issues: { path: string }[] } }>().details.issues[0]?.path,
    ).toBe('body.reason');
    const badDate = await post(`/policy/${ids.OP2000005}/terminate`, {
      ...body,
      effective_date: 'soon',
    });
    expect(
      badDate.json<{ details: { issues: { path: string }[] } }>().details.issues[0]?.path,
    ).toBe('body.effective_date');
  });

  it('replays the first answer for the same Idempotency-Key and body; 422 for another body', async () => {
    const first = await post(`/policy/${ids.TL2000006}/terminate`, body, OWNER, 'term-key-1');
    expect(first.statusCode).toBe(200);
    const again = await post(`/policy/${ids.TL2000006}/terminate`, body, OWNER, 'term-key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await eventsOf('TL2000006')).toEqual(['policy-terminated']);
    const other = await post(
      `/policy/${ids.TL2000006}/terminate`,
      { ...body, reason: 'other' },
      OWNER,
      'term-key-1',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // Without the key, the second termination is an illegal move.
    expect((await post(`/policy/${ids.TL2000006}/terminate`, body)).statusCode).toBe(409);
  });

  it('keeps one user’s keys apart from another’s', async () => {
    const res = await post(
      `/policy/${ids.VH1000003}/retention-selling`,
      { reason: 'other' },
      PLAIN,
      'term-key-1',
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('runs two concurrent requests with one key once; both get the first answer', async () => {
    const payload = { effective_date: TODAY, reason: 'no-longer-needed' };
    const [a, b] = await Promise.all([
      post(`/policy/${ids.OP2000005}/terminate`, payload, OWNER, 'concurrent-1'),
      post(`/policy/${ids.OP2000005}/terminate`, payload, OWNER, 'concurrent-1'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await eventsOf('OP2000005')).toEqual(['policy-terminated']);
  });

  it('refuses an empty or over-long key, naming the header', async () => {
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await post(
        `/policy/${ids.OP1000001}/retention-selling`,
        { reason: 'other' },
        OWNER,
        key,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('Idempotency-Key');
    }
    expect(await eventsOf('OP1000001')).not.toContain('termination-started');
  });
});

describe('retention selling', () => {
  interface Selling {
    id: number;
    policy: number;
    selling: {
      reward_set: string;
      status: string;
      coupon: { code: string; status: string; reward_type: string };
    };
  }

  it('offers a coupon from the product’s reward set, the same offer again, and accepting applies it', async () => {
    const started = await post(`/policy/${ids.OP1000002}/retention-selling`, {
      reason: 'too-expensive',
    });
    expect(started.statusCode).toBe(200);
    const offer = started.json<{ offer: Selling | null }>().offer;
    expect(offer).toMatchObject({
      policy: ids.OP1000002,
      selling: {
        reward_set: 'retention-outpatient',
        status: 'offered',
        coupon: { reward_type: 'MF', status: 'inactive' },
      },
    });
    const again = await post(`/policy/${ids.OP1000002}/retention-selling`, { reason: 'other' });
    expect(again.json<{ offer: Selling | null }>().offer?.id).toBe(offer?.id);

    const accepted = await post(`/policy-selling/${offer?.id}/accept`, {}, OWNER, 'accept-1');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      selling: { status: 'accepted', coupon: { status: 'active' } },
    });
    const replay = await post(`/policy-selling/${offer?.id}/accept`, {}, OWNER, 'accept-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(accepted.json());

    const coupons = (await get(`/policy/${ids.OP1000002}/coupon`)).json<{
      results: { coupon: { code: string; status: string } }[];
    }>();
    expect(coupons.results.map((c) => c.coupon.code)).toContain(offer?.selling.coupon.code);
    expect(await statusOf(ids.OP1000002)).toBe('in-force');
    expect(await eventsOf('OP1000002')).toEqual(
      expect.arrayContaining(['termination-started', 'termination-withdrawn']),
    );

    const twice = await post(`/policy-selling/${offer?.id}/accept`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'offer_not_available' });
    // One retention offer per policy: the next termination comes without one.
    const later = await post(`/policy/${ids.OP1000002}/retention-selling`, { reason: 'other' });
    expect(later.json()).toEqual({ offer: null });
  });

  it('refuses to start a termination of a lapsed policy', async () => {
    const res = await post(`/policy/${ids.OP2000003}/retention-selling`, { reason: 'other' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'invalid_state_transition' });
  });

  it('refuses an accept body with fields and an unknown reason', async () => {
    expect((await post(`/policy-selling/1/accept`, { coupon: 'x' })).statusCode).toBe(400);
    const reason = await post(`/policy/${ids.OP1000001}/retention-selling`, { reason: 'bored' });
    expect(reason.json<{ details: { issues: { path: string }[] } }>().details.issues[0]?.path).toBe(
      'body.reason',
    );
  });
});

describe('authorisation matrix', () => {
  let theirSelling: number;
  beforeAll(async () => {
    const started = await post(
      `/policy/${ids.VH1000003}/retention-selling`,
      { reason: 'other' },
      PLAIN,
    );
    theirSelling = started.json<{ offer: { id: number } }>().offer.id;
  });

  const routes: [string, string, (id: number) => string, object | undefined][] = [
    ['GET', 'detail', (id) => `/policy/${id}`, undefined],
    ['GET', 'coverage', (id) => `/policy/${id}/coverage`, undefined],
    ['GET', 'coupons', (id) => `/policy/${id}/coupon`, undefined],
    ['GET', 'product documents', (id) => `/policy/${id}/product-document`, undefined],
    ['GET', 'projection', (id) => `/policy/${id}/projection`, undefined],
    ['GET', 'product options', (id) => `/policy/${id}/product-option`, undefined],
    [
      'POST',
      'terminate',
      (id) => `/policy/${id}/terminate`,
      { effective_date: TODAY, reason: 'other' },
    ],
    ['POST', 'retention selling', (id) => `/policy/${id}/retention-selling`, { reason: 'other' }],
    [
      'POST',
      'beneficiaries',
      (id) => `/policy/${id}/beneficiaries`,
      {
        beneficiaries: [
          {
            identity: { first_name: 'A', last_name: 'B' },
            relationship_to_insured_life: 'child',
            allocation_percentage: 100,
          },
        ],
      },
    ],
  ];

  it.each(routes)(
    '%s %s of another customer’s policy answers 404 with none of its data',
    async (method, _name, path, payload) => {
      const before = (await get(`/policy/${ids.VH1000003}`, PLAIN)).json<object>();
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `/api/customer${path(ids.VH1000003 as number)}`,
        headers: as(OWNER),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect(res.body).not.toMatch(/VH1000003|Lee|VHIS/);
      expect((await get(`/policy/${ids.VH1000003}`, PLAIN)).json<object>()).toEqual(before);
      // A guest is asked to sign in.
      const guest = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `/api/customer${path(ids.VH1000003 as number)}`,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(guest.statusCode).toBe(401);
    },
  );

  it('project-premium of another customer’s policy number answers 404', async () => {
    const res = await post('/policy/VH1000003/project-premium', {});
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/Lee|premium/);
  });

  it('accepting another customer’s offer answers 404 and leaves it offered', async () => {
    const res = await post(`/policy-selling/${theirSelling}/accept`, {});
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/retention|coupon/);
    const mine = await post(
      `/policy/${ids.VH1000003}/retention-selling`,
      { reason: 'other' },
      PLAIN,
    );
    expect(mine.json<{ offer: { id: number; selling: { status: string } } }>().offer).toMatchObject(
      {
        id: theirSelling,
        selling: { status: 'offered' },
      },
    );
  });
});

describe('OpenAPI', () => {
  it('documents every policy route', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/customer/policy',
      '/api/customer/policy/bulk-projection',
      '/api/customer/policy/{id}',
      '/api/customer/policy/{id}/coverage',
      '/api/customer/policy/{id}/coupon',
      '/api/customer/policy/{id}/product-document',
      '/api/customer/policy/{id}/projection',
      '/api/customer/policy/{id}/product-option',
      '/api/customer/policy/{number}/project-premium',
      '/api/customer/policy/{id}/terminate',
      '/api/customer/policy/{id}/retention-selling',
      '/api/customer/policy/{id}/beneficiaries',
      '/api/customer/policy-selling/{id}/accept',
      '/api/customer/policy-event',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });
});
