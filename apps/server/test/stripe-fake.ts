// A local HTTP server speaking the part of Stripe's REST API the card provider calls (decision
// 287): form-encoded POST /v1/setup_intents, GET /v1/setup_intents/:id and
// GET /v1/payment_methods/:id, answering JSON shaped like Stripe's objects and Stripe's error
// bodies. A test "confirms" a setup intent as Stripe.js would in the customer's browser.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SECRET_KEY = 'sk_test_clinicpassfake0001';
export const FAKE_WEBHOOK_SECRET = 'whsec_clinicpassfakesigning01';

export interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  usage: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  created: number;
  livemode: false;
}

export interface StripeFake {
  /** The SDK's host/port/protocol override, as environment variables. */
  env: Record<string, string>;
  seen: SeenRequest[];
  /** What Stripe.js does when the customer confirms: the intent succeeds with a new card. */
  confirm(setupIntentId: string, card: FakeCard, status?: string): string;
  /** A setup intent made outside this app's own calls (another account's, say). */
  addIntent(metadata: Record<string, string>): string;
  setCard(paymentMethodId: string, card: FakeCard): void;
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function paymentMethodObject(pmId: string, card: FakeCard) {
  return {
    id: pmId,
    object: 'payment_method',
    type: 'card',
    card: { ...card, country: 'HK', funding: 'credit', checks: {}, wallet: null },
    billing_details: { address: null, email: null, name: null, phone: null },
    customer: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    metadata: {},
  };
}

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, SetupIntent>();
  const cards = new Map<string, FakeCard>();
  const seen: SeenRequest[] = [];

  const newIntent = (metadata: Record<string, string>, types: string[]): SetupIntent => {
    const intentId = id('seti');
    const intent: SetupIntent = {
      id: intentId,
      object: 'setup_intent',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      usage: 'off_session',
      payment_method: null,
      metadata,
      allowed_payment_method_types: types,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(intentId, intent);
    return intent;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      const text = await readBody(request);
      const form = new URLSearchParams(text);
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        form,
      });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(body));
      };
      const missing = (what: string) =>
        answer(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such ${what}`,
          },
        });
      if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
        answer(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
        const metadata: Record<string, string> = {};
        const types: string[] = [];
        for (const [key, value] of form) {
          const meta = /^metadata\[(.+)\]$/.exec(key);
          if (meta?.[1] !== undefined) metadata[meta[1]] = value;
          if (/^allowed_payment_method_types\[\d*\]$/.test(key)) types.push(value);
        }
        answer(200, newIntent(metadata, types));
        return;
      }
      const intentPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && intentPath?.[1] !== undefined) {
        const intent = intents.get(decodeURIComponent(intentPath[1]));
        if (intent === undefined) missing(`setupintent: '${intentPath[1]}'`);
        else answer(200, intent);
        return;
      }
      const methodPath = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && methodPath?.[1] !== undefined) {
        const pmId = decodeURIComponent(methodPath[1]);
        const card = cards.get(pmId);
        if (card === undefined) missing(`PaymentMethod: '${pmId}'`);
        else answer(200, paymentMethodObject(pmId, card));
        return;
      }
      answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    seen,
    confirm(setupIntentId, card, status = 'succeeded') {
      const intent = intents.get(setupIntentId);
      if (intent === undefined) throw new Error(`no setup intent ${setupIntentId}`);
      const pmId = id('pm');
      cards.set(pmId, card);
      intent.status = status;
      intent.payment_method = status === 'succeeded' ? pmId : null;
      return pmId;
    },
    addIntent(metadata) {
      return newIntent(metadata, ['card']).id;
    },
    setCard(paymentMethodId, card) {
      cards.set(paymentMethodId, card);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** An event as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: string, object: Record<string, unknown>, eventId = id('evt')) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-09-30.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export { paymentMethodObject };
