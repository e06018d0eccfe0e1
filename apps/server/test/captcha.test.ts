// The self-hosted captcha (issue 8): the challenge, the X-Captcha contract (required, invalid,
// expired, already used — agreed by several server processes), and where it is asked for:
// every member look-up, every forgot-password send, sign-in after 3 failures per client address
// or per email (unknown emails too); never on confirm steps.
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import { fixedClock } from '@clinicpass/shared/time/clock';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CAPTCHA_ALGORITHM } from '../src/modules/captcha/captcha.service';
import { buildTestApp, type TestApp } from './build-app';
import { CHALLENGE_URL, fetchChallenge, solve, solvedCaptcha } from './captcha-support';
import { testFactories, type MemberCard } from './factories';
import { client, freshAddress, latestCode } from './identity-helpers';

const clock = fixedClock(new Date());
let t: TestApp;
/** The member the look-ups find. */
let card: MemberCard;
beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
  card = await testFactories(t.database.db, { clock }).memberCard();
});
afterAll(async () => {
  await t.close();
});

const LOOKUP_URL = '/api/customer/outpatient/member-ticket';

function lookUp(app: FastifyInstance, captcha: string | undefined, address = freshAddress()) {
  return app.inject({
    method: 'POST',
    url: LOOKUP_URL,
    headers: {
      'x-forwarded-for': address,
      ...(captcha === undefined ? {} : { [CAPTCHA_HEADER]: captcha }),
    },
    payload: card.lookUp,
  });
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
    challenge: Challenge;
    solution: { counter: number; derivedKey: string };
  };

