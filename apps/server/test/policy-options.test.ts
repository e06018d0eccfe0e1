// The policy-option rules of §5 on `GET /policy/{id}/product-option` and
// `GET /application-case/{id}/product-option` (decision 130): each rule, legal and illegal, and
// both scopes — a rule for the policyholder does not bind a payment owner, one for anyone does.
import { addDays, addMonths, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyParty, policyProfileMapping } from '../src/db/platform-schema';
import { addPolicy, buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';
import { draftCaseOf } from './stakeholder-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));

let t: PolicyTestApp;

interface Option {
  type: string;
  to_product: string;
  eligibilities: { rule: string; is_eligible: boolean }[];
  is_eligible: boolean;
}

async function optionsOf(url: string, user = OWNER): Promise<Option[]> {
  const res = await t.app.inject({ url: `/api/customer${url}`, headers: { 'x-test-user': user } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: Option[] }>().results;
}

/** Whether `rule` holds for the only option of policy `id`. */
async function ruleOf(id: number, rule: string): Promise<boolean> {
  const [option] = await optionsOf(`/policy/${id}/product-option`);
  const found = option?.eligibilities.find((e) => e.rule === rule);
  if (!found) throw new Error(`no ${rule} on policy ${id}: ${JSON.stringify(option)}`);
  expect(option?.is_eligible).toBe(option?.eligibilities.every((e) => e.is_eligible));
  return found.is_eligible;
}

let serial = 0;
/** An owner's policy whose insured life (Wing Ho) was born on `born`. */
async function policyOf(
  productCode: 'OUTPATIENT-GO' | 'VHIS-FLEXI' | 'TERM-10',
  activationDate: string,
  born: string,
  storedStatus = 'in-force',
): Promise<number> {
  serial += 1;
  return addPolicy(t, {
    owner: OWNER,
    number: `RL${String(3000000 + serial)}`,
    productCode,
    storedStatus,
    activationDate,
    dateOfBirth: born,
    ...(productCode === 'TERM-10' ? { sumAssured: 500000 } : {}),
  });
}

/** Makes a third party (a new party of the policy) its payor: the caller is then a payment owner. */
async function paidByThirdParty(policyId: number): Promise<void> {
  const [payor] = await t.database.db
    .insert(policyParty)
    .values({
      policyId,
      role: 'beneficiary',
      firstName: 'Siu Fung',
      lastName: 'Ho',
      relationship: 'parent',
      allocationPercentage: 100,
    })
    .returning({ id: policyParty.id });
  if (!payor) throw new Error('party not added');
  await t.database.db.insert(policyProfileMapping).values({
    policyId,
    role: 'payor',
    profileId: payor.id,
  });
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
});
afterAll(async () => {
  await t.close();
});

describe('application-case product options', () => {
  const draftOf = (email: string) => draftCaseOf(t, email);

  it('applies the rules with the applicant as the insured life', async () => {
    // Plain holds an in-force VHIS policy on their own life (VH1000003): no second one.
    const [plainOption] = await optionsOf(
      `/application-case/${await draftOf(PLAIN)}/product-option`,
      PLAIN,
    );
    expect(plainOption).toMatchObject({ type: 'cross-sell', to_product: 'VHIS-FLEXI' });
    expect(plainOption?.eligibilities).toEqual([
      { rule: 'max-in-force-policy-per-insured-life', is_eligible: false },
      { rule: 'min-days-before-policy-anniversary', is_eligible: true },
    ]);
    expect(plainOption?.is_eligible).toBe(false);
    // The owner holds no in-force VHIS policy yet (this runs before the fixtures below).
    const [ownerOption] = await optionsOf(
      `/application-case/${await draftOf(OWNER)}/product-option`,
    );
    expect(ownerOption?.is_eligible).toBe(true);
  });
});

describe('max-in-force-policy-per-insured-life (anyone, at most 1)', () => {
  it('holds until the insured life has an in-force policy of the target product', async () => {
    const born = '1985-03-04';
    const outpatient = await policyOf('OUTPATIENT-GO', addDays(TODAY, -60), born);
    expect(await ruleOf(outpatient, 'max-in-force-policy-per-insured-life')).toBe(true);
    // A lapsed VHIS policy of the same person does not count; an in-force one does.
    await policyOf('VHIS-FLEXI', addDays(TODAY, -400), born, 'lapsed');
    expect(await ruleOf(outpatient, 'max-in-force-policy-per-insured-life')).toBe(true);
    await policyOf('VHIS-FLEXI', addDays(TODAY, -100), born);
    expect(await ruleOf(outpatient, 'max-in-force-policy-per-insured-life')).toBe(false);
    const [option] = await optionsOf(`/policy/${outpatient}/product-option`);
    expect(option?.is_eligible).toBe(false);
    // Bound for anyone: a payment owner asking is refused too.
    await paidByThirdParty(outpatient);
    expect(await ruleOf(outpatient, 'max-in-force-policy-per-insured-life')).toBe(false);
  });

  it('counts only the same insured life', async () => {
    const outpatient = await policyOf('OUTPATIENT-GO', addDays(TODAY, -60), '1979-07-07');
    await policyOf('VHIS-FLEXI', addDays(TODAY, -100), '1979-07-08');
    expect(await ruleOf(outpatient, 'max-in-force-policy-per-insured-life')).toBe(true);
  });
});

describe('min-days-before-policy-anniversary (policyholder, 30 days)', () => {
  it('refuses the policyholder inside 30 days of the anniversary, not a payment owner', async () => {
    // Anniversary in 31 days: allowed; in 29 days: not.
    const far = await policyOf('OUTPATIENT-GO', addDays(addMonths(TODAY, -12), 31), '1990-02-02');
    expect(await ruleOf(far, 'min-days-before-policy-anniversary')).toBe(true);
    const near = await policyOf('OUTPATIENT-GO', addDays(addMonths(TODAY, -12), 29), '1990-02-03');
    expect(await ruleOf(near, 'min-days-before-policy-anniversary')).toBe(false);
    await paidByThirdParty(near);
    expect(await ruleOf(near, 'min-days-before-policy-anniversary')).toBe(true);
  });
});

describe('max-parent-policy-year', () => {
  it('binds the policyholder only on a VHIS supplement (at most policy year 5)', async () => {
    const young = await policyOf('VHIS-FLEXI', addMonths(TODAY, -12 * 4), '1980-05-05');
    expect(await ruleOf(young, 'max-parent-policy-year')).toBe(true);
    const old = await policyOf('VHIS-FLEXI', addDays(addMonths(TODAY, -12 * 5), -1), '1980-05-06');
    expect(await ruleOf(old, 'max-parent-policy-year')).toBe(false);
    await paidByThirdParty(old);
    expect(await ruleOf(old, 'max-parent-policy-year')).toBe(true);
  });

  it('binds anyone on a term sum-assured increase (at most policy year 3)', async () => {
    const third = await policyOf('TERM-10', addDays(addMonths(TODAY, -12 * 2), -1), '1982-06-06');
    expect(await ruleOf(third, 'max-parent-policy-year')).toBe(true);
    const fourth = await policyOf('TERM-10', addDays(addMonths(TODAY, -12 * 3), -1), '1982-06-07');
    expect(await ruleOf(fourth, 'max-parent-policy-year')).toBe(false);
    await paidByThirdParty(fourth);
    expect(await ruleOf(fourth, 'max-parent-policy-year')).toBe(false);
  });
});
