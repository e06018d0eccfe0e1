// Payment methods of the signed-in customer (issue 6, payments): list and filters, detail,
// adding, deactivating, the default method, card checks, the setup intent, profile mappings,
// idempotent replays and the authorisation matrix.
import { fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoIds,
  expectNotFound,
  fieldsOf,
  requests,
  type ErrorBody,
  type MethodBody,
  type Page,
} from './billing-support';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const YEAR = Number(hkToday(fixedClock(NOW)).slice(0, 4));

let t: PolicyTestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let get: ReturnType<typeof requests>['get'];
let send: ReturnType<typeof requests>['send'];

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  ({ get, send } = requests(t));
  ids = await demoIds(t);
});
afterAll(async () => {
  await t.close();
});

async function methodCount(user: string): Promise<number> {
  return (await get('/payment-method', user)).json<Page<MethodBody>>().pagination.total;
}

async function method(id: number, user = OWNER): Promise<MethodBody> {
  const res = await get(`/payment-method/${id}`, user);
  expect(res.statusCode).toBe(200);
  return res.json<MethodBody>();
}

async function defaultId(user: string): Promise<number | null> {
  const res = await get('/payment-method/default', user);
  if (res.statusCode === 404) return null;
  return res.json<{ payment_method: { id: number } }>().payment_method.id;
}