describe('the challenge', () => {
  it('is signed, expires in 5 minutes, is never cached, and differs each time', async () => {
    const res = await t.app.inject({ method: 'GET', url: CHALLENGE_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<Challenge>();
    expect(challenge.parameters.algorithm).toBe(CAPTCHA_ALGORITHM);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const data = challenge.parameters.data as { issued_at: number; expires_at: number };
    expect(data.expires_at - data.issued_at).toBe(300);
    const expiresIn = data.expires_at - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(298);
    expect(expiresIn).toBeLessThanOrEqual(300);
    const other = await fetchChallenge(t.app);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
    expect(other.signature).not.toBe(challenge.signature);
  });

  it('takes the configured difficulty: the counter to find lies between half of it and it', async () => {
    const hard = await buildTestApp({ env: { CAPTCHA_DIFFICULTY: '40' } });
    try {
      for (let i = 0; i < 5; i += 1) {
        const { solution } = decode(await solvedCaptcha(hard.app));
        expect(solution.counter).toBeGreaterThanOrEqual(20);
        expect(solution.counter).toBeLessThanOrEqual(40);
      }
    } finally {
      await hard.close();
    }
  });
});

describe('the X-Captcha header', () => {
  it('is required: without it the look-up answers 400 captcha_required', async () => {
    const res = await lookUp(t.app, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha_required' });
  });

  it('accepts a solved challenge once; the replay answers captcha_used', async () => {
    const payload = await solvedCaptcha(t.app);
    const first = await lookUp(t.app, payload);
    expect(first.statusCode).toBe(200);
    const replay = await lookUp(t.app, payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'captcha_used' });
  });

  it('is used once across server processes sharing the database, even sent at once', async () => {
    const second = await buildApp({ config: t.config, db: t.database.db, clock, logger: false });
    await second.ready();
    try {
      const payload = await solvedCaptcha(t.app);
      const answers = await Promise.all([
        lookUp(t.app, payload),
        lookUp(second, payload),
        lookUp(t.app, payload),
        lookUp(second, payload),
      ]);
      const codes = answers.map((res) =>
        res.statusCode === 200 ? 'ok' : res.json<{ code: string }>().code,
      );
      expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
      expect(codes.filter((code) => code === 'captcha_used')).toHaveLength(3);
      // A challenge issued by one process is accepted by the other.
      expect((await lookUp(second, await solvedCaptcha(t.app))).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a wrong solution as captcha_invalid', async () => {
    const { challenge, solution } = decode(await solvedCaptcha(t.app));
    const wrongKey = { ...solution, derivedKey: 'ab'.repeat(32) };
    const res = await lookUp(t.app, encode({ challenge, solution: wrongKey }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha_invalid' });
    // Unsolved: the counter 0 with the key it gives.
    const unsolved = await lookUp(
      t.app,
      encode({ challenge, solution: { counter: 0, derivedKey: '00'.repeat(32) } }),
    );
    expect(unsolved.json()).toMatchObject({ code: 'captcha_invalid' });
  });

  it('refuses a challenge whose parameters were changed (easier cost, later expiry)', async () => {
    const { challenge, solution } = decode(await solvedCaptcha(t.app));
    const data = challenge.parameters.data as { issued_at: number; expires_at: number };
    for (const change of [{ cost: 1 }, { data: { ...data, expires_at: data.expires_at + 600 } }]) {
      const tampered = { ...challenge, parameters: { ...challenge.parameters, ...change } };
      const res = await lookUp(t.app, encode({ challenge: tampered, solution }));
      expect(res.json()).toMatchObject({ code: 'captcha_invalid' });
    }
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = await buildTestApp({
      env: { SECRET_KEY: 'another-secret-key-with-at-least-32-characters' },
    });
    try {
      const res = await lookUp(t.app, await solvedCaptcha(other.app));
      expect(res.json()).toMatchObject({ code: 'captcha_invalid' });
    } finally {
      await other.close();
    }
  });

  it('refuses what is not a payload as captcha_invalid, never a 500', async () => {
    for (const header of [
      'not-base64-json!',
      encode({ challenge: {}, solution: {} }),
      encode([1, 2]),
      'x'.repeat(5000),
    ]) {
      const res = await lookUp(t.app, header);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'captcha_invalid' });
    }
  });

  it('refuses a challenge past its lifetime as captcha_expired', async () => {
    const short = await buildTestApp({ seeded: true, env: { CAPTCHA_TTL_SECONDS: '1' } });
    try {
      // The same member in this app's own database.
      await testFactories(short.database.db).memberCard({ hkid: card.hkid, phone: card.phone });
      const challenge = await fetchChallenge(short.app);
      const payload = await solve(challenge);
      const expiresAt = (challenge.parameters.data?.expires_at as number) * 1000;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 1100),
      );
      const res = await lookUp(short.app, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'captcha_expired' });
      // A fresh one still works.
      expect((await lookUp(short.app, await solvedCaptcha(short.app))).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('checks the body first: a malformed look-up keeps its captcha unused', async () => {
    const payload = await solvedCaptcha(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: LOOKUP_URL,
      headers: { 'x-forwarded-for': freshAddress(), [CAPTCHA_HEADER]: payload },
      payload: { identity_document_number: 'A1234567', phone_number: '91234567' },
    });
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
    expect((await lookUp(t.app, payload)).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('needs a captcha for every code sent; the confirm step needs none', async () => {
    const c = client(t.app);
    const none = await c.post(
      '/identity/forgot-password',
      { email: 'plain@example.com' },
      { [CAPTCHA_HEADER]: '' },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'captcha_required' });
    const payload = await solvedCaptcha(t.app);
    const sent = await c.post(
      '/identity/forgot-password',
      { email: 'plain@example.com' },
      { [CAPTCHA_HEADER]: payload },
    );
    expect(sent.statusCode).toBe(200);
    const again = await c.post(
      '/identity/forgot-password',
      { email: 'plain@example.com' },
      { [CAPTCHA_HEADER]: payload },
    );
    expect(again.json()).toMatchObject({ code: 'captcha_used' });
    const code = await latestCode(t.app, 'plain@example.com');
    const confirmed = await c.post(
      '/identity/forgot-password/confirm',
      { email: 'plain@example.com', code, new_password: 'Captcha2026x' },
      { [CAPTCHA_HEADER]: '' },
    );
    expect(confirmed.statusCode).toBe(200);
  });

  it('asks the same of an unknown email', async () => {
    const res = await client(t.app).post(
      '/identity/forgot-password',
      { email: 'nobody-here@example.com' },
      { [CAPTCHA_HEADER]: '' },
    );
    expect(res.json()).toMatchObject({ code: 'captcha_required' });
  });
});

describe('sign-in', () => {
  const noCaptcha = { [CAPTCHA_HEADER]: '' };
  const wrong = (email: string) => ({ email, password: 'Wrong-password-1' });

  it('needs a captcha after 3 failures for one email, from any address, known or unknown', async () => {
    for (const email of ['owner@example.com', 'no-such-user@example.com']) {
      const answers: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await client(t.app).post('/identity/sign-in', wrong(email), noCaptcha);
        answers.push(res.json<{ code: string }>().code);
      }
      expect(answers).toEqual([
        'NotAuthorizedException',
        'NotAuthorizedException',
        'NotAuthorizedException',
        'captcha_required',
      ]);
      // With a solved captcha the attempt is heard (and still refused: wrong password).
      const solved = await client(t.app).post('/identity/sign-in', wrong(email));
      expect(solved.json()).toMatchObject({ code: 'NotAuthorizedException' });
    }
    // After 15 quiet minutes none is needed.
    clock.advance(15 * 60_000 + 1000);
    const later = await client(t.app).post(
      '/identity/sign-in',
      wrong('no-such-user@example.com'),
      noCaptcha,
    );
    expect(later.json()).toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('needs a captcha after 3 failures from one address, whatever the emails', async () => {
    const c = client(t.app);
    for (const email of ['a1@example.com', 'a2@example.com', 'a3@example.com']) {
      expect((await c.post('/identity/sign-in', wrong(email), noCaptcha)).statusCode).toBe(400);
    }
    const owner = { email: 'owner@example.com', password: 'ClinicPass2026' };
    const fourth = await c.post('/identity/sign-in', owner, noCaptcha);
    expect(fourth.json()).toMatchObject({ code: 'captcha_required' });
    // The right password with a solved captcha is heard (owner@ is asked for the SMS code).
    const solved = await c.post('/identity/sign-in', owner);
    expect(solved.statusCode).toBe(200);
    expect(solved.json()).toMatchObject({ signed_in: false, challenge: { name: 'SMS_MFA' } });
    // Another address is not concerned.
    const elsewhere = await client(t.app).post('/identity/sign-in', owner, noCaptcha);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a bad captcha when one is needed, before the password is looked at', async () => {
    const c = client(t.app);
    for (let i = 0; i < 3; i += 1) {
      await c.post('/identity/sign-in', wrong(`b${i}@example.com`), noCaptcha);
    }
    const res = await c.post(
      '/identity/sign-in',
      { email: 'owner@example.com', password: 'ClinicPass2026' },
      { [CAPTCHA_HEADER]: encode({ nonsense: true }) },
    );
    expect(res.json()).toMatchObject({ code: 'captcha_invalid' });
  });

  it('asks nothing of the SMS confirm step, even from an address past the threshold', async () => {
    const c = client(t.app);
    for (let i = 0; i < 3; i += 1) {
      await c.post('/identity/sign-in', wrong(`c${i}@example.com`), noCaptcha);
    }
    const challenged = await c.post('/identity/sign-in', {
      email: 'owner@example.com',
      password: 'ClinicPass2026',
    });
    const { challenge } = challenged.json<{ challenge: { session: string } }>();
    const code = await latestCode(t.app, '+85291234567');
    const confirmed = await c.post(
      '/identity/sign-in/challenge',
      { session: challenge.session, code },
      noCaptcha,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ signed_in: true });
  });
});
