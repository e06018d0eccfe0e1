// The card provider through Stripe's SDK (decision 287), against a local HTTP server that speaks
// the part of Stripe's API the server calls (form-encoded POST /v1/setup_intents, GET
// /v1/payment_methods/:id, Stripe's error bodies), and its webhook signed the way Stripe signs:
// setup intents and cards from Stripe, its refusals as the spec's card errors, Stripe down as a
// 503 naming no secret, webhooks verified on the raw body, replays changing nothing more, and
// the settings refused when incomplete.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { STRIPE_WEBHOOK_RATE_LIMIT } from '../src/modules/payment/stripe-webhook.routes';
import { type ErrorBody, type MethodBody, requests } from './billing-support';
import { testConfig } from './build-app';
import { buildPolicyTestApp, OTHER, OWNER, type PolicyTestApp } from './policy-support';

const SECRET_KEY = 'sk_test_FakeKeyForTheLocalServer01';
const WEBHOOK_SECRET = 'whsec_LocalWebhookSecret01';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

const CARDS: Record<string, { brand: string; last4: string; exp_month: number; exp_year: number }> =
  {
    pm_fake_visa: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 },
    pm_fake_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 },
    pm_fake_other: { brand: 'amex', last4: '0005', exp_month: 2, exp_year: 2029 },
  };

/** A Stripe error body, as Stripe answers one. */
const stripeError = (type: string, code: string, message: string) =>
  JSON.stringify({ error: { type, code, message } });

function paymentMethodObject(id: string) {
  const card = CARDS[id];
  return card
    ? { id, object: 'payment_method', type: 'card', card, livemode: false }
    : { id, object: 'payment_method', type: 'sepa_debit', sepa_debit: { last4: '3000' } };
}

let fake: Server;
let down = false;
const seen: Seen[] = [];

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let t: PolicyTestApp;
let send: ReturnType<typeof requests>['send'];
let get: ReturnType<typeof requests>['get'];

beforeAll(async () => {
  fake = createServer((request, response) => {
    void body(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        form: new URLSearchParams(text),
      });
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${String(seen.length)}`);
      if (down) {
        response.statusCode = 500;
        response.end(stripeError('api_error', 'processing_error', 'An error occurred'));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        response.end(JSON.stringify({ id: `cus_fake${String(seen.length)}`, object: 'customer' }));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const form = new URLSearchParams(text);
        if (form.get('payment_method') === 'pm_fake_mastercard') {
          response.statusCode = 402;
          response.end(stripeError('card_error', 'card_declined', 'Your card was declined.'));
          return;
        }
        response.end(
          JSON.stringify({
            id: `pi_fake${String(seen.length)}`,
            object: 'payment_intent',
            status: 'succeeded',
            amount: Number(form.get('amount')),
            currency: form.get('currency'),
          }),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
        const id = `seti_fake${String(seen.length)}`;
        response.end(
          JSON.stringify({
            id,
            object: 'setup_intent',
            client_secret: `${id}_secret_fromTheFake`,
            status: 'requires_payment_method',
            usage: 'off_session',
          }),
        );
        return;
      }
      const method = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname)?.[1];
      if (request.method === 'GET' && method !== undefined) {
        if (method === 'pm_fake_declined') {
          response.statusCode = 402;
          response.end(stripeError('card_error', 'card_declined', 'Your card was declined.'));
        } else if (method === 'pm_fake_3ds') {
          response.statusCode = 402;
          response.end(
            stripeError('card_error', 'authentication_required', 'Authentication required.'),
          );
        } else if (method.startsWith('pm_fake_')) {
          response.end(JSON.stringify(paymentMethodObject(method)));
        } else {
          response.statusCode = 404;
          response.end(
            stripeError(
              'invalid_request_error',
              'resource_missing',
              `No such PaymentMethod: '${method}'`,
            ),
          );
        }
        return;
      }
      response.statusCode = 404;
      response.end(
        stripeError('invalid_request_error', 'resource_missing', 'Unrecognized request URL'),
      );
    });
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const { port } = fake.address() as AddressInfo;
  t = await buildPolicyTestApp({
    config: testConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${String(port)}`,
    }),
  });
  ({ send, get } = requests(t));
});
afterAll(async () => {
  await t.close();
  fake.close();
});

const addCard = (token: string, user = OWNER) =>
  send('POST', '/payment-method', { gateway: 'stripe-card', token }, user);

