// Codes (attempts, single use, expiry), lockout, rate limits, every error name from its cause,
// and secrets kept out of the database and the log.
import { Writable } from 'node:stream';
import { fixedClock } from '@clinicpass/shared/time/clock';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { buildTestApp, testConfig, type TestApp } from './build-app';
import { deriveKey, keyedHash } from '../src/lib/crypto';
import { TEST_SECRET_KEY } from './constants';
import { createTestDatabase } from './db';
import {
  client,
  cookieValue,
  cookiesOf,
  createUser,
  latestCode,
  PASSWORD,
  signedInUser,
  wrongCode,
} from './identity-helpers';

const clock = fixedClock('2026-06-01T02:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { IDENTITY_ADDRESS_LIMIT_PER_MINUTE: '100000', IDENTITY_CODE_SENDS_PER_HOUR: '1000' },
  });
});
afterAll(async () => {
  await t.close();
});

async function requestReset(email: string) {
  const res = await client(t.app).post('/identity/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  return latestCode(t.app, email);
}

describe('one-time codes', () => {
  it(
    'checks at most 5 of 1,000 wrong codes sent one after another',
    { timeout: 90_000 },
    async () => {
      const email = 'seq@example.com';
      await createUser(t.app, email, { password: PASSWORD });
      const code = await requestReset(email);
      const c = client(t.app);
      const answers: string[] = [];
      for (let i = 0; i < 1000; i++) {
        const res = await c.post('/identity/forgot-password/confirm', {
          email,
          code: wrongCode(code),
          new_password: 'NewPassword2027',
        });
        answers.push(res.json<{ code: string }>().code);
      }
      expect(answers.filter((a) => a === 'CodeMismatchException')).toHaveLength(5);
      expect(answers.filter((a) => a === 'TooManyFailedAttemptsException')).toHaveLength(995);
      // The right code no longer helps either.
      const right = await c.post('/identity/forgot-password/confirm', {
        email,
        code,
        new_password: 'NewPassword2027',
      });
      expect(right.json()).toMatchObject({ code: 'TooManyFailedAttemptsException' });
    },
  );

  it('checks at most 5 of 50 wrong codes sent at once', async () => {
    const email = 'parallel@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const code = await requestReset(email);
    const c = client(t.app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        c
          .post('/identity/forgot-password/confirm', {
            email,
            code: wrongCode(code),
            new_password: 'NewPassword2027',
          })
          .then((res) => res.json<{ code: string }>().code),
      ),
    );
    expect(answers.filter((a) => a === 'CodeMismatchException')).toHaveLength(5);
    expect(answers.filter((a) => a === 'TooManyFailedAttemptsException')).toHaveLength(45);
  });

  it('lets the right code sent 10 times at once succeed once', async () => {
    const email = 'once@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const code = await requestReset(email);
    const c = client(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c
          .post('/identity/forgot-password/confirm', {
            email,
            code,
            new_password: `NewPassword${2030 + i}`,
          })
          .then((res) => JSON.stringify(res.json())),
      ),
    );
    expect(answers.filter((a) => a === '{"ok":true}')).toHaveLength(1);
    expect(answers.filter((a) => a !== '{"ok":true}').every((a) => a.includes('Exception'))).toBe(
      true,
    );
  });

  it('accepts a reset code 1 s before its hour is up and refuses it 1 s after', async () => {
    const email = 'expiry@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const start = clock.now();
    const code = await requestReset(email);
    const c = client(t.app);
    clock.set(new Date(start.getTime() + 60 * 60_000 + 1000));
    const late = await c.post('/identity/forgot-password/confirm', {
      email,
      code,
      new_password: 'NewPassword2027',
    });
    expect(late.json()).toMatchObject({ code: 'ExpiredCodeException' });

    clock.set(start);
    const second = await requestReset(email);
    clock.set(new Date(start.getTime() + 60 * 60_000 - 1000));
    const inTime = await c.post('/identity/forgot-password/confirm', {
      email,
      code: second,
      new_password: 'NewPassword2027',
    });
    expect(inTime.json()).toEqual({ ok: true });
    clock.set(start);
  });

  it('accepts an SMS sign-in code 1 s before its 3 minutes are up and refuses it 1 s after', async () => {
    const start = clock.now();
    const c = client(t.app);
    const challenge = async () => {
      clock.set(start);
      const res = await c.post('/identity/sign-in', {
        email: 'owner@example.com',
        password: PASSWORD,
      });
      const session = res.json<{ challenge: { session: string } }>().challenge.session;
      return { session, code: await latestCode(t.app, '+85291234567') };
    };
    const first = await challenge();
    clock.set(new Date(start.getTime() + 3 * 60_000 + 1000));
    const late = await c.post('/identity/sign-in/challenge', first);
    expect(late.json()).toMatchObject({ code: 'ExpiredCodeException' });
    const second = await challenge();
    clock.set(new Date(start.getTime() + 3 * 60_000 - 1000));
    const inTime = await c.post('/identity/sign-in/challenge', second);
    expect(inTime.json()).toEqual({ signed_in: true });
    clock.set(start);
  });

  it('accepts a first-time code 1 s before its 24 hours are up and refuses it 1 s after', async () => {
    const email = 'first-expiry@example.com';
    await createUser(t.app, email);
    const start = clock.now();
    const c = client(t.app);
    const confirm = (code: string) =>
      c.post('/identity/first-time/confirm', { email, code, new_password: 'FirstPass2027' });
    await c.post('/identity/first-time', { email });
    const code = await latestCode(t.app, email);
    clock.set(new Date(start.getTime() + 24 * 60 * 60_000 + 1000));
    expect((await confirm(code)).json()).toMatchObject({ code: 'ExpiredCodeException' });
    clock.set(start);
    await c.post('/identity/first-time', { email });
    const second = await latestCode(t.app, email);
    clock.set(new Date(start.getTime() + 24 * 60 * 60_000 - 1000));
    expect((await confirm(second)).json()).toEqual({ signed_in: true });
    clock.set(start);
  });

  it('accepts a phone code 1 s before its 10 minutes are up and refuses it 1 s after', async () => {
    const auth = await signedInUser(t.app, 'phone-expiry@example.com');
    const start = clock.now();
    const c = client(t.app);
    const send = async () => {
      clock.set(start);
      await c.post('/identity/phone/verify', { phone_number: '+85265550202' }, auth);
      return latestCode(t.app, '+85265550202');
    };
    const first = await send();
    clock.set(new Date(start.getTime() + 10 * 60_000 + 1000));
    const late = await c.post('/identity/phone/verify/confirm', { code: first }, auth);
    expect(late.json()).toMatchObject({ code: 'ExpiredCodeException' });
    const second = await send();
    clock.set(new Date(start.getTime() + 10 * 60_000 - 1000));
    const inTime = await c.post('/identity/phone/verify/confirm', { code: second }, auth);
    expect(inTime.json()).toEqual({ ok: true });
    clock.set(start);
  });

  it('refuses an unknown challenge session', async () => {
    const res = await client(t.app).post('/identity/sign-in/challenge', {
      session: 'x'.repeat(43),
      code: '123456',
    });
    expect(res.json()).toMatchObject({ code: 'NotAuthorizedException' });
  });
});

