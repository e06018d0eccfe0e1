// The clinic area's authentication (decision 106): POST /api/clinic/outpatient/ticket/verify
// answers only a clinic presenting a live clinic key. Real PostgreSQL.
import { fixedClock } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicApiKey } from '../src/db/clinic-schema';
import {
  CLINIC_KEY_CALLS_PER_MINUTE,
  CLINIC_KEY_FAILURE_LIMIT,
  issueClinicKey,
  revokeClinicKey,
} from '../src/modules/clinic/clinic-key.service';
import { buildTestApp, type TestApp } from './build-app';
import { freshAddress } from './identity-helpers';
import { captchaHeader } from './captcha-support';
import { testFactories, type MemberCard } from './factories';

const clock = fixedClock(new Date());
let t: TestApp;
let venueId: number;
let card: MemberCard;

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
  const f = testFactories(t.database.db, { clock });
  venueId = (await f.venue()).id;
  card = await f.memberCard();
});
afterAll(async () => {
  await t.close();
});

/** A fresh QR token of the member, as the look-up issues it. */
async function qrToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customer/outpatient/member-ticket',
    headers: { 'x-forwarded-for': freshAddress(), ...(await captchaHeader(t.app)) },
    payload: card.lookUp,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ tickets: { token: string }[] }>().tickets[0]?.token ?? '';
}

function verify(headers: Record<string, string>, token: string, address = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/clinic/outpatient/ticket/verify',
    headers: { 'x-forwarded-for': address, ...headers },
    payload: { token },
  });
}

describe('clinic keys on the ticket check', () => {
  it('refuses a call without a key: 401 clinic_key_missing, no ticket data', async () => {
    const res = await verify({}, await qrToken());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'clinic_key_missing' });
    expect(res.body).not.toContain(card.policy.policyNumber);
  });

  it('refuses a wrong or malformed key: 401 clinic_key_invalid', async () => {
    const token = await qrToken();
    const issued = await issueClinicKey({ db: t.database.db }, venueId, 'Counter A');
    const wrong = `${issued.key.slice(0, -1)}${issued.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [wrong, 'cpk_short', 'not-a-key']) {
      const res = await verify({ 'x-clinic-key': key }, token);
      expect(res.statusCode, key).toBe(401);
      expect(res.json()).toMatchObject({ code: 'clinic_key_invalid' });
      expect(res.body).not.toContain(card.policy.policyNumber);
    }
  });

  it('accepts a live key in X-Clinic-Key or as a bearer token, and answers the ticket', async () => {
    const token = await qrToken();
    const issued = await issueClinicKey({ db: t.database.db }, venueId, 'Counter B');
    expect(issued.key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    const ways: Record<string, string>[] = [
      { 'x-clinic-key': issued.key },
      { authorization: `Bearer ${issued.key}` },
    ];
    for (const headers of ways) {
      const res = await verify(headers, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        type: 'visit',
        policy_number: card.policy.policyNumber,
      });
    }
    // A good key with a bad QR token still gets the ticket check's own answer.
    const bad = await verify({ 'x-clinic-key': issued.key }, 'A'.repeat(32));
    expect(bad.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('stores only a hash of the key', async () => {
    const issued = await issueClinicKey({ db: t.database.db }, venueId, 'Counter C');
    const rows = await t.database.db.select().from(clinicApiKey);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(issued.key);
    expect(text).not.toContain(issued.key.slice(12));
    expect(rows.find((row) => row.id === issued.id)?.keyPrefix).toBe(issued.key.slice(0, 12));
  });

  it('refuses a revoked key: 401 clinic_key_revoked', async () => {
    const token = await qrToken();
    const issued = await issueClinicKey({ db: t.database.db }, venueId, 'Counter D');
    expect((await verify({ 'x-clinic-key': issued.key }, token)).statusCode).toBe(200);
    await revokeClinicKey({ db: t.database.db, clock }, issued.id);
    const res = await verify({ 'x-clinic-key': issued.key }, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'clinic_key_revoked' });
    await expect(revokeClinicKey({ db: t.database.db, clock }, 999_999)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses issuing a key for an unknown venue or without a label', async () => {
    await expect(issueClinicKey({ db: t.database.db }, 999_999, 'x')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(issueClinicKey({ db: t.database.db }, venueId, '  ')).rejects.toMatchObject({
      code: 'validation_error',
    });
  });

  it(`limits an address to ${CLINIC_KEY_FAILURE_LIMIT} failed keys in 15 minutes, even a good key after`, async () => {
    const token = await qrToken();
    const issued = await issueClinicKey({ db: t.database.db }, venueId, 'Counter E');
    const address = freshAddress();
    // Good keys do not count.
    for (let i = 0; i < 3; i += 1) {
      expect((await verify({ 'x-clinic-key': issued.key }, token, address)).statusCode).toBe(200);
    }
    const wrong = `cpk_${'x'.repeat(43)}`;
    for (let i = 0; i < CLINIC_KEY_FAILURE_LIMIT; i += 1) {
      expect((await verify({ 'x-clinic-key': wrong }, token, address)).statusCode).toBe(401);
    }
    const limited = await verify({ 'x-clinic-key': wrong }, token, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'limit_exceeded' });
    const goodButLimited = await verify({ 'x-clinic-key': issued.key }, token, address);
    expect(goodButLimited.statusCode).toBe(429);
    // Another address is not affected; the window passes.
    expect((await verify({ 'x-clinic-key': issued.key }, token)).statusCode).toBe(200);
    clock.advance(15 * 60 * 1000 + 1);
    expect((await verify({ 'x-clinic-key': issued.key }, token, address)).statusCode).toBe(200);
  });

  it(`limits one key to ${CLINIC_KEY_CALLS_PER_MINUTE} calls a minute`, async () => {
    const token = await qrToken();
    const issued = await issueClinicKey({ db: t.database.db }, venueId, 'Counter F');
    const statuses: number[] = [];
    for (let i = 0; i <= CLINIC_KEY_CALLS_PER_MINUTE; i += 1) {
      statuses.push((await verify({ 'x-clinic-key': issued.key }, token)).statusCode);
    }
    expect(statuses.slice(0, CLINIC_KEY_CALLS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