describe('GET /payment-method', () => {
  it("lists the caller's methods only, one of them the default, with a Content-Range", async () => {
    const res = await get('/payment-method');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-3/4');
    const methods = res.json<Page<MethodBody>>().results;
    expect(methods.map((m) => m.display_data.label)).toEqual([
      'Visa •••• 4242',
      'Mastercard •••• 4444',
      'FPS •••• 5678',
      'American Express •••• 8431',
    ]);
    expect(methods.filter((m) => m.is_default).map((m) => m.display_data.last4)).toEqual(['4242']);
    expect(methods.map((m) => [m.status, m.is_verified, m.has_billings])).toEqual([
      ['active', true, true],
      ['active', true, true],
      ['active', false, false],
      ['inactive', true, false],
    ]);
    const plain = (await get('/payment-method', PLAIN)).json<Page<MethodBody>>().results;
    expect(plain.map((m) => [m.display_data.last4, m.status, m.is_default])).toEqual([
      ['1881', 'active', true],
      ['5100', 'expired', false],
    ]);
  });

  it('pages', async () => {
    const res = await get('/payment-method?page=2&page_size=3');
    expect(res.headers['content-range']).toBe('items 3-3/4');
    expect(res.json<Page<MethodBody>>().results.map((m) => m.display_data.last4)).toEqual(['8431']);
    expect(fieldsOf(await get('/payment-method?page=0'))).toContain('querystring.page');
    expect(fieldsOf(await get('/payment-method?page_size=101'))).toContain('querystring.page_size');
  });

  it('filters by status and gateway type', async () => {
    const lastFours = async (query: string) =>
      (await get(`/payment-method?${query}`))
        .json<Page<MethodBody>>()
        .results.map((m) => m.display_data.last4 ?? m.gateway);
    expect(await lastFours('status=inactive')).toEqual(['8431']);
    expect(await lastFours('status=active')).toEqual(['4242', '4444', 'fps']);
    expect(await lastFours('gateway_type=fps')).toEqual(['fps']);
    expect(await lastFours('gateway_type=stripe-card&status=active')).toEqual(['4242', '4444']);
    expect(await lastFours('gateway_type=cheque')).toEqual([]);
    expect(fieldsOf(await get('/payment-method?status=gone'))).toEqual(['querystring.status']);
    expect(fieldsOf(await get('/payment-method?gateway_type=cash'))).toEqual([
      'querystring.gateway_type',
    ]);
  });

  it('keeps brand, last 4 and expiry of a card, never its number or CVC', async () => {
    const columns = await t.database.db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'payment_method' ORDER BY column_name`,
    );
    const names = columns.rows.map((row) => row.column_name);
    expect(names).toEqual(
      expect.arrayContaining(['brand', 'last4', 'exp_month', 'exp_year', 'holder_name']),
    );
    expect(names.filter((name) => /number|cvc|cvv|pan/.test(name))).toEqual([]);
    const visa = await method(ids.method('owner:4242'));
    expect(visa.display_data).toEqual({
      label: 'Visa •••• 4242',
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: YEAR + 2,
      holder_name: 'CHAN TAI MAN',
    });
  });
});

describe('GET /payment-method/{id}', () => {
  it('answers the method with its profile mappings', async () => {
    const visa = await method(ids.method('owner:4242'));
    expect(visa.is_default).toBe(true);
    expect(visa.payment_method_profiles.map((m) => m.role)).toEqual(['policyholder']);
    expect(fieldsOf(await get('/payment-method/abc'))).toEqual(['params.id']);
    expectNotFound(await get('/payment-method/999999'));
  });
});

describe('POST /payment-method', () => {
  it('adds a card from its provider token, verified, and may make it the default', async () => {
    const before = await methodCount(OWNER);
    const res = await send('POST', '/payment-method', {
      gateway: 'stripe-card',
      token: 'pm_card_jcb',
      holder_name: 'Chan Tai Man',
      is_default: true,
    });
    expect(res.statusCode).toBe(200);
    const added = res.json<MethodBody>();
    expect(added).toMatchObject({
      gateway: 'stripe-card',
      status: 'active',
      is_verified: true,
      is_default: true,
      has_billings: false,
      display_data: { brand: 'jcb', last4: '0000', exp_month: 12, exp_year: YEAR + 3 },
    });
    expect(await methodCount(OWNER)).toBe(before + 1);
    expect(await defaultId(OWNER)).toBe(added.id);
    // Put the demo default back for the other tests.
    expect(
      (
        await send('PUT', '/payment-method/default', {
          payment_method_id: ids.method('owner:4242'),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('adds a bank method unverified, and refuses to make it the default (nothing added)', async () => {
    const before = await methodCount(PLAIN);
    const refused = await send(
      'POST',
      '/payment-method',
      { gateway: 'bank-transfer', token: 'EDDA-REF-77120934', is_default: true },
      PLAIN,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().code).toBe('payment_method_not_usable');
    expect(await methodCount(PLAIN)).toBe(before);
    const res = await send(
      'POST',
      '/payment-method',
      { gateway: 'bank-transfer', token: 'EDDA-REF-77120934' },
      PLAIN,
    );
    expect(res.json<MethodBody>()).toMatchObject({
      gateway: 'bank-transfer',
      is_verified: false,
      is_default: false,
      display_data: { label: 'Bank transfer •••• 0934', last4: null },
    });
  });

  it("answers the provider's refusals with the spec's card errors, adding nothing", async () => {
    const before = await methodCount(OWNER);
    const attempt = async (token: string) =>
      send('POST', '/payment-method', { gateway: 'stripe-card', token });
    const declined = await attempt('pm_card_chargeDeclined');
    expect([declined.statusCode, declined.json<ErrorBody>()]).toEqual([
      402,
      { code: 'card_add_failed', message: 'Failed to add credit card, please try again later' },
    ]);
    expect((await attempt('pm_card_authenticationRequired')).json<ErrorBody>().message).toBe(
      'Two-factor identification failed, please try again',
    );
    expect((await attempt('pm_unknown')).json<ErrorBody>().code).toBe('card_setup_failed');
    const cardNumber = await attempt('4242 4242 4242 4242');
    expect(fieldsOf(cardNumber, 'invalid_card_input')).toEqual(['body.token']);
    expect(cardNumber.body).not.toContain('4242 4242');
    expect(await methodCount(OWNER)).toBe(before);
  });

  it('refuses bad input naming the field', async () => {
    expect(
      fieldsOf(await send('POST', '/payment-method', { gateway: 'cash', token: 'x' })),
    ).toEqual(['body.gateway']);
    expect(fieldsOf(await send('POST', '/payment-method', { gateway: 'fps' }))).toEqual([
      'body.token',
    ]);
  });

  it('replays the first answer for a repeated Idempotency-Key; 422 for another body', async () => {
    const before = await methodCount(OTHER);
    const body = { gateway: 'stripe-card', token: 'pm_card_visa' };
    const key = { 'idempotency-key': 'add-card-1' };
    const first = await send('POST', '/payment-method', body, OTHER, key);
    const again = await send('POST', '/payment-method', body, OTHER, key);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await methodCount(OTHER)).toBe(before + 1);
    const other = await send(
      'POST',
      '/payment-method',
      { ...body, token: 'pm_card_amex' },
      OTHER,
      key,
    );
    expect([other.statusCode, other.json<ErrorBody>().code]).toEqual([
      422,
      'idempotency_key_reused',
    ]);
    expect(await methodCount(OTHER)).toBe(before + 1);
  });
});

describe('POST /payment-method/{id}/deactivate', () => {
  it('refuses the default method while it pays an active billing (409, nothing changed)', async () => {
    const visa = ids.method('owner:4242');
    const res = await send('POST', `/payment-method/${visa}/deactivate`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().code).toBe('payment_method_in_use');
    expect(res.json<ErrorBody>().message).toMatch(/default payment method/);
    expect(await method(visa)).toMatchObject({ status: 'active', is_default: true });
    expect(await defaultId(OWNER)).toBe(visa);
  });

  it('refuses another method that pays an active billing', async () => {
    const mastercard = ids.method('owner:4444');
    const res = await send('POST', `/payment-method/${mastercard}/deactivate`, {});
    expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([409, 'payment_method_in_use']);
    expect((await method(mastercard)).status).toBe('active');
  });

  it('deactivates a method without billings once; again is an illegal move', async () => {
    const fps = ids.method('owner:fps');
    const res = await send('POST', `/payment-method/${fps}/deactivate`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<MethodBody>().status).toBe('inactive');
    expect((await method(fps)).status).toBe('inactive');
    const again = await send('POST', `/payment-method/${fps}/deactivate`, {});
    expect([again.statusCode, again.json<ErrorBody>().code]).toEqual([
      409,
      'invalid_state_transition',
    ]);
    const expired = await send(
      'POST',
      `/payment-method/${ids.method('plain:5100')}/deactivate`,
      {},
      PLAIN,
    );
    expect(expired.statusCode).toBe(409);
  });

  it('clears the default when the default without active billings is deactivated', async () => {
    const added = (
      await send(
        'POST',
        '/payment-method',
        {
          gateway: 'stripe-card',
          token: 'pm_card_visa_debit',
          is_default: true,
        },
        OTHER,
      )
    ).json<MethodBody>();
    expect(await defaultId(OTHER)).toBe(added.id);
    const key = { 'idempotency-key': 'deactivate-1' };
    const res = await send('POST', `/payment-method/${added.id}/deactivate`, {}, OTHER, key);
    expect(res.statusCode).toBe(200);
    expect(await defaultId(OTHER)).toBeNull();
    // The replay answers the first answer although the method is inactive now.
    const replay = await send('POST', `/payment-method/${added.id}/deactivate`, {}, OTHER, key);
    expect([replay.statusCode, replay.json()]).toEqual([200, res.json()]);
    const elsewhere = await send(
      'POST',
      `/payment-method/${ids.method('owner:8431')}/deactivate`,
      {},
      OTHER,
      key,
    );
    expect(elsewhere.statusCode).toBe(422);
  });

  it('takes an empty body only', async () => {
    expect(
      (await send('POST', `/payment-method/${ids.method('owner:8431')}/deactivate`, { why: 1 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('default payment method', () => {
  it('GET answers the default, or 404 when none is set', async () => {
    const res = await get('/payment-method/default');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: number; user: string; payment_method: MethodBody }>();
    expect(body.user).toBe(await t.userId(OWNER));
    expect(body.payment_method.display_data.last4).toBe('4242');
    expectNotFound(await get('/payment-method/default', OTHER));
  });

  it('POST sets the first default only; PUT replaces it', async () => {
    const mastercard = ids.method('owner:4444');
    const taken = await send('POST', '/payment-method/default', { payment_method_id: mastercard });
    expect([taken.statusCode, taken.json<ErrorBody>().code]).toEqual([409, 'conflict']);
    expect(await defaultId(OWNER)).toBe(ids.method('owner:4242'));
    const replaced = await send('PUT', '/payment-method/default', {
      payment_method_id: mastercard,
    });
    expect(replaced.statusCode).toBe(200);
    expect(await defaultId(OWNER)).toBe(mastercard);
    await send('PUT', '/payment-method/default', { payment_method_id: ids.method('owner:4242') });
    expect(await defaultId(OWNER)).toBe(ids.method('owner:4242'));
  });

  it('POST sets a first default once per Idempotency-Key', async () => {
    const added = (
      await send(
        'POST',
        '/payment-method',
        { gateway: 'stripe-card', token: 'pm_card_mastercard' },
        OTHER,
      )
    ).json<MethodBody>();
    expect(await defaultId(OTHER)).toBeNull();
    const key = { 'idempotency-key': 'first-default' };
    const body = { payment_method_id: added.id };
    const first = await send('POST', '/payment-method/default', body, OTHER, key);
    expect(first.statusCode).toBe(200);
    const replay = await send('POST', '/payment-method/default', body, OTHER, key);
    expect([replay.statusCode, replay.json()]).toEqual([200, first.json()]);
    expect(await defaultId(OTHER)).toBe(added.id);
  });

  it('takes only an active, verified method of the caller', async () => {
    const before = await defaultId(OWNER);
    for (const id of [ids.method('owner:8431'), ids.method('owner:fps')]) {
      const res = await send('PUT', '/payment-method/default', { payment_method_id: id });
      expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([
        409,
        'payment_method_not_usable',
      ]);
    }
    const theirs = await send('PUT', '/payment-method/default', {
      payment_method_id: ids.method('plain:1881'),
    });
    expectNotFound(theirs, ['1881']);
    const created = await send('POST', '/payment-method/default', {
      payment_method_id: ids.method('plain:1881'),
    });
    expectNotFound(created, ['1881']);
    expect(
      fieldsOf(await send('PUT', '/payment-method/default', { payment_method_id: -1 })),
    ).toEqual(['body.payment_method_id']);
    expect(await defaultId(OWNER)).toBe(before);
  });
});

describe('POST /payment-method/validate-card', () => {
  const card = {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: YEAR + 1,
    cvc: '123',
  };
  const check = (body: Record<string, unknown>, lang?: string) =>
    send(
      'POST',
      '/payment-method/validate-card',
      body,
      OWNER,
      lang === undefined ? {} : { 'accept-language': lang },
    );

  it('answers success for a good card', async () => {
    const res = await check(card);
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    expect((await check({ ...card, card_number: '378282246310005', cvc: '1234' })).statusCode).toBe(
      200,
    );
  });

  it("answers each fault with the spec's card error", async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { ...card, card_number: '4242 4242 4242 4241' },
        400,
        'invalid_card_number',
        'The card number is invalid',
      ],
      [{ ...card, exp_year: YEAR - 1 }, 400, 'expired_card', 'This card has expired'],
      [{ ...card, exp_month: 13 }, 400, 'invalid_expiry_date', ''],
      [{ ...card, cvc: '12' }, 400, 'invalid_cvc', ''],
      [{ ...card, card_number: '378282246310005', cvc: '123' }, 400, 'invalid_cvc', ''],
      [
        { ...card, card_number: '6011111111111117' },
        402,
        'card_unsupported',
        'Sorry, this card is unsupported at the moment',
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await check(body);
      expect([res.statusCode, res.json<ErrorBody>().code]).toEqual([status, code]);
      if (message !== '') expect(res.json<ErrorBody>().message).toBe(message);
      expect(res.body).not.toContain('4242 4241');
    }
    expect((await check({ ...card, exp_year: YEAR - 1 }, 'zh-HK')).json<ErrorBody>().message).toBe(
      '此信用卡已過期',
    );
  });

  it('names a missing field (card_required) or a malformed one (invalid_card_input)', async () => {
    const { card_number: _number, ...noNumber } = card;
    expect(fieldsOf(await check(noNumber), 'card_required')).toEqual(['body.card_number']);
    expect(fieldsOf(await check({ ...card, cvc: ' ' }), 'card_required')).toEqual(['body.cvc']);
    expect(fieldsOf(await check({ ...card, exp_month: 'ab' }), 'invalid_card_input')).toEqual([
      'body.exp_month',
    ]);
  });
});

describe('POST /payment-gateway/stripe/setup-intent', () => {
  it('answers a fresh, locally generated client secret', async () => {
    const first = await send('POST', '/payment-gateway/stripe/setup-intent', {});
    const second = await send('POST', '/payment-gateway/stripe/setup-intent', {});
    const secret = first.json<{ client_secret: string }>().client_secret;
    expect(secret).toMatch(/^seti_[0-9a-f]{24}_secret_[\w-]{24}$/);
    expect(second.json<{ client_secret: string }>().client_secret).not.toBe(secret);
    expect(
      (await send('POST', '/payment-gateway/stripe/setup-intent', { amount: 1 })).statusCode,
    ).toBe(400);
  });
});

describe('payment method profile mappings', () => {
  interface Mapping {
    id: number;
    role: string;
    payment_method_id: number;
    profile: number;
  }
  const mappings = async (query = '', user = OWNER) =>
    (await get(`/payment-method-profile-mapping${query}`, user)).json<Page<Mapping>>().results;

  async function partyOf(policyNumber: string, user = OWNER): Promise<number> {
    const detail = (await get(`/policy/${ids.policy(policyNumber)}`, user)).json<{
      policyholder: { id: number };
    }>();
    return detail.policyholder.id;
  }

  it("lists the caller's mappings, filtered by role, method and profile", async () => {
    const all = await mappings();
    expect(all).toEqual([
      {
        id: expect.any(Number) as number,
        role: 'policyholder',
        payment_method_id: ids.method('owner:4242'),
        profile: await partyOf('OP1000001'),
      },
    ]);
    expect(await mappings('?role=payor')).toEqual([]);
    expect(await mappings('?role=policyholder')).toHaveLength(1);
    expect(await mappings(`?payment_method_id=${ids.method('owner:4444')}`)).toEqual([]);
    expect(await mappings(`?payment_method_id=${ids.method('owner:4242')}`)).toHaveLength(1);
    expect(await mappings(`?profile_id=${await partyOf('OP1000001')}`)).toHaveLength(1);
    expect(await mappings(`?profile_id=${await partyOf('VH1000003', PLAIN)}`)).toEqual([]);
    expect((await mappings('', PLAIN)).map((m) => m.payment_method_id)).toEqual([
      ids.method('plain:1881'),
    ]);
    const res = await get('/payment-method-profile-mapping');
    expect(res.headers['content-range']).toBe('items 0-0/1');
    expect(fieldsOf(await get('/payment-method-profile-mapping?role=boss'))).toEqual([
      'querystring.role',
    ]);
    expect(fieldsOf(await get('/payment-method-profile-mapping?profile_id=x'))).toEqual([
      'querystring.profile_id',
    ]);
  });

  it('maps a method to a profile of the caller once; replays by key', async () => {
    const body = {
      role: 'payor',
      payment_method_id: ids.method('owner:4444'),
      profile: await partyOf('OP1000002'),
    };
    const key = { 'idempotency-key': 'map-1' };
    const res = await send('POST', '/payment-method-profile-mapping', body, OWNER, key);
    expect(res.statusCode).toBe(200);
    expect(res.json<Mapping>()).toMatchObject(body);
    const replay = await send('POST', '/payment-method-profile-mapping', body, OWNER, key);
    expect(replay.json()).toEqual(res.json());
    const duplicate = await send('POST', '/payment-method-profile-mapping', body);
    expect([duplicate.statusCode, duplicate.json<ErrorBody>().code]).toEqual([409, 'conflict']);
    expect(await mappings('?role=payor')).toHaveLength(1);
    expect((await method(ids.method('owner:4444'))).payment_method_profiles).toHaveLength(1);
    expect(
      fieldsOf(await send('POST', '/payment-method-profile-mapping', { ...body, role: 'x' })),
    ).toEqual(['body.role']);
  });

  it("refuses another customer's method or profile with 404", async () => {
    const plainProfile = await partyOf('VH1000003', PLAIN);
    expectNotFound(
      await send('POST', '/payment-method-profile-mapping', {
        role: 'payor',
        payment_method_id: ids.method('owner:4242'),
        profile: plainProfile,
      }),
      ['Lee', 'Ka Yan'],
    );
    expectNotFound(
      await send('POST', '/payment-method-profile-mapping', {
        role: 'payor',
        payment_method_id: ids.method('plain:1881'),
        profile: await partyOf('OP1000001'),
      }),
      ['1881'],
    );
    expect(await mappings('', PLAIN)).toHaveLength(1);
  });
});

describe('authorisation', () => {
  it("answers 404 with none of their data for another customer's method ids", async () => {
    const theirs = ids.method('plain:1881');
    expectNotFound(await get(`/payment-method/${theirs}`), ['1881', 'LEE']);
    expectNotFound(await send('POST', `/payment-method/${theirs}/deactivate`, {}), ['1881']);
    expect((await method(theirs, PLAIN)).status).toBe('active');
    expectNotFound(await get(`/payment-method/${ids.method('owner:4242')}`, PLAIN), ['4242']);
  });

  it('answers 401 to a guest on every route', async () => {
    const id = ids.method('owner:4242');
    for (const [method, url] of [
      ['GET', '/payment-method'],
      ['POST', '/payment-method'],
      ['GET', `/payment-method/${id}`],
      ['POST', `/payment-method/${id}/deactivate`],
      ['GET', '/payment-method/default'],
      ['POST', '/payment-method/default'],
      ['PUT', '/payment-method/default'],
      ['POST', '/payment-method/validate-card'],
      ['POST', '/payment-gateway/stripe/setup-intent'],
      ['GET', '/payment-method-profile-mapping'],
      ['POST', '/payment-method-profile-mapping'],
    ] as const) {
      const res = method === 'GET' ? await get(url, null) : await send(method, url, {}, null);
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every payment route', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: Record<string, string[]> = {
      '/api/customer/payment-method': ['get', 'post'],
      '/api/customer/payment-method/{id}': ['get'],
      '/api/customer/payment-method/{id}/deactivate': ['post'],
      '/api/customer/payment-method/default': ['get', 'post', 'put'],
      '/api/customer/payment-method/validate-card': ['post'],
      '/api/customer/payment-gateway/stripe/setup-intent': ['post'],
      '/api/customer/payment-method-profile-mapping': ['get', 'post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      for (const m of methods) expect(doc.paths[path]?.[m], `${m} ${path}`).toBeDefined();
    }
  });
});
