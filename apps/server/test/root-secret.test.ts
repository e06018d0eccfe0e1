// POST /api/root/secret/ (issue 7): a one-time secret redeemed into what it grants; single use
// (replays and concurrent redemptions), expiry, unknown tokens, bad input, the per-address limit,
// and only a hash stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSecret } from '../src/db/stakeholder-schema';
import { SECRET_RATE_LIMIT } from '../src/modules/root-secret/root-secret.routes';
import { issueSecret } from '../src/modules/root-secret/root-secret.service';
import { TEST_SECRET_KEY } from './constants';
import { buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';
import { call, expectError, expectFieldError } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');
const HOUR = 3_600_000;

let t: PolicyTestApp;
let address = 0;
/** Each test its own client address, so the per-address limit does not leak between them. */
function from(): Record<string, string> {
  address += 1;
  return { 'x-forwarded-for': `203.0.113.${address}` };
}

async function issue(
  kind: 'account-setup' | 'application-resume',
  options: { ttlMs?: number; payload?: Record<string, unknown> } = {},
) {
  return issueSecret(t.database.db, TEST_SECRET_KEY, {
    kind,
    userId: await t.userId(PLAIN),
    now: NOW,
    ...options,
  });
}

function redeem(
  token: string,
  headers: Record<string, string>,
  extra: Record<string, string> = {},
) {
  return call(t, 'POST', '/secret/', {
    area: 'root',
    body: { token },
    headers: { ...headers, ...extra },
  });
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/root/secret/', () => {
  it('redeems an account-setup secret into the pre-filled first-time password page', async () => {
    const token = await issue('account-setup');
    const res = await redeem(token, from());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'account-setup',
      redirect_to: '/en/outpatient/set-password?email=plain%40example.com',
      payload: { email: PLAIN },
    });
  });

  it('redeems an application-resume secret in the request’s language', async () => {
    const token = await issue('application-resume', { payload: { application_case_id: 7 } });
    const res = await redeem(token, from(), { 'accept-language': 'zh-HK' });
    expect(res.json()).toEqual({
      kind: 'application-resume',
      redirect_to: '/zh-hk/application-case/7/resume',
      payload: { application_case_id: 7 },
    });
  });

  it('is single use: a replay answers invalid_token', async () => {
    const token = await issue('account-setup');
    const headers = from();
    expect((await redeem(token, headers)).statusCode).toBe(200);
    expectError(await redeem(token, headers), 401, 'invalid_token');
  });

  it('replays the first answer to the same Idempotency-Key and token, and only to them', async () => {
    const token = await issue('account-setup');
    const headers = from();
    const key = { 'idempotency-key': 'letter-click-1' };
    const first = await redeem(token, headers, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await redeem(token, headers, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The secret is still used up: without the key, or under another key, it is invalid.
    expectError(await redeem(token, headers), 401, 'invalid_token');
    expectError(await redeem(token, headers, { 'idempotency-key': 'other' }), 401, 'invalid_token');
    // The same key never replays another token's redemption: that token is redeemed on its own.
    const second = await issue('application-resume', { payload: { application_case_id: 7 } });
    const other = await redeem(second, headers, key);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ kind: 'application-resume' });
    // A refused redemption stores nothing: an unknown token with a key stays invalid.
    expectError(await redeem('x'.repeat(43), headers, key), 401, 'invalid_token');
  });

  it('replays one answer to ten concurrent redemptions under one key', async () => {
    const token = await issue('account-setup');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        redeem(token, { 'x-forwarded-for': `198.51.101.${i + 1}`, 'idempotency-key': 'k-10' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('of ten concurrent redemptions exactly one succeeds', async () => {
    const token = await issue('account-setup');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        redeem(token, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('expires: redeemable a second before its end, invalid_token at it', async () => {
    const early = await issue('account-setup', { ttlMs: HOUR });
    const late = await issue('account-setup', { ttlMs: HOUR });
    t.clock.set(new Date(NOW.getTime() + HOUR - 1000));
    expect((await redeem(early, from())).statusCode).toBe(200);
    t.clock.set(new Date(NOW.getTime() + HOUR));
    const expired = await redeem(late, from());
    expectError(expired, 401, 'invalid_token');
    // The answer does not say which fault it was.
    const unknown = await redeem('x'.repeat(43), from());
    expect(unknown.json()).toEqual(expired.json());
    t.clock.set(NOW);
  });

  it('stores only a hash of the token', async () => {
    const token = await issue('account-setup');
    const rows = await t.database.db.select().from(rootSecret);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [row] = rows.filter((r) => r.redeemedAt === null);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input naming the token', async () => {
    const headers = from();
    expectFieldError(
      await call(t, 'POST', '/secret/', { area: 'root', body: {}, headers }),
      'body.token',
    );
    expectFieldError(await redeem('short', headers), 'body.token');
    expectFieldError(
      await call(t, 'POST', '/secret/', { area: 'root', body: { token: 42 }, headers }),
      'body.token',
    );
  });

  it('limits redemptions per client address', async () => {
    const headers = from();
    for (let i = 0; i < SECRET_RATE_LIMIT.max; i += 1) {
      expectError(
        await redeem(`guess-${String(i).padStart(20, '0')}`, headers),
        401,
        'invalid_token',
      );
    }
    const token = await issue('account-setup');
    expectError(await redeem(token, headers), 429, 'limit_exceeded');
    // Another address is not held back, and the refused try did not use the token up.
    expect((await redeem(token, from())).statusCode).toBe(200);
  });

  it('needs no sign-in, and a signed-in caller gets the same answer', async () => {
    const token = await issue('account-setup');
    const res = await call(t, 'POST', '/secret/', {
      area: 'root',
      user: OWNER,
      body: { token },
      headers: from(),
    });
    expect(res.json<{ payload: { email: string } }>().payload.email).toBe(PLAIN);
  });
});
