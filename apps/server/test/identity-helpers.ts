// Helpers for identity tests: requests from a given client address, codes read from the outbox.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { addClinicUser } from '../src/modules/clinic/clinic-user.service';
import { captchaHeader } from './captcha-support';

let addressCounter = 0;
/** A fresh client address, so one test's requests never count against another's limit. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 62500) % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export interface Client {
  address: string;
  post(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(path: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Calls that may need a captcha: the client solves one for them, as the web does. */
const CAPTCHA_PATHS = new Set(['/identity/forgot-password', '/identity/sign-in']);

/**
 * Requests from one client address. POSTs to forgot-password and sign-in carry a freshly solved
 * captcha unless `x-captcha` is given (`''`: send none).
 */
export function client(app: FastifyInstance, address = freshAddress()): Client {
  return {
    address,
    post: async (path, body, headers = {}) => {
      const given = headers[CAPTCHA_HEADER];
      const captcha =
        given === undefined
          ? CAPTCHA_PATHS.has(path)
            ? await captchaHeader(app)
            : {}
          : given === ''
            ? {}
            : { [CAPTCHA_HEADER]: given };
      const rest = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name !== CAPTCHA_HEADER),
      );
      return app.inject({
        method: 'POST',
        url: path,
        headers: { 'x-forwarded-for': address, ...rest, ...captcha },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
    get: (path, headers = {}) =>
      app.inject({ method: 'GET', url: path, headers: { 'x-forwarded-for': address, ...headers } }),
  };
}

export interface OutboxEntry {
  id: number;
  channel: string;
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

export async function outbox(app: FastifyInstance): Promise<OutboxEntry[]> {
  const res = await app.inject('/dev/outbox');
  expect(res.statusCode).toBe(200);
  return res.json<OutboxEntry[]>();
}

/** The 6-digit code of the newest message to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const message = (await outbox(app)).find((entry) => entry.to === to);
  if (!message) throw new Error(`no message to ${to}`);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (code === undefined) throw new Error(`no code in the message to ${to}`);
  return code;
}

/** A different 6-digit code. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const header = res.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return Object.fromEntries(
    list.map((line) => {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      return [pair.slice(0, index), line];
    }),
  );
}

export function cookieValue(line: string | undefined): string {
  if (line === undefined) throw new Error('cookie not set');
  const [pair = ''] = line.split(';');
  return decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
}

export async function createUser(
  app: FastifyInstance,
  email: string,
  options: { password?: string; phone?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/dev/identity/users',
    payload: {
      email,
      ...(options.password === undefined ? {} : { password: options.password }),
      ...(options.phone === undefined ? {} : { phone_number: options.phone }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export const PASSWORD = 'ClinicPass2026';

/** A new confirmed user without a phone, signed in: its Bearer header. */
export async function signedInUser(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<{ authorization: string }> {
  await createUser(app, email, { password });
  const res = await client(app).post(
    '/identity/sign-in',
    { email, password },
    { 'x-token-delivery': 'body' },
  );
  const { access_token: token } = res.json<{ tokens: { access_token: string } }>().tokens;
  return { authorization: `Bearer ${token}` };
}

/** A clinic staff account bound to the venues, signed in with its password and SMS code. */
export async function signInClinicStaff(
  app: FastifyInstance,
  db: Database,
  user: { email: string; phone: string; venueIds: number[] },
): Promise<{ authorization: string }> {
  await addClinicUser(db, { ...user, password: PASSWORD });
  const c = client(app);
  const first = await c.post(
    '/identity/sign-in',
    { email: user.email, password: PASSWORD },
    { 'x-token-delivery': 'body' },
  );
  expect(first.statusCode, first.body).toBe(200);
  const session = first.json<{ challenge: { session: string } }>().challenge.session;
  const code = await latestCode(app, `+852${user.phone}`);
  const second = await c.post(
    '/identity/sign-in/challenge',
    { session, code },
    { 'x-token-delivery': 'body' },
  );
  expect(second.statusCode, second.body).toBe(200);
  const token = second.json<{ tokens: { access_token: string } }>().tokens.access_token;
  return { authorization: `Bearer ${token}` };
}