describe('cards through Stripe', () => {
  it('creates the setup intent at Stripe, with the secret key, for cards used off-session, saved to the owner’s customer', async () => {
    const before = seen.length;
    const res = await send('POST', '/payment-gateway/stripe/setup-intent', {});
    expect(res.statusCode).toBe(200);
    const secret = res.json<{ client_secret: string }>().client_secret;
    expect(secret).toMatch(/^seti_fake\d+_secret_fromTheFake$/);
    const call = seen.slice(before);
    // The owner's customer is made first, with only our id of them.
    expect(call.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/setup_intents',
    ]);
    const customerForm = [...(call[0]?.form.keys() ?? [])];
    expect(customerForm).toEqual(['metadata[clinicpass_user]']);
    expect(call[1]?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call[1]?.form.get('usage')).toBe('off_session');
    expect(call[1]?.form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(call[1]?.form.get('customer')).toMatch(/^cus_fake\d+$/);
    // The next setup intent reuses the customer.
    const next = seen.length;
    expect((await send('POST', '/payment-gateway/stripe/setup-intent', {})).statusCode).toBe(200);
    expect(seen.slice(next).map(({ path }) => path)).toEqual(['/v1/setup_intents']);
    expect(seen.at(-1)?.form.get('customer')).toBe(call[1]?.form.get('customer'));
  });

  it('pays an invoice with a saved card: a confirmed off-session payment intent in cents, under a key', async () => {
    const card = await addCard('pm_fake_visa');
    expect(card.statusCode, card.body).toBe(200);
    const invoices = (await get('/invoice?page_size=100')).json<{
      results: { id: number; status: string }[];
    }>().results;
    const target = invoices[0];
    if (!target) throw new Error('the owner has no invoice');
    await t.database.db.execute(
      sql`UPDATE invoice SET status = 'open', outstanding_amount = 160.36 WHERE id = ${target.id}`,
    );
    const declined = await addCard('pm_fake_mastercard');
    const refused = await send('POST', `/invoice/${target.id}/pay`, {
      payment_method_id: declined.json<MethodBody>().id,
    });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json<ErrorBody>().code).toBe('card_declined');
    const before = seen.length;
    const res = await send('POST', `/invoice/${target.id}/pay`, {
      payment_method_id: card.json<MethodBody>().id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ status: string }>().status).toBe('paid');
    const charge = seen.slice(before).find(({ path }) => path === '/v1/payment_intents');
    expect(charge?.form.get('amount')).toBe('16036');
    expect(charge?.form.get('currency')).toBe('hkd');
    expect(charge?.form.get('payment_method')).toBe('pm_fake_visa');
    expect(charge?.form.get('customer')).toMatch(/^cus_fake\d+$/);
    expect(charge?.form.get('confirm')).toBe('true');
    expect(charge?.form.get('off_session')).toBe('true');
    expect(charge?.idempotencyKey).toMatch(
      new RegExp(`^invoice-${String(target.id)}-attempt-\\d+$`),
    );
    const recorded = await t.database.db.execute(
      sql`SELECT provider, provider_reference FROM invoice_payment WHERE invoice_id = ${target.id}`,
    );
    expect(recorded.rows).toEqual([
      { provider: 'stripe', provider_reference: expect.stringMatching(/^pi_fake\d+$/) },
    ]);
  });

  it("adds a card from Stripe's payment method: brand, last four and expiry as Stripe has them", async () => {
    const res = await addCard('pm_fake_visa');
    expect(res.statusCode).toBe(200);
    expect(res.json<MethodBody>()).toMatchObject({
      gateway: 'stripe-card',
      is_verified: true,
      display_data: {
        label: 'Visa •••• 4242',
        brand: 'visa',
        last4: '4242',
        exp_month: 8,
        exp_year: 2031,
      },
    });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_methods/pm_fake_visa' });
  });

  it("answers Stripe's refusals as the spec's card errors, and sends Stripe nothing that is not a payment method id", async () => {
    const code = async (token: string) => {
      const res = await addCard(token);
      return [res.statusCode, res.json<ErrorBody>().code];
    };
    expect(await code('pm_fake_declined')).toEqual([402, 'card_add_failed']);
    expect(await code('pm_fake_3ds')).toEqual([402, 'card_authentication_failed']);
    expect(await code('pm_fake_sepa')).toEqual([402, 'card_unsupported']);
    expect(await code('pm_unknown')).toEqual([402, 'card_setup_failed']);
    const before = seen.length;
    expect(await code('pm_../../v1/customers')).toEqual([402, 'card_setup_failed']);
    expect(await code('4242 4242 4242 4242')).toEqual([400, 'invalid_card_input']);
    expect(seen.length).toBe(before);
  });

  it('answers 503 while Stripe fails, naming no secret, after the SDK retried', async () => {
    down = true;
    const before = seen.length;
    try {
      const res = await addCard('pm_fake_mastercard');
      expect(res.statusCode).toBe(503);
      expect(res.json<ErrorBody>().code).toBe('service_unavailable');
      expect(res.body).not.toContain(SECRET_KEY);
      expect(seen.length - before).toBe(3);
    } finally {
      down = false;
    }
  });
});

