// Issue 21 item 5 (decision 134): `POST /outpatient/submit/{id}` checks the outpatient
// application case against the application validation codes that apply to it, answers 400 with
// every failing code in `details`, and leaves the case as it was.
import { maskHkid } from '@clinicpass/shared/identity/hkid';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productProfile } from '../src/db/platform-schema';
import { DEMO_CASES, demoCaseDetails } from '../src/db/seed/stakeholder-data';
import { applicationCase } from '../src/db/stakeholder-schema';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import type { CaseDetails } from '../src/modules/application-case/case-checks';
import { TEST_SECRET_KEY } from './constants';
import { testFactories, type MemberCard } from './factories';
import { buildPolicyTestApp, PLAIN, type PolicyTestApp } from './policy-support';
import { call } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');

let t: PolicyTestApp;
let outpatientId: number;
/** A member already covered by an in-force outpatient policy. */
let covered: MemberCard;

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const f = testFactories(t.database.db, { clock: t.clock });
  outpatientId = (await f.productByCode('OUTPATIENT-GO')).id;
  covered = await f.memberCard();
});
afterAll(async () => {
  await t.close();
});

async function newCase(details: CaseDetails | null): Promise<number> {
  const [row] = await t.database.db
    .insert(applicationCase)
    .values({ userId: await t.userId(PLAIN), productId: outpatientId, status: 'draft', details })
    .returning({ id: applicationCase.id });
  return row!.id;
}

async function caseRow(id: number) {
  const [row] = await t.database.db
    .select({ status: applicationCase.status, details: applicationCase.details })
    .from(applicationCase)
    .where(eq(applicationCase.id, id));
  return row;
}

interface Refusal {
  code: string;
  message: string;
  details: { codes: string[]; issues: { code: string; path: string }[] };
}

async function refusal(id: number): Promise<Refusal> {
  const before = await caseRow(id);
  const res = await call(t, 'POST', `/outpatient/submit/${id}`, { user: PLAIN });
  expect(res.statusCode, res.body).toBe(400);
  expect(await caseRow(id)).toEqual(before);
  const body = res.json<Refusal>();
  expect(body.code).toBe('validation_error');
  return body;
}

const complete = () => demoCaseDetails(TEST_SECRET_KEY, DEMO_CASES.plain);

describe('POST /outpatient/submit/{id} checks the case', () => {
  it('submits a complete case', async () => {
    const id = await newCase(complete());
    const res = await call(t, 'POST', `/outpatient/submit/${id}`, { user: PLAIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'submitted' });
  });

  it('refuses a case with nothing in it', async () => {
    for (const details of [null, {}]) {
      const body = await refusal(await newCase(details));
      expect(body.details.codes).toEqual(['empty_application_case']);
    }
  });

  it('answers every failing code at once, with where it failed, and changes nothing', async () => {
    const good = complete();
    const holder = good.policyholder!;
    const child = good.insured_lives![1]!;
    const details: CaseDetails = {
      policyholder: { ...holder, phone_number: '1234', email: 'not-an-email' },
      insured_lives: [
        // An applicant covering themself, but with no first name and an unknown gender.
        { ...holder, first_name: ' ', gender: 'unknown', relationship_to_policyholder: 'self' },
        // Born in the future; a relationship the spec does not know.
        { ...child, date_of_birth: '2030-01-01', relationship_to_policyholder: 'neighbour' },
        // The same child twice, the second time too old for the plan (64 at most).
        { ...child, date_of_birth: '1950-05-05', relationship_to_policyholder: 'child' },
        // A member already covered by an in-force outpatient policy, with no document type.
        {
          ...child,
          last_name: null,
          identity_document_type: 'driving-licence',
          identity_document_number_hash: hkidLookupHash(TEST_SECRET_KEY, covered.hkid),
          identity_document_number_masked: maskHkid(covered.hkid),
          date_of_birth: null,
          relationship_to_policyholder: 'sibling',
        },
      ],
      declarations: { terms_and_conditions: true, personal_information: false },
    };
    const id = await newCase(details);
    const body = await refusal(id);
    expect(body.details.codes.sort()).toEqual(
      [
        'agreement_missing',
        'date_of_birth_out_of_range',
        'duplicated_insured_lives',
        'email',
        'existing_insured_life',
        'format',
        'invalid_gender',
        'invalid_identity_document_type',
        'invalid_relationship_to_policyholder',
        'issue_age_out_of_range',
        'missing_date_of_birth',
        'missing_first_name',
        'missing_last_name',
      ].sort(),
    );
    expect(body.details.issues).toEqual(
      expect.arrayContaining([
        { code: 'format', path: 'policyholder.phone_number' },
        { code: 'email', path: 'policyholder.email' },
        { code: 'missing_first_name', path: 'insured_lives.0.first_name' },
        { code: 'invalid_gender', path: 'insured_lives.0.gender' },
        { code: 'date_of_birth_out_of_range', path: 'insured_lives.1.date_of_birth' },
        {
          code: 'invalid_relationship_to_policyholder',
          path: 'insured_lives.1.relationship_to_policyholder',
        },
        { code: 'issue_age_out_of_range', path: 'insured_lives.2.date_of_birth' },
        { code: 'duplicated_insured_lives', path: 'insured_lives.2' },
        { code: 'existing_insured_life', path: 'insured_lives.3' },
        { code: 'missing_last_name', path: 'insured_lives.3.last_name' },
        { code: 'missing_date_of_birth', path: 'insured_lives.3.date_of_birth' },
        {
          code: 'invalid_identity_document_type',
          path: 'insured_lives.3.identity_document_type',
        },
        { code: 'agreement_missing', path: 'declarations.personal_information' },
      ]),
    );
    // The message names the codes for a developer; no identity number or phone travels back.
    expect(body.message).toContain('agreement_missing');
    expect(JSON.stringify(body)).not.toContain('1234');
  });

  it('refuses a case without applicant or members, and one whose product is off sale', async () => {
    const noPeople = await refusal(
      await newCase({ declarations: { terms_and_conditions: true, personal_information: true } }),
    );
    expect(noPeople.details.codes).toEqual(['missing_policyholder', 'missing_insured_life']);

    const id = await newCase(complete());
    await t.database.db
      .update(productProfile)
      .set({ isActive: false })
      .where(eq(productProfile.productId, outpatientId));
    try {
      expect((await refusal(id)).details.codes).toEqual(['inactive_product']);
    } finally {
      await t.database.db
        .update(productProfile)
        .set({ isActive: true })
        .where(eq(productProfile.productId, outpatientId));
    }
  });

  it('the seeded demo drafts are complete', async () => {
    for (const demo of [DEMO_CASES.owner, DEMO_CASES.plain]) {
      const details = demoCaseDetails(TEST_SECRET_KEY, demo);
      expect(details.insured_lives).toHaveLength(2);
    }
    const [plainDraft] = await t.database.db
      .select({ details: applicationCase.details })
      .from(applicationCase)
      .where(eq(applicationCase.userId, await t.userId(PLAIN)));
    expect(plainDraft?.details).toEqual(complete());
  });
});