describe('sign-in lockout', () => {
  it('locks after 5 failures for 1 s, then 2 s, answering like a wrong password', async () => {
    const email = 'lockout@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const c = client(t.app);
    const start = clock.now();
    const signIn = (password: string) =>
      c
        .post('/identity/sign-in', { email, password })
        .then((res) => res.json<{ code?: string; signed_in?: boolean }>());
    for (let i = 0; i < 5; i++) {
      expect(await signIn('Wrong-Pass1')).toMatchObject({ code: 'NotAuthorizedException' });
    }
    clock.set(new Date(start.getTime() + 900));
    expect(await signIn(PASSWORD)).toMatchObject({ code: 'NotAuthorizedException' });
    clock.set(new Date(start.getTime() + 1100));
    expect(await signIn('Wrong-Pass1')).toMatchObject({ code: 'NotAuthorizedException' });
    clock.set(new Date(start.getTime() + 1100 + 1900));
    expect(await signIn(PASSWORD)).toMatchObject({ code: 'NotAuthorizedException' });
    clock.set(new Date(start.getTime() + 1100 + 2100));
    expect(await signIn(PASSWORD)).toEqual({ signed_in: true });
    clock.set(start);
  });

  it('caps the lock at 15 minutes and forgets failures after 15 quiet minutes', async () => {
    const email = 'lockout-cap@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const c = client(t.app);
    const start = clock.now();
    let now = start.getTime();
    // 15 failures, each after the previous lock ended: the 15th locks for min(2^10 s, 15 min).
    for (let i = 0; i < 15; i++) {
      clock.set(new Date(now));
      await c.post('/identity/sign-in', { email, password: 'Wrong-Pass1' });
      const lock = i < 4 ? 0 : Math.min(1000 * 2 ** (i - 4), 15 * 60_000);
      now += lock + 1;
    }
    clock.set(new Date(now - 2));
    expect((await c.post('/identity/sign-in', { email, password: PASSWORD })).json()).toMatchObject(
      { code: 'NotAuthorizedException' },
    );
    clock.set(new Date(now));
    expect((await c.post('/identity/sign-in', { email, password: PASSWORD })).json()).toEqual({
      signed_in: true,
    });
    // 5 failures, then 15 quiet minutes: the next failure counts as the first and locks nothing.
    for (let i = 0; i < 5; i++) await c.post('/identity/sign-in', { email, password: 'Wrong-1a' });
    clock.set(new Date(now + 1000 + 15 * 60_000));
    await c.post('/identity/sign-in', { email, password: 'Wrong-1a' });
    expect((await c.post('/identity/sign-in', { email, password: PASSWORD })).json()).toEqual({
      signed_in: true,
    });
    clock.set(start);
  });

  it('checks at most 5 of 20 wrong passwords sent at once, then answers the right one as wrong', async () => {
    const email = 'parallel-lockout@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const c = client(t.app);
    // Each request carries its own solved captcha, as a determined attacker's would.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        c
          .post('/identity/sign-in', { email, password: 'Wrong-Pass1' })
          .then((res) => res.json<{ code?: string }>().code),
      ),
    );
    expect(answers).toEqual(Array(20).fill('NotAuthorizedException'));
    // Every password check first takes a slot, counted as a failure: exactly 5, and locked.
    const key = keyedHash(deriveKey(TEST_SECRET_KEY, 'identity-lookup'), `sign-in:${email}`);
    const rows = await t.database.pool.query<{ failures: number; locked_until: Date | null }>(
      'select failures, locked_until from identity_sign_in_failure where email_key = $1',
      [key],
    );
    expect(rows.rows[0]?.failures).toBe(5);
    expect(rows.rows[0]?.locked_until?.getTime()).toBe(clock.now().getTime() + 1000);
    const right = await c.post('/identity/sign-in', { email, password: PASSWORD });
    expect(right.json()).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect email or password',
    });
  });

  it('lets at most 3 parallel guesses without a captcha through, the rest must solve one', async () => {
    const email = 'parallel-captcha@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client(t.app)
          .post('/identity/sign-in', { email, password: 'Wrong-Pass1' }, { 'x-captcha': '' })
          .then((res) => res.json<{ code?: string }>().code),
      ),
    );
    expect(answers.filter((a) => a === 'NotAuthorizedException')).toHaveLength(3);
    expect(answers.filter((a) => a === 'captcha_required')).toHaveLength(17);
  });

  it('counts failures for unknown emails the same way', async () => {
    const c = client(t.app);
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const res = await c.post('/identity/sign-in', {
        email: 'ghost@example.com',
        password: 'Wrong-Pass1',
      });
      answers.push(res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    // Counted under a keyed hash of the email (5: failures while locked are not counted).
    const key = keyedHash(
      deriveKey(TEST_SECRET_KEY, 'identity-lookup'),
      'sign-in:ghost@example.com',
    );
    const rows = await t.database.pool.query<{ failures: number; locked_until: Date | null }>(
      'select failures, locked_until from identity_sign_in_failure where email_key = $1',
      [key],
    );
    expect(rows.rows[0]?.failures).toBe(5);
    expect(rows.rows[0]?.locked_until).not.toBeNull();
  });
});

