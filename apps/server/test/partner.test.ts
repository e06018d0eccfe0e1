// GET /partner/me (customer and partnership areas) and POST /heals/login (issue 5 leftovers).
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALS_TOKEN_AUDIENCE,
  HEALS_TOKEN_ISSUER,
  HEALS_TOKEN_SECONDS,
  healsTokenKey,
} from '../src/modules/partner/partner.service';
import { TEST_SECRET_KEY } from './constants';
import { testFactories } from './factories';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';
import { call, expectError, expectFieldError } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');

let t: PolicyTestApp;
/** A customer acting for a partner, and that partner. */
let agent: string;
let partnerName: string;
beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const f = testFactories(t.database.db, { clock: t.clock });
  const user = await f.user();
  agent = user.email;
  await t.userId(agent);
  partnerName = (await f.partner({ userId: user.id })).name;
});
afterAll(async () => {
  await t.close();
});

describe('GET /partner/me', () => {
  it('answers the partner the signed-in user acts for, in both areas', async () => {
    for (const area of ['customer', 'partnership'] as const) {
      const res = await call(t, 'GET', '/partner/me', { user: agent, area });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['create_date', 'id', 'name', 'update_date']);
      expect(body.name).toBe(partnerName);
    }
  });

  it('answers 404 to a user who acts for none, 401 to a guest', async () => {
    expectError(await call(t, 'GET', '/partner/me', { user: PLAIN }), 404, 'not_found');
    expectError(
      await call(t, 'GET', '/partner/me', { area: 'partnership' }),
      401,
      'unauthenticated',
    );
  });
});

describe('POST /heals/login', () => {
  it('signs in for an in-force policy with a network: a token for the provider', async () => {
    const res = await call(t, 'POST', '/heals/login', {
      user: OWNER,
      body: { policy_number: 'OP1000001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ account_id: string; usable: boolean; access_token: string }>();
    expect(body.usable).toBe(true);
    const { payload } = await jwtVerify(body.access_token, healsTokenKey(TEST_SECRET_KEY), {
      issuer: HEALS_TOKEN_ISSUER,
      audience: HEALS_TOKEN_AUDIENCE,
      currentDate: NOW,
    });
    expect(payload.sub).toBe(body.account_id);
    expect(payload.policy_number).toBe('OP1000001');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(HEALS_TOKEN_SECONDS);
    // The same account on every login of that policy; another policy has its own.
    const again = await call(t, 'POST', '/heals/login', {
      user: OWNER,
      body: { policy_number: 'OP1000001' },
    });
    expect(again.json<{ account_id: string }>().account_id).toBe(body.account_id);
    const second = await call(t, 'POST', '/heals/login', {
      user: OWNER,
      body: { policy_number: 'OP1000002' },
    });
    expect(second.json<{ account_id: string }>().account_id).not.toBe(body.account_id);
  });

  it('answers usable false and no token for a policy without a medical network', async () => {
    const res = await call(t, 'POST', '/heals/login', {
      user: PLAIN,
      body: { policy_number: 'VH1000003' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ usable: false, access_token: '' });
  });

  it('answers another customer’s policy 404, a guest 401, bad input 400', async () => {
    expectError(
      await call(t, 'POST', '/heals/login', { user: OTHER, body: { policy_number: 'OP1000001' } }),
      404,
      'not_found',
    );
    expectError(
      await call(t, 'POST', '/heals/login', { body: { policy_number: 'OP1000001' } }),
      401,
      'unauthenticated',
    );
    expectFieldError(
      await call(t, 'POST', '/heals/login', { user: OWNER, body: {} }),
      'body.policy_number',
    );
    expectFieldError(
      await call(t, 'POST', '/heals/login', { user: OWNER, body: { policy_number: 'OP 1' } }),
      'body.policy_number',
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes every route of this part', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: [string, string[]][] = [
      ['/api/customer/stakeholder', ['get', 'post']],
      ['/api/customer/stakeholder/{id}', ['get', 'patch', 'delete']],
      ['/api/customer/underwriting/occupations', ['get']],
      ['/api/customer/incorporation-type', ['get']],
      ['/api/customer/stakeholder-role', ['get']],
      ['/api/customer/environment-setting', ['get']],
      ['/api/customer/nationality', ['get']],
      ['/api/customer/bank', ['get']],
      ['/api/customer/application-case/{id}/product-option', ['get']],
      ['/api/customer/outpatient/submit/{id}', ['post']],
      ['/api/customer/partner/me', ['get']],
      ['/api/partnership/partner/me', ['get']],
      ['/api/customer/heals/login', ['post']],
      ['/api/root/secret/', ['post']],
    ];
    for (const [path, methods] of expected) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    }
  });
});
