// The typed platform client against the real server, route by route, for the product and
// policy calls served on this branch: each answer must pass the client's own schemas.
import type { PlatformClient } from '@clinicpass/shared/platform/client';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberPolicy, groupPolicy } from '../src/db/platform-schema';
import { policy } from '../src/db/schema';
import { GROUP_DEMO } from '../src/db/seed/platform-demo';
import { buildPolicyTestApp, OWNER, platformClientFor, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));

let t: PolicyTestApp;
let client: PlatformClient;

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  client = platformClientFor(t, OWNER);
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
      3,
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

describe('policy record calls', () => {
  it('read the claim balance and allocate cash to a benefit', async () => {
    const [first] = (await client.listPolicies({ policy_number: 'OP1000001' })).results;
    if (!first) throw new Error('OP1000001 missing');
    const balance = await client.getPolicyClaimBalance(first.id);
    expect(balance.balance_items.map((item) => item.benefit)).toContain('specialist');
    const allocated = await client.allocateBenefit(
      first.id,
      { benefit: 'specialist', amount: 50 },
      { idempotencyKey: 'client-allocate' },
    );
    expect(allocated.balance_items.find((item) => item.benefit === 'specialist')?.allocated).toBe(
      50,
    );
    await expect(
      client.allocateBenefit(first.id, { benefit: 'specialist', amount: 10_000 }),
    ).rejects.toMatchObject({ code: 'insufficient_cash_balance', status: 409 });
  });

  it('read events by date, tax reports, renewals and the medical card', async () => {
    const events = await client.listPolicyEvents({
      policy_number: 'OP1000001',
      create_date__lte: TODAY,
      event_type: 'policy-issued',
    });
    expect(events.results.map((e) => e.event_type)).toEqual(['policy-issued']);
    expect((await client.listTaxReports({ policy_number: 'OP1000001' })).pagination.total).toBe(1);
    const renewals = await client.listPolicyRenewals({ policy_number: 'OP1000001' });
    expect(renewals.results).toHaveLength(2);
    const cards = await client.listMedicalCards({ policy_number: 'OP1000001' });
    expect(cards.results[0]?.policy_number).toBe('OP1000001');
  });

  it('record a survey attempt and map, read and delete a profile', async () => {
    const [first] = (await client.listPolicies({ policy_number: 'OP1000001' })).results;
    if (!first) throw new Error('OP1000001 missing');
    const attempt = await client.createSurveyAttempt({ policy: first.id, attempt: { nps: 10 } });
    expect(attempt.policy).toBe(first.id);
    const mappings = await client.listPolicyProfileMappings({ policy_number: 'OP1000001' });
    expect(mappings.results.map((m) => m.role)).toEqual(['policyholder', 'payor']);
    const holder = mappings.results[0];
    if (!holder) throw new Error('policyholder mapping missing');
    expect((await client.getPolicyProfileMapping(holder.id)).profile).toBe(holder.profile);
    const created = await client.createPolicyProfileMapping({
      policy_number: 'OP1000001',
      role: 'insured-life',
      profile: first.insured_life.id,
    });
    expect(created.parameters).toEqual({});
    await client.deletePolicyProfileMapping(created.id);
    await expect(client.getPolicyProfileMapping(created.id)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('group policy calls', () => {
  it('read a movement range, remove a member, list group documents, redeem a letter', async () => {
    const db = t.database.db;
    const [group] = await db
      .select({ id: groupPolicy.id })
      .from(groupPolicy)
      .where(eq(groupPolicy.groupPolicyNumber, GROUP_DEMO.owners.groupPolicyNumber));
    const [memberRow] = await db
      .select({ id: groupMemberPolicy.id })
      .from(groupMemberPolicy)
      .innerJoin(policy, eq(policy.id, groupMemberPolicy.policyId))
      .where(eq(policy.policyNumber, 'GM2000011'));
    if (!group || !memberRow) throw new Error('group demo missing');
    const range = await client.getMovementDateRange(memberRow.id);
    expect(range.end_date > range.start_date).toBe(true);
    const removed = await client.removeGroupPolicyMembers(
      group.id,
      { member_policy_numbers: ['GM2000011'], effective_date: range.start_date },
      { idempotencyKey: 'client-remove' },
    );
    expect(removed.removed_policy_numbers).toEqual(['GM2000011']);
    const documents = await client.listGroupProductDocuments({
      group_policy_number: GROUP_DEMO.owners.groupPolicyNumber,
      platform: 'web',
      no_pagination: true,
    });
    expect(documents.results.map((d) => d.category)).toEqual(['policy-provisions', 'member-guide']);
    const letter = {
      member_code: GROUP_DEMO.redeemCode,
      date_of_birth: GROUP_DEMO.redeemDateOfBirth,
    };
    expect((await client.validateRedeem(letter)).dependents).toHaveLength(1);
    const redeemed = await client.redeemPolicy(letter, { idempotencyKey: 'client-redeem' });
    expect(redeemed.policy.policy_number).toBe('GM2000012');
    await expect(client.validateRedeem(letter)).rejects.toMatchObject({
      code: 'redeem_code_used',
      status: 409,
    });
  });
});
