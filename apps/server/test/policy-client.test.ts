// The typed platform client against the real server, route by route, for the product and
// policy calls served on this branch: each answer must pass the client's own schemas.
import { createApiClient } from '@clinicpass/shared/api-client/client';
import { createPlatformClient, type PlatformClient } from '@clinicpass/shared/platform/client';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPolicyTestApp, OWNER, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));

let t: PolicyTestApp;
let client: PlatformClient;

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const api = createApiClient({
    baseUrl: 'http://localhost',
    fetch: async (url, init) => {
      const target = new URL(url);
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const res = await t.app.inject({
        method: init.method ?? 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { ...headers, 'x-test-user': OWNER },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(name, String(value));
      }
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: responseHeaders,
      });
    },
  });
  client = createPlatformClient(api);
});
afterAll(async () => {
  await t.close();
});

describe('product calls', () => {
  it('read the catalogue', async () => {
    const products = await client.listProducts();
    expect(products.pagination.total).toBe(3);
    const term = products.results.find((p) => p.code === 'TERM-10');
    if (!term) throw new Error('TERM-10 missing');
    expect((await client.getProduct(term.id)).code).toBe('TERM-10');
    expect((await client.listProductOptions()).results.length).toBe(3);
    expect((await client.listProductGroups()).results.map((g) => g.code)).toEqual([
      'medical',
      'life',
    ]);
    expect((await client.listReleaseContents()).results.length).toBe(2);
    expect((await client.listServiceTypes()).results.length).toBe(5);
    expect((await client.listOutpatientProducts()).results.map((p) => p.code)).toEqual([
      'OUTPATIENT-GO',
    ]);
    expect((await client.listProductEligibility(term.id)).results[0]?.group_name).toBe('Adults');
    expect(
      (await client.listProductBenefits(term.id, { evaluation_date: TODAY })).results.map(
        (b) => b.code,
      ),
    ).toEqual(['death-benefit', 'terminal-illness']);
    expect((await client.listSumAssuredRanges(term.id)).pagination.total).toBe(2);
  });
});

describe('policy calls', () => {
  it('read the caller’s policies and what hangs off them', async () => {
    const policies = await client.listPolicies({ status: ['in-force'] });
    expect(policies.results.map((p) => p.policy_number)).toEqual(['OP1000001', 'OP1000002']);
    const id = policies.results[0]?.id ?? 0;
    expect((await client.getPolicy(id)).outpatient_cash_balance).toBe(350);
    expect((await client.getPolicyCoverage(id)).total_sum_assured).toBe(12000);
    expect((await client.listPolicyCoupons(id)).pagination.total).toBe(2);
    expect((await client.listPolicyProductDocuments(id)).results.length).toBeGreaterThan(0);
    expect((await client.listPolicyProductOptions(id)).results[0]?.to_product).toBe('VHIS-FLEXI');
    const projection = await client.getPolicyProjection(id, { projection_years: 3 });
    expect(projection.projection).toHaveLength(3);
    const bulk = await client.getBulkProjection({ policy_number__in: ['OP1000001', 'OP1000002'] });
    expect(bulk.projections).toHaveLength(2);
    const quoted = await client.projectPremium('OP1000001', { frequency: 'annual' });
    expect(quoted.policy).toBe('OP1000001');
    expect((await client.listPolicyEvents({ policy_number: 'OP1000001' })).pagination.total).toBe(
      2,
    );
  });

  it('change beneficiaries, start and withdraw a termination, then terminate', async () => {
    const [, second] = (await client.listPolicies()).results;
    if (!second) throw new Error('OP1000002 missing');
    const detail = await client.setBeneficiaries(second.id, {
      beneficiaries: [
        {
          identity: { first_name: 'Mei', last_name: 'Chan' },
          relationship_to_insured_life: 'sibling',
          allocation_percentage: 100,
        },
      ],
    });
    expect(detail.beneficiaries).toHaveLength(1);
    const { offer } = await client.startRetentionSelling(second.id, { reason: 'too-expensive' });
    if (!offer) throw new Error('no offer');
    const accepted = await client.acceptPolicySelling(offer.id, {
      idempotencyKey: 'client-accept',
    });
    expect(accepted.selling.status).toBe('accepted');
    const terminated = await client.terminatePolicy(
      second.id,
      { effective_date: addDays(TODAY, 1), reason: 'other' },
      { idempotencyKey: 'client-terminate' },
    );
    expect(terminated.status).toBe('terminated');
    await expect(
      client.terminatePolicy(second.id, { effective_date: TODAY, reason: 'other' }),
    ).rejects.toMatchObject({ code: 'invalid_state_transition', status: 409 });
  });
});
