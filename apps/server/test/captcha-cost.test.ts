// Issue 15 hole 12, decision 150: the member look-up's captcha costs more for an HKID with recent
// failures, from any address (base up to 3, doubled per failure beyond, up to a cap), never a
// lock-out (decision 091). Too easy a captcha answers 400 `captcha_required` with the difficulty
// needed; a challenge of that difficulty is then accepted. The count is kept under a keyed hash.
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import type { Challenge } from 'altcha-lib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import { buildTestApp, type TestApp } from './build-app';
import { CHALLENGE_URL, solve, solvedCaptcha } from './captcha-support';
import { TEST_SECRET_KEY } from './constants';
import { testFactories, type MemberCard } from './factories';
import { freshAddress } from './identity-helpers';

const LOOKUP_URL = '/api/customer/outpatient/member-ticket';
const BASE = 2;
const CAP = 16;

let t: TestApp;
/** The member whose failures count, and another member. */
let card: MemberCard;
let other: MemberCard;
beforeAll(async () => {
  t = await buildTestApp({
    seeded: true,
    env: { CAPTCHA_DIFFICULTY: String(BASE), CAPTCHA_MAX_DIFFICULTY: String(CAP) },
  });
  const f = testFactories(t.database.db);
  card = await f.memberCard();
  other = await f.memberCard();
});
afterAll(async () => {
  await t.close();
});

function lookUp(app: FastifyInstance, hkid: string, phone: string, captcha: string) {
  // A new client address every time: the per-address limit never comes into it.
  return app.inject({
    method: 'POST',
    url: LOOKUP_URL,
    headers: { 'x-forwarded-for': freshAddress(), [CAPTCHA_HEADER]: captcha },
    payload: { identity_document_number: hkid, phone_number: phone },
  });
}

async function hardCaptcha(app: FastifyInstance, difficulty: number): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `${CHALLENGE_URL}?difficulty=${difficulty}` });
  expect(res.statusCode).toBe(200);
  return solve(res.json<Challenge>());
}

const signedDifficulty = (challenge: Challenge) =>
  (challenge.parameters.data as { difficulty?: number }).difficulty;

describe('the captcha cost per HKID', () => {
  it('rises with the HKID failures from any address, asks for it in details, and never locks out', async () => {
    const { hkid, phone: applicantPhone } = card;
    // 3 failures from 3 addresses: the base captcha still does.
    for (let i = 0; i < 3; i += 1) {
      expect((await lookUp(t.app, hkid, '98765432', await solvedCaptcha(t.app))).statusCode).toBe(
        404,
      );
    }
    expect((await lookUp(t.app, hkid, applicantPhone, await solvedCaptcha(t.app))).statusCode).toBe(
      200,
    );
    // A 4th failure: now the base captcha is too easy, even for the right details.
    expect((await lookUp(t.app, hkid, '98765432', await solvedCaptcha(t.app))).statusCode).toBe(
      404,
    );
    const tooEasy = await lookUp(t.app, hkid, applicantPhone, await solvedCaptcha(t.app));
    expect(tooEasy.statusCode).toBe(400);
    expect(tooEasy.json()).toMatchObject({
      code: 'captcha_required',
      details: { difficulty: BASE * 2 },
    });
    expect(tooEasy.json<{ message: string }>().message).toMatch(/difficulty 4/);
    // Solved at the difficulty asked for, the member gets the card.
    const ok = await lookUp(t.app, hkid, applicantPhone, await hardCaptcha(t.app, BASE * 2));
    expect(ok.statusCode).toBe(200);

    // Many more failures: doubled each time, then held at the cap.
    for (let i = 0; i < 6; i += 1) {
      const res = await lookUp(t.app, hkid, '98765432', await hardCaptcha(t.app, CAP));
      expect(res.statusCode).toBe(404);
    }
    const capped = await lookUp(t.app, hkid, applicantPhone, await hardCaptcha(t.app, CAP / 2));
    expect(capped.json()).toMatchObject({ code: 'captcha_required', details: { difficulty: CAP } });
    // Asking for more than the cap gets the cap, which always does.
    const res = await t.app.inject({ method: 'GET', url: `${CHALLENGE_URL}?difficulty=100000` });
    const challenge = res.json<Challenge>();
    expect(signedDifficulty(challenge)).toBe(CAP);
    expect((await lookUp(t.app, hkid, applicantPhone, await solve(challenge))).statusCode).toBe(
      200,
    );

    // Another member pays the base cost still.
    expect(
      (await lookUp(t.app, other.hkid, other.phone, await solvedCaptcha(t.app))).statusCode,
    ).toBe(200);

    // The count is kept under a keyed hash: neither the HKID nor its look-up hash is stored.
    const { rows } = await t.database.db.execute<{ key: string }>(
      sql`SELECT key FROM lookup_failure_counter`,
    );
    const keys = rows.map((row) => row.key).join('\n');
    expect(keys).toMatch(/member-ticket:id:[0-9a-f]{64}/);
    expect(keys).not.toContain(hkid.slice(1, 7));
    expect(keys).not.toContain(hkidLookupHash(TEST_SECRET_KEY, hkid));
  });

  it('signs the difficulty into the challenge, between the base and the cap', async () => {
    const base = await t.app.inject({ method: 'GET', url: CHALLENGE_URL });
    expect(signedDifficulty(base.json<Challenge>())).toBe(BASE);
    const low = await t.app.inject({ method: 'GET', url: `${CHALLENGE_URL}?difficulty=1` });
    expect(signedDifficulty(low.json<Challenge>())).toBe(BASE);
    const eight = await t.app.inject({ method: 'GET', url: `${CHALLENGE_URL}?difficulty=8` });
    expect(signedDifficulty(eight.json<Challenge>())).toBe(8);
  });

  it('refuses a challenge whose signed difficulty was raised by the client', async () => {
    const challenge = (await t.app.inject({ method: 'GET', url: CHALLENGE_URL })).json<Challenge>();
    const forged = {
      ...challenge,
      parameters: {
        ...challenge.parameters,
        data: { ...challenge.parameters.data, difficulty: CAP },
      },
    } as Challenge;
    const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      solution: unknown;
    };
    const header = Buffer.from(
      JSON.stringify({ challenge: forged, solution: payload.solution }),
    ).toString('base64');
    const res = await lookUp(t.app, card.hkid, card.phone, header);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha_invalid' });
  });

  it('answers 400 with a code for a difficulty that is not a positive whole number', async () => {
    for (const value of ['abc', '0', '-4', '2.5', '99999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${CHALLENGE_URL}?difficulty=${value}`,
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json<{ code: string; message: string }>().message).toMatch(/difficulty/);
    }
  });
});
