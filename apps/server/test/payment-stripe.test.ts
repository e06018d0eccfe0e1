// The Stripe card provider (issue 38, decision 287), through the official SDK against a local
// server speaking Stripe's REST protocol (stripe-fake.ts): setup intents, cards added by a
// confirmed setup intent (only the customer's own), and webhooks verified by the SDK on the
// raw body, applied once per event id. The configuration refuses a half-configured Stripe.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { requests, type ErrorBody, type MethodBody, type Page } from './billing-support';
import { testConfig } from './build-app';
import { buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  paymentMethodObject,
  startStripeFake,
  stripeEvent,
  type StripeFake,
} from './stripe-fake';

const WEBHOOK = '/api/payment/stripe-webhook';
const VISA = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 };

let fake: StripeFake;
let t: PolicyTestApp;
let get: ReturnType<typeof requests>['get'];
let send: ReturnType<typeof requests>['send'];

beforeAll(async () => {
  fake = await startStripeFake();
  t = await buildPolicyTestApp({ env: fake.env });
  ({ get, send } = requests(t));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function setupIntentId(user = OWNER): Promise<string> {
  const res = await send('POST', '/payment-gateway/stripe/setup-intent', {}, user);
  expect(res.statusCode).toBe(200);
  const secret = res.json<{ client_secret: string }>().client_secret;
  const match = /^(seti_[0-9a-f]+)_secret_/.exec(secret);
  expect(match).not.toBeNull();
  return match![1]!;
}

async function addCard(token: string, user = OWNER, extra: Record<string, unknown> = {}) {
  return send('POST', '/payment-method', { gateway: 'stripe-card', token, ...extra }, user);
}

async function methodCount(user: string): Promise<number> {
  return (await get('/payment-method', user)).json<Page<MethodBody>>().pagination.total;
}

function signed(event: unknown, secret = FAKE_WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { payload, signature };
}

function deliver(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** A card method of OWNER's added through a confirmed setup intent: its id and Stripe id. */
async function ownersCard(card = VISA): Promise<{ id: number; pm: string }> {
  const seti = await setupIntentId();
  const pm = fake.confirm(seti, card);
  const res = await addCard(seti);
  expect(res.statusCode).toBe(200);
  return { id: res.json<MethodBody>().id, pm };
}

describe('configuration', () => {
  it('refuses PAYMENT_PROVIDER=stripe without its keys, naming them and no value', () => {
    let error: unknown;
    try {
      testConfig({ PAYMENT_PROVIDER: 'stripe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables.sort()).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect((error as ConfigError).message).toContain(
      'STRIPE_SECRET_KEY: is required with PAYMENT_PROVIDER=stripe',
    );
  });

  it('refuses a malformed key without repeating it, and a test key in production', () => {
    const secret = 'pk_test_publishablekey123456';
    expect(() =>
      testConfig({ ...fake.env, STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: 'nope' }),
    ).toThrowError(
      expect.objectContaining({
        variables: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
        message: expect.not.stringContaining(secret) as unknown as string,
      }) as Error,
    );
    expect(() =>
      testConfig({
        ...fake.env,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db.example/clinicpass',
      }),
    ).toThrowError(/STRIPE_SECRET_KEY: is a test mode key/);
  });

  it('refuses Stripe keys without PAYMENT_PROVIDER=stripe, and a partial API override', () => {
    expect(() => testConfig({ STRIPE_SECRET_KEY: FAKE_SECRET_KEY })).toThrowError(
      /STRIPE_SECRET_KEY: is set but PAYMENT_PROVIDER is not stripe/,
    );
    expect(() => testConfig({ ...fake.env, STRIPE_API_PORT: '' })).toThrowError(ConfigError);
    const { STRIPE_API_HOST: _host, ...withoutHost } = fake.env;
    expect(() => testConfig(withoutHost)).toThrowError(
      /STRIPE_API_HOST: is required with the other STRIPE_API_ variables/,
    );
  });

  it('keeps the Stripe-Signature header out of the request log', async () => {
    const { loggerOptions } = await import('../src/app');
    const options = loggerOptions(t.app.config) as { redact: { paths: string[] } };
    expect(options.redact.paths).toContain('req.headers["stripe-signature"]');
  });
});

describe('setup intents and cards through Stripe', () => {
  it("creates the setup intent at Stripe, for cards, naming the customer's user id", async () => {
    const seti = await setupIntentId();
    const created = fake.seen.find(
      (r) => r.method === 'POST' && r.path === '/v1/setup_intents' && r.authorization,
    );
    expect(created?.authorization).toBe(`Bearer ${FAKE_SECRET_KEY}`);
    expect(created?.form.get('metadata[clinicpass_user_id]')).toBe(await t.userId(OWNER));
    expect(created?.form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(created?.form.get('usage')).toBe('off_session');
    expect(seti).toMatch(/^seti_/);
  });

  it('adds the card of a confirmed setup intent, read from Stripe, verified', async () => {
    const before = await methodCount(OWNER);
    const seti = await setupIntentId();
    const pm = fake.confirm(seti, {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 9,
      exp_year: 2030,
    });
    const res = await addCard(seti, OWNER, { is_default: true, holder_name: 'Chan Tai Man' });
    expect(res.statusCode).toBe(200);
    const method = res.json<MethodBody>();
    expect(method.gateway).toBe('stripe-card');
    expect(method.is_verified).toBe(true);
    expect(method.is_default).toBe(true);
    expect(method.display_data).toMatchObject({
      label: 'Mastercard •••• 4444',
      brand: 'mastercard',
      last4: '4444',
      exp_month: 9,
      exp_year: 2030,
    });
    expect(
      fake.seen.some((r) => r.method === 'GET' && r.path === `/v1/payment_methods/${pm}`),
    ).toBe(true);
    expect(await methodCount(OWNER)).toBe(before + 1);
  });

  it("answers another customer's setup intent as one that does not exist (BOLA)", async () => {
    const owners = await setupIntentId(OWNER);
    fake.confirm(owners, VISA);
    const before = await methodCount(PLAIN);
    const stolen = await addCard(owners, PLAIN);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json<ErrorBody>()).toMatchObject({ code: 'not_found' });
    expect(stolen.body).not.toContain('4242');
    const unknown = await addCard('seti_000000000000000000000000', PLAIN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().message).toBe(
      stolen.json<ErrorBody>().message.replace(owners, 'seti_000000000000000000000000'),
    );
    // One made by someone with the key but for no ClinicPass user: also not found.
    const foreign = fake.addIntent({ other_app_user: 'x' });
    fake.confirm(foreign, VISA);
    expect((await addCard(foreign, PLAIN)).statusCode).toBe(404);
    expect(await methodCount(PLAIN)).toBe(before);
  });

  it('refuses an unconfirmed intent, one needing authentication, and an unsupported brand', async () => {
    const unconfirmed = await setupIntentId();
    expect((await addCard(unconfirmed)).json<ErrorBody>().code).toBe('card_setup_failed');
    const pending = await setupIntentId();
    fake.confirm(pending, VISA, 'requires_action');
    const authentication = await addCard(pending);
    expect(authentication.statusCode).toBe(402);
    expect(authentication.json<ErrorBody>().code).toBe('card_authentication_failed');
    const discover = await setupIntentId();
    fake.confirm(discover, { brand: 'discover', last4: '1117', exp_month: 1, exp_year: 2032 });
    const unsupported = await addCard(discover);
    expect(unsupported.statusCode).toBe(402);
    expect(unsupported.json<ErrorBody>().code).toBe('card_unsupported');
  });

  it("refuses a token that is not a setup intent's id, and a card number, before calling Stripe", async () => {
    const calls = fake.seen.length;
    const stand = await addCard('pm_card_visa');
    expect(stand.statusCode).toBe(400);
    expect(stand.json<ErrorBody>()).toMatchObject({
      code: 'invalid_card_input',
      details: { issues: [{ path: 'body.token', message: 'is not a setup intent id' }] },
    });
    const number = await addCard('4242 4242 4242 4242');
    expect(number.statusCode).toBe(400);
    expect(number.json()).toMatchObject({
      code: 'invalid_card_input',
      details: { issues: [{ path: 'body.token', message: 'is a card number' }] },
    });
    expect((await addCard('seti_../../v1/customers')).statusCode).toBe(400);
    expect(fake.seen.length).toBe(calls);
  });
});

describe('POST /api/payment/stripe-webhook', () => {
  it('unverifies a card detached at Stripe (no longer the default), once per event id', async () => {
    const { id, pm } = await ownersCard();
    expect(
      (await send('PUT', '/payment-method/default', { payment_method_id: id })).statusCode,
    ).toBe(200);
    const detached = stripeEvent('payment_method.detached', paymentMethodObject(pm, VISA));
    const first = signed(detached);
    const res = await deliver(first.payload, first.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false, outcome: 'method_unverified' });
    const after = (await get(`/payment-method/${id}`)).json<MethodBody>();
    expect(after.is_verified).toBe(false);
    expect(after.is_default).toBe(false);

    // Set up again at Stripe: verified again.
    const succeeded = signed(
      stripeEvent('setup_intent.succeeded', {
        id: 'seti_again',
        object: 'setup_intent',
        payment_method: pm,
      }),
    );
    expect((await deliver(succeeded.payload, succeeded.signature)).json()).toMatchObject({
      outcome: 'method_verified',
    });
    expect((await get(`/payment-method/${id}`)).json<MethodBody>().is_verified).toBe(true);

    // The detach replayed (Stripe retries; an attacker may resend a captured one): no change.
    const replay = await deliver(first.payload, first.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({
      received: true,
      duplicate: true,
      outcome: 'method_unverified',
    });
    expect((await get(`/payment-method/${id}`)).json<MethodBody>().is_verified).toBe(true);
    const rows = await t.database.pool.query<{ count: string }>(
      'SELECT count(*) FROM payment_provider_event WHERE id = $1',
      [detached.id],
    );
    expect(rows.rows[0]?.count).toBe('1');
  });

  it("updates a card's expiry when Stripe updates it", async () => {
    const { id, pm } = await ownersCard();
    const renewed = { ...VISA, exp_month: 11, exp_year: 2034 };
    const event = signed(
      stripeEvent('payment_method.automatically_updated', paymentMethodObject(pm, renewed)),
    );
    expect((await deliver(event.payload, event.signature)).json()).toMatchObject({
      outcome: 'method_updated',
    });
    expect((await get(`/payment-method/${id}`)).json<MethodBody>().display_data).toMatchObject({
      exp_month: 11,
      exp_year: 2034,
      last4: '4242',
    });
  });

  it('refuses a wrong, missing or stale signature and a changed body with 400, changing nothing', async () => {
    const { id, pm } = await ownersCard();
    const event = stripeEvent('payment_method.detached', paymentMethodObject(pm, VISA));
    const wrong = signed(event, 'whsec_someoneelsessecret000');
    const stale = signed(event, FAKE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    const good = signed(event);
    const tampered = good.payload.replace('payment_method.detached', 'payment_method.detachee');
    for (const [payload, signature] of [
      [wrong.payload, wrong.signature],
      [stale.payload, stale.signature],
      [tampered, good.signature],
      [good.payload, undefined],
      [good.payload, 't=1,v1=00'],
    ] as const) {
      const res = await deliver(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().code).toBe('webhook_signature_invalid');
    }
    expect((await get(`/payment-method/${id}`)).json<MethodBody>().is_verified).toBe(true);
    const rows = await t.database.pool.query('SELECT 1 FROM payment_provider_event WHERE id = $1', [
      event.id,
    ]);
    expect(rows.rowCount).toBe(0);
  });

  it('answers an event type it does not use 200 ignored, and one for an unknown card recorded', async () => {
    const invoice = signed(stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' }));
    const res = await deliver(invoice.payload, invoice.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    const stranger = signed(
      stripeEvent('payment_method.detached', paymentMethodObject('pm_notours', VISA)),
    );
    expect((await deliver(stranger.payload, stranger.signature)).json()).toMatchObject({
      outcome: 'recorded',
    });
  });

  it('refuses a signed body that is not a JSON event with 400, and needs no session', async () => {
    const text = 'not json';
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: text,
      secret: FAKE_WEBHOOK_SECRET,
    });
    const res = await deliver(text, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().code).toBe('invalid_input');
    const noId = signed({ object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect((await deliver(noId.payload, noId.signature)).json<ErrorBody>().code).toBe(
      'invalid_input',
    );
  });

  it('keeps the raw body to this route only: other routes still parse JSON', async () => {
    const res = await send('POST', '/payment-method/validate-card', {
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    expect(res.json()).toEqual({ success: true });
    expect(res.statusCode).toBe(200);
  });
});