describe('limits and configured errors', () => {
  it('answers LimitExceededException past 5 code sends an hour, for unknown emails too', async () => {
    const limited = await buildTestApp({ clock: fixedClock('2026-06-01T02:00:00Z') });
    try {
      for (const email of ['plain@example.com', 'unknown-limit@example.com']) {
        const answers = [];
        for (let i = 0; i < 6; i++) {
          const res = await client(limited.app).post('/identity/forgot-password', { email });
          answers.push(res.json<{ code?: string }>().code ?? 'ok');
        }
        expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'LimitExceededException']);
      }
    } finally {
      await limited.close();
    }
  });

  it('answers TooManyRequestsException (429) past the per-address limit', async () => {
    const limited = await buildTestApp({ env: { IDENTITY_ADDRESS_LIMIT_PER_MINUTE: '3' } });
    try {
      const c = client(limited.app);
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await c.post('/identity/sign-in', {
          email: 'plain@example.com',
          password: 'Wrong-Pass1',
        });
        statuses.push(res.statusCode);
        if (i === 3) expect(res.json()).toMatchObject({ code: 'TooManyRequestsException' });
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Another address is not affected.
      const other = await client(limited.app).post('/identity/sign-in', {
        email: 'plain@example.com',
        password: PASSWORD,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers UserNotFoundException when user-existence errors are not prevented', async () => {
    const open = await buildTestApp({ env: { IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'false' } });
    try {
      const signIn = await client(open.app).post('/identity/sign-in', {
        email: 'nobody@example.com',
        password: PASSWORD,
      });
      expect(signIn.json()).toMatchObject({ code: 'UserNotFoundException' });
      const reset = await client(open.app).post('/identity/forgot-password', {
        email: 'nobody@example.com',
      });
      expect(reset.json()).toMatchObject({ code: 'UserNotFoundException' });
    } finally {
      await open.close();
    }
  });

  it('answers UserLambdaValidationException for a domain the validation hook blocks', async () => {
    const hooked = await buildTestApp({ env: { IDENTITY_BLOCKED_EMAIL_DOMAINS: 'blocked.test' } });
    try {
      const res = await client(hooked.app).post('/identity/forgot-password', {
        email: 'someone@blocked.test',
      });
      expect(res.json()).toMatchObject({ code: 'UserLambdaValidationException' });
      const first = await client(hooked.app).post('/identity/first-time', {
        email: 'someone@blocked.test',
      });
      expect(first.json()).toMatchObject({ code: 'UserLambdaValidationException' });
    } finally {
      await hooked.close();
    }
  });
});

describe('service modes', () => {
  it('answers writes 503 read_only_mode in read-only mode, still lets people sign in', async () => {
    const ro = await buildTestApp({ env: { SERVICE_MODE: 'read_only' } });
    try {
      const reset = await client(ro.app).post('/identity/forgot-password', {
        email: 'plain@example.com',
      });
      expect(reset.statusCode).toBe(503);
      expect(reset.json()).toMatchObject({ code: 'read_only_mode' });
      const signIn = await client(ro.app).post('/identity/sign-in', {
        email: 'plain@example.com',
        password: PASSWORD,
      });
      expect(signIn.statusCode).toBe(200);
      expect((await client(ro.app).get('/identity/me')).statusCode).toBe(200);
      // The finder's GraphQL searches are reads sent as POSTs: they still answer.
      const search = await ro.app.inject({
        method: 'POST',
        url: '/api/graphql',
        payload: { query: '{ countryRegions { results { code } } }' },
      });
      expect(search.statusCode).toBe(200);
      expect(
        search.json<{ data: { countryRegions: { results: unknown[] } } }>().data.countryRegions
          .results.length,
      ).toBeGreaterThan(0);
    } finally {
      await ro.close();
    }
  });

  it('answers API calls 503 maintenance in maintenance mode, health checks still answer', async () => {
    const m = await buildTestApp({ env: { SERVICE_MODE: 'maintenance' } });
    try {
      const me = await client(m.app).get('/identity/me');
      expect(me.statusCode).toBe(503);
      expect(me.json()).toMatchObject({ code: 'maintenance' });
      expect((await m.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});

describe('secrets at rest and in the log', () => {
  it('keeps codes, passwords and tokens out of the database and every log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await createTestDatabase();
    const config = testConfig();
    const app = await buildApp({
      config,
      db: database.db,
      clock: fixedClock('2026-06-01T02:00:00Z'),
      loggerInstance: pino({ level: 'trace' }, stream),
    });
    await app.ready();
    try {
      const c = client(app);
      const secrets: string[] = [PASSWORD];
      // Sign-in with SMS code.
      const challenge = await c.post(
        '/identity/sign-in',
        { email: 'owner@example.com', password: PASSWORD },
        { 'x-token-delivery': 'body' },
      );
      const session = challenge.json<{ challenge: { session: string } }>().challenge.session;
      const mfa = await latestCode(app, '+85291234567');
      const signedIn = await c.post(
        '/identity/sign-in/challenge',
        { session, code: mfa },
        { 'x-token-delivery': 'body' },
      );
      const tokens = signedIn.json<{ tokens: { access_token: string; refresh_token: string } }>()
        .tokens;
      secrets.push(session, mfa, tokens.access_token, tokens.refresh_token);
      await c.get('/identity/me', { authorization: `Bearer ${tokens.access_token}` });
      await c.get('/identity/me', {
        cookie: `cp_access=${tokens.access_token}; cp_refresh=${tokens.refresh_token}`,
      });
      // Reset.
      await c.post('/identity/forgot-password', { email: 'plain@example.com' });
      const reset = await latestCode(app, 'plain@example.com');
      const newPassword = 'Secret-Reset-2027';
      await c.post('/identity/forgot-password/confirm', {
        email: 'plain@example.com',
        code: reset,
        new_password: newPassword,
      });
      const refreshed = await c.post('/identity/sign-in', {
        email: 'plain@example.com',
        password: newPassword,
      });
      secrets.push(reset, newPassword, cookieValue(cookiesOf(refreshed).cp_refresh));

      // First-time password set.
      await c.post('/identity/first-time', { email: 'newmember@example.com' });
      const firstTime = await latestCode(app, 'newmember@example.com');
      const firstPassword = 'Secret-First-2027';
      const firstSet = await c.post(
        '/identity/first-time/confirm',
        { email: 'newmember@example.com', code: firstTime, new_password: firstPassword },
        { 'x-token-delivery': 'body' },
      );
      type BodyTokens = { tokens: { access_token: string; refresh_token: string } };
      const member = firstSet.json<BodyTokens>().tokens;
      secrets.push(firstTime, firstPassword, member.access_token, member.refresh_token);
      const auth = { authorization: `Bearer ${member.access_token}` };

      // Phone verification and password change.
      await c.post('/identity/phone/verify', { phone_number: '+85265550303' }, auth);
      const phoneCode = await latestCode(app, '+85265550303');
      const verified = await c.post('/identity/phone/verify/confirm', { code: phoneCode }, auth);
      expect(verified.json()).toEqual({ ok: true });
      const changedPassword = 'Secret-Change-2028';
      const changed = await c.post(
        '/identity/change-password',
        { current_password: firstPassword, new_password: changedPassword },
        auth,
      );
      expect(changed.json()).toEqual({ ok: true });
      secrets.push(phoneCode, changedPassword);

      // Refresh tokens rotated through /identity/refresh, in the body and from the cookie.
      const rotated = await c.post(
        '/identity/refresh',
        { refresh_token: member.refresh_token },
        { 'x-token-delivery': 'body' },
      );
      const next = rotated.json<BodyTokens>().tokens;
      const byCookie = await c.post('/identity/refresh', undefined, {
        cookie: `cp_refresh=${next.refresh_token}`,
      });
      expect(byCookie.statusCode).toBe(200);
      secrets.push(
        next.access_token,
        next.refresh_token,
        cookieValue(cookiesOf(byCookie).cp_access),
        cookieValue(cookiesOf(byCookie).cp_refresh),
      );

      const tables = await database.pool.query<{ tablename: string }>(
        "select tablename from pg_tables where schemaname = 'public'",
      );
      let dump = '';
      for (const { tablename } of tables.rows) {
        const rows = await database.pool.query(`select * from "${tablename}"`);
        dump += JSON.stringify(rows.rows);
      }
      expect(lines.length).toBeGreaterThan(10);
      const log = lines.join('\n');
      for (const secret of secrets) {
        expect(dump.includes(secret), `database holds ${secret.slice(0, 3)}…`).toBe(false);
        expect(log.includes(secret), `log holds ${secret.slice(0, 3)}…`).toBe(false);
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
