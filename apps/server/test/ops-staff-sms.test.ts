// The staff second factor by SMS (issue 39, decision 304): an admin sets an account up with
// SMS codes to a mobile; the person signs in with the password, then the code the SMS brings,
// on the customers' code path (3 minutes, 5 attempts, sends per hour); a wrong code is refused
// and the 6th attempt ends the code. No code and no phone number reach the log.
import { fixedClock } from '@clinicpass/shared/time/clock';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { captureLogs } from './log-capture';
import { cookieValue, latestCode, outbox, wrongCode } from './identity-helpers';
import { staffSessionCookie } from './ops-support';

const NOW = new Date('2026-12-07T05:00:00.000Z');
const PHONE = '+85291234567';
const EMAIL = 'sms.service@clinicpass.example';
let logLines: string[] = [];
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let password: string;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  const config = testConfig();
  const logs = captureLogs(config);
  logLines = logs.lines;
  app = await buildApp({ config, db: database.db, clock: fixedClock(NOW), logger: logs.logger });
  await app.ready();
  admin = await staffSessionCookie(app, database.db, {
    email: 'sms.admin@clinicpass.example',
    roles: ['admin'],
    now: NOW,
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/ops/staff',
    headers: { cookie: admin },
    payload: {
      email: EMAIL,
      name: 'Sam Service',
      roles: ['service'],
      second_factor: 'sms',
      phone: '9123 4567',
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({
    staff: { email: EMAIL, second_factor: 'sms' },
    totp: null,
  });
  password = created.json<{ password: string }>().password;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

let addressSeq = 0;
const post = (url: string, payload: object) => {
  addressSeq += 1;
  return app.inject({
    method: 'POST',
    url: `/api/ops${url}`,
    remoteAddress: `198.18.0.${String(addressSeq)}`,
    payload,
  });
};
const startSignIn = async () => {
  const res = await post('/session/sms', { email: EMAIL, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ session: string; destination: string; expires_in: number }>();
};
const code = (res: LightMyRequestResponse) => res.json<{ code: string }>().code;

describe('staff sign-in with an SMS code', () => {
  it('signs in with the password, then the code of the SMS sent through the outbox', async () => {
    const challenge = await startSignIn();
    expect(challenge).toMatchObject({ destination: '+852 ****4567', expires_in: 180 });
    const sms = (await outbox(app)).find((entry) => entry.to === PHONE);
    expect(sms?.channel).toBe('sms');
    const res = await post('/session/sms/verify', {
      session: challenge.session,
      code: await latestCode(app, PHONE),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ staff: { email: EMAIL, roles: ['service'] } });
    const line = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('cp_staff='));
    const me = await app.inject({
      url: '/api/ops/session',
      headers: { cookie: `cp_staff=${encodeURIComponent(cookieValue(line))}` },
    });
    expect(me.statusCode).toBe(200);
    // The code is used once.
    const again = await post('/session/sms/verify', {
      session: challenge.session,
      code: await latestCode(app, PHONE),
    });
    expect(again.statusCode).toBe(401);
    expect(code(again)).toBe('staff_sign_in_failed');

    const audit = await app.inject({
      url: `/api/ops/audit?actor=${EMAIL}&action=staff.sign-in`,
      headers: { cookie: admin },
    });
    expect(audit.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ actor: EMAIL, after: { method: 'sms' } }),
    ]);
    // Made with the phone masked in the log.
    const made = await app.inject({
      url: '/api/ops/audit?action=staff.create&target_kind=staff',
      headers: { cookie: admin },
    });
    const entry = made
      .json<{ items: { after: Record<string, unknown> }[] }>()
      .items.find((item) => item.after.email === EMAIL);
    expect(entry?.after).toMatchObject({ second_factor: 'sms', phone: '••••••••••67' });
  });

  it('refuses a wrong code, then takes the right one', async () => {
    const challenge = await startSignIn();
    const right = await latestCode(app, PHONE);
    const wrong = await post('/session/sms/verify', {
      session: challenge.session,
      code: wrongCode(right),
    });
    expect(wrong.statusCode).toBe(401);
    expect(code(wrong)).toBe('staff_sign_in_failed');
    const ok = await post('/session/sms/verify', { session: challenge.session, code: right });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('ends the code after 5 wrong attempts, as a customer’s: the right one is refused after', async () => {
    const challenge = await startSignIn();
    const right = await latestCode(app, PHONE);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await post('/session/sms/verify', {
        session: challenge.session,
        code: wrongCode(right),
      });
      expect(res.statusCode, `attempt ${String(attempt)}`).toBe(401);
    }
    const late = await post('/session/sms/verify', { session: challenge.session, code: right });
    expect(late.statusCode).toBe(429);
    expect(code(late)).toBe('limit_exceeded');
  });

  it('keeps each account to its factor, and sends nothing for a wrong password', async () => {
    const sent = (await outbox(app)).length;
    const wrongPassword = await post('/session/sms', { email: EMAIL, password: 'not-the-one' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(code(wrongPassword)).toBe('staff_sign_in_failed');
    expect((await outbox(app)).length).toBe(sent);
    // The authenticator's sign-in refuses the SMS account; the SMS sign-in, a TOTP account.
    const totp = await post('/session', { email: EMAIL, password, code: '123456' });
    expect(code(totp)).toBe('staff_sign_in_failed');
    const unknown = await post('/session/sms/verify', { session: 'no-such', code: '123456' });
    expect(code(unknown)).toBe('staff_sign_in_failed');
  });

  it('lets an admin switch an account to an authenticator and back to SMS, its sessions ended', async () => {
    const list = await app.inject({ url: '/api/ops/staff', headers: { cookie: admin } });
    const id = list
      .json<{ items: { id: string; email: string }[] }>()
      .items.find((item) => item.email === EMAIL)?.id;
    if (id === undefined) throw new Error('no account');
    const toTotp = await app.inject({
      method: 'PUT',
      url: `/api/ops/staff/${id}/second-factor`,
      headers: { cookie: admin },
      payload: { second_factor: 'totp' },
    });
    expect(toTotp.statusCode, toTotp.body).toBe(200);
    expect(toTotp.json()).toMatchObject({
      staff: { second_factor: 'totp' },
      totp: { secret: expect.any(String) as string },
    });
    expect(code(await post('/session/sms', { email: EMAIL, password }))).toBe(
      'staff_sign_in_failed',
    );
    const noPhone = await app.inject({
      method: 'PUT',
      url: `/api/ops/staff/${id}/second-factor`,
      headers: { cookie: admin },
      payload: { second_factor: 'sms' },
    });
    expect(noPhone.statusCode).toBe(400);
    const toSms = await app.inject({
      method: 'PUT',
      url: `/api/ops/staff/${id}/second-factor`,
      headers: { cookie: admin },
      payload: { second_factor: 'sms', phone: '6123 4567' },
    });
    expect(toSms.json()).toMatchObject({ staff: { second_factor: 'sms' }, totp: null });
    expect((await startSignIn()).destination).toBe('+852 ****4567');
  });

  it('writes no code and no phone number to the log', async () => {
    const everything = logLines.join('\n');
    expect(everything).toContain('message queued');
    for (const entry of await outbox(app)) {
      const sixDigits = /\b(\d{6})\b/.exec(entry.body)?.[1];
      if (sixDigits !== undefined) expect(everything).not.toContain(sixDigits);
    }
    for (const phone of ['91234567', '61234567', '+85291234567', '+85261234567']) {
      expect(everything).not.toContain(phone);
    }
  });
});