describe('the Stripe webhook', () => {
  const stripe = new Stripe(SECRET_KEY);
  let event = 0;
  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret });
  const deliver = (type: string, object: unknown, headers?: Record<string, string>) => {
    event += 1;
    const payload = JSON.stringify({
      id: `evt_${String(event)}`,
      object: 'event',
      type,
      data: { object },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: Stripe.API_VERSION,
    });
    return {
      payload,
      send: (extra: Record<string, string> = headers ?? { 'stripe-signature': sign(payload) }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/stripe/webhook',
          headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
          payload,
        }),
    };
  };
  const methodOf = async (token: string, user = OWNER) => {
    const res = await addCard(token, user);
    expect(res.statusCode).toBe(200);
    return res.json<MethodBody>().id;
  };
  const read = async (id: number, user = OWNER) =>
    (await get(`/payment-method/${String(id)}`, user)).json<MethodBody>();

  it("follows a card's new expiry, and a replay changes nothing more", async () => {
    const id = await methodOf('pm_fake_mastercard');
    const updated = deliver('payment_method.updated', {
      ...paymentMethodObject('pm_fake_mastercard'),
      card: { brand: 'mastercard', last4: '4444', exp_month: 6, exp_year: 2033 },
    });
    const first = await updated.send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, handled: 'payment_method.updated' });
    expect((await read(id)).display_data).toMatchObject({ exp_month: 6, exp_year: 2033 });
    const replay = await updated.send();
    expect(replay.statusCode).toBe(200);
    expect((await read(id)).display_data).toMatchObject({ exp_month: 6, exp_year: 2033 });
  });

  it("makes a card detached at Stripe unusable, and touches no other customer's card", async () => {
    const mine = await methodOf('pm_fake_other');
    const theirs = await methodOf('pm_fake_visa', OTHER);
    const res = await deliver(
      'payment_method.detached',
      paymentMethodObject('pm_fake_other'),
    ).send();
    expect(res.statusCode).toBe(200);
    expect((await read(mine)).is_verified).toBe(false);
    expect((await read(theirs, OTHER)).is_verified).toBe(true);
    const defaulted = await send('POST', '/payment-method/default', { payment_method_id: mine });
    expect(defaulted.json<ErrorBody>().code).toBe('payment_method_not_usable');
  });

  it('refuses a wrong or missing signature with 400, and ignores an event it does not model', async () => {
    const forged = deliver('payment_method.detached', paymentMethodObject('pm_fake_visa'));
    const wrong = await forged.send({
      'stripe-signature': sign(forged.payload, 'whsec_SomeoneElses1'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>()).toMatchObject({
      code: 'invalid_input',
      message: 'Invalid webhook: the Stripe-Signature does not match the body',
    });
    const missing = await forged.send({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().details?.issues[0]?.path).toBe('headers.stripe-signature');
    const other = await deliver('customer.created', { id: 'cus_1', object: 'customer' }).send();
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true, handled: null });
  });

  it('limits deliveries per sending address across processes, with 429 and Retry-After', async () => {
    const forged = deliver('payment_method.detached', paymentMethodObject('pm_fake_visa'));
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/stripe/webhook',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: forged.payload,
      });
    const statuses: number[] = [];
    for (let i = 0; i < STRIPE_WEBHOOK_RATE_LIMIT.max + 10; i += 1) {
      statuses.push((await from('203.0.113.77')).statusCode);
    }
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(
      STRIPE_WEBHOOK_RATE_LIMIT.max - 5,
    );
    const refused = await from('203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted apart.
    expect((await from('203.0.113.78')).statusCode).toBe(400);
  });
});

describe('the settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      testConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the settings were accepted');
  };

  it('refuses PAYMENT_PROVIDER=stripe without its key and webhook secret, or with malformed ones, naming no value', () => {
    expect(refusal({ PAYMENT_PROVIDER: 'stripe' })).toMatch(
      /STRIPE_SECRET_KEY.*required with PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    const malformed = refusal({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_test_PublishableNotSecret1',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    expect(malformed).toMatch(/STRIPE_SECRET_KEY.*must be a Stripe secret key/);
    expect(malformed).not.toContain('PublishableNotSecret');
  });

  it('has no webhook route on the stand-in provider', async () => {
    const standIn = await buildPolicyTestApp();
    try {
      const res = await standIn.app.inject({
        method: 'POST',
        url: '/api/payment/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await standIn.close();
    }
  });
});
