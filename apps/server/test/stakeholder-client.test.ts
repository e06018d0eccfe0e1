// The typed platform client against the real server for the calls of issue 7's last part
// (reference lists, stakeholders, application cases, partner, health-services login, the root
// secret): each answer must pass the client's own schemas.
import type { PlatformClient } from '@clinicpass/shared/platform/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationCase } from '../src/db/stakeholder-schema';
import { issueSecret } from '../src/modules/root-secret/root-secret.service';
import { TEST_SECRET_KEY } from './constants';
import {
  buildPolicyTestApp,
  OWNER,
  PLAIN,
  platformClientFor,
  type PolicyTestApp,
} from './policy-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');

let t: PolicyTestApp;

function clientFor(user: string): PlatformClient {
  return platformClientFor(t, user);
}

let plain: PlatformClient;
let owner: PlatformClient;

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  plain = clientFor(PLAIN);
  owner = clientFor(OWNER);
});
afterAll(async () => {
  await t.close();
});

describe('reference data calls', () => {
  it('read every list', async () => {
    const occupations = await plain.listOccupations({ page_size: 10 });
    expect(occupations.pagination).toEqual({ start: 0, end: 9, total: 30 });
    expect((await plain.listIncorporationTypes()).results.length).toBe(8);
    expect((await plain.listStakeholderRoles()).results.map((r) => r.code)).toContain(
      'person-purporting-to-act',
    );
    expect((await plain.listEnvironmentSettings()).results.map((s) => s.key)).toContain(
      'maintenance_mode',
    );
    expect((await plain.listNationalities()).pagination.total).toBe(24);
    const banks = await plain.listBanks({ is_active: true, ordering: 'code', no_pagination: true });
    expect(banks.results[0]?.code).toBe('003');
    expect(banks.pagination.total).toBe(banks.results.length);
  });
});

describe('stakeholder calls', () => {
  it('create, list, read, change and delete', async () => {
    const created = await plain.createStakeholder({
      name_en: 'Lee Ka Yan',
      roles: ['partner'],
      identification_document: 'hong-kong-identity-card',
      identification_document_number: 'K123456(0)',
      address: null,
      shares_over_threshold: false,
    });
    expect(created.identification_document_number).toBe('K123***(*)');
    expect((await plain.listStakeholders()).pagination.total).toBe(2);
    expect((await plain.getStakeholder(created.id)).name_en).toBe('Lee Ka Yan');
    const changed = await plain.updateStakeholder(created.id, { name_zh: '李嘉欣' });
    expect(changed.name_zh).toBe('李嘉欣');
    await plain.deleteStakeholder(created.id);
    await expect(owner.getStakeholder(created.id)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(plain.getStakeholder(created.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('application case, partner and health-services calls', () => {
  it('list a case’s options and products, then submit it', async () => {
    const [draft] = await t.database.db
      .select({ id: applicationCase.id })
      .from(applicationCase)
      .where(
        and(eq(applicationCase.userId, await t.userId(PLAIN)), eq(applicationCase.status, 'draft')),
      );
    if (!draft) throw new Error('no draft');
    const options = await plain.listApplicationCaseProductOptions(draft.id);
    expect(options.results.map((o) => o.to_product)).toEqual(['VHIS-FLEXI']);
    const products = await plain.listOutpatientProducts({ application_case_id: draft.id });
    expect(products.results.map((p) => p.code)).toEqual(['OUTPATIENT-GO']);
    expect(await plain.submitOutpatientCase(draft.id, { idempotencyKey: 'client-submit' })).toEqual(
      { id: draft.id, status: 'submitted' },
    );
    await expect(plain.submitOutpatientCase(draft.id)).rejects.toMatchObject({
      status: 409,
      code: 'invalid_state_transition',
    });
  });

  it('read the partner and sign in to the provider', async () => {
    expect((await owner.getPartner()).name).toBe('Harbour Wellness Partners Limited');
    const login = await owner.healsLogin({ policy_number: 'OP1000001' });
    expect(login.usable).toBe(true);
    expect(login.access_token.split('.')).toHaveLength(3);
  });
});

describe('root secret call', () => {
  it('redeems once', async () => {
    const token = await issueSecret(t.database.db, TEST_SECRET_KEY, {
      kind: 'account-setup',
      userId: await t.userId(OWNER),
      now: NOW,
    });
    const granted = await plain.redeemSecret({ token });
    expect(granted).toMatchObject({ kind: 'account-setup', payload: { email: OWNER } });
    await expect(plain.redeemSecret({ token })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_token',
    });
  });
});
