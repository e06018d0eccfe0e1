// Demo service requests and underwriting (issue 7): the health questionnaire, and for the
// README's accounts a draft upgrade of OP1000001 with its open underwriting case, an open
// identity-document change for OP1000002's insured child (birth certificate → HKID card), and
// plain@example.com's draft upgrade of VH1000003. Dates are relative to the seeding day.
import { maskHkid } from '@clinicpass/shared/identity/hkid';
import {
  addDays,
  addMonths,
  compareDates,
  hkToday,
  systemClock,
  type Clock,
} from '@clinicpass/shared/time/clock';
import { HEALTH_QUESTIONNAIRE, HEALTH_QUESTIONS } from '../../modules/underwriting/questionnaire';
import { UNDERWRITING_CASE_VALID_DAYS } from '../../modules/underwriting/underwriting.service';
import { hkidLookupHash } from '../../lib/hkid-hash';
import type { Database } from '../client';
import { underwritingQuestion } from '../service-request-schema';
import { DEMO, type DemoRecords } from './demo';
import { factories } from './factories';

export interface ServiceRequestDemoOptions {
  secretKey: string;
  clock?: Clock;
  demo: DemoRecords;
}

/** The first anniversary of `activation` after `today`. */
function nextAnniversary(activation: string, today: string): string {
  let k = 1;
  while (compareDates(addMonths(activation, 12 * k), today) <= 0) k += 1;
  return addMonths(activation, 12 * k);
}

export async function seedServiceRequestDemo(
  db: Database,
  options: ServiceRequestDemoOptions,
): Promise<void> {
  const clock = options.clock ?? systemClock;
  const today = hkToday(clock);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const [index, question] of HEALTH_QUESTIONS.entries()) {
      const parent = question.condition ? ids.get(question.condition.code) : undefined;
      const [row] = await tx
        .insert(underwritingQuestion)
        .values({
          questionnaire: HEALTH_QUESTIONNAIRE,
          code: question.code,
          sequence: index + 1,
          section: question.section,
          subsection: question.subsection,
          remark: question.remark,
          messageEn: question.en,
          messageZh: question.zh,
          type: question.type,
          inputConfigs: {
            choices: question.choices ?? [],
            min: question.min ?? null,
            max: question.max ?? null,
            step: question.step ?? null,
            unit: question.unit ?? null,
          },
          conditionQuestionId: parent ?? null,
          conditionValues: question.condition ? question.condition.values : null,
        })
        .returning({ id: underwritingQuestion.id });
      if (!row) throw new Error(`question ${question.code} not created`);
      ids.set(question.code, row.id);
    }

    const f = factories(tx, { secretKey: options.secretKey, clock });
    const { products } = options.demo;
    const policyOf = (row: DemoRecords['policies']['op1']) => {
      if (!row.ownerUserId) throw new Error(`demo policy ${row.policyNumber} has no owner`);
      return { ...row, ownerUserId: row.ownerUserId };
    };
    const openCase = async (userId: string, targetId: number) =>
      (
        await f.underwritingCase({
          userId,
          productId: targetId,
          questionnaire: HEALTH_QUESTIONNAIRE,
          status: 'draft',
          answers: [],
          followUps: [],
          decisions: [],
          expiryDate: addDays(today, UNDERWRITING_CASE_VALID_DAYS),
          createDate: now,
          updateDate: now,
        })
      ).id;

    const op1 = policyOf(options.demo.policies.op1);
    const op2 = policyOf(options.demo.policies.op2);
    const vh3 = policyOf(options.demo.policies.vh3);
    const vhis = products['VHIS-FLEXI'].id;
    const outpatient = products['OUTPATIENT-GO'].id;
    const siuMingHkid = DEMO.bodyCheckNotDue.hkid;
    const op1Case = await openCase(op1.ownerUserId, vhis);
    const vh3Case = await openCase(vh3.ownerUserId, outpatient);

    for (const row of [
      {
        policyId: op1.id,
        type: 'PRODUCT_UPGRADE',
        status: 'draft',
        proposedEffectiveDate: nextAnniversary(op1.activationDate, today),
        fromProductId: op1.productId,
        toProductId: vhis,
        optionType: 'cross-sell',
        underwritingCaseId: op1Case,
        createDate: now,
        updateDate: now,
      },
      {
        policyId: op2.id,
        type: 'IDENTITY_VERIFICATION_CHANGE',
        status: 'open',
        proposedEffectiveDate: addDays(today, 14),
        fromProductId: op2.productId,
        identityVerificationChange: {
          role: 'insured-life',
          identity_document_type: 'hong-kong-identity-card',
          identity_document_number: maskHkid(siuMingHkid),
        },
        documentNumberHash: hkidLookupHash(options.secretKey, siuMingHkid),
        decisionReason: 'submitted by the customer',
        createDate: now,
        updateDate: now,
      },
      {
        policyId: vh3.id,
        type: 'PRODUCT_UPGRADE',
        status: 'draft',
        proposedEffectiveDate: nextAnniversary(vh3.activationDate, today),
        fromProductId: vh3.productId,
        toProductId: outpatient,
        optionType: 'supplementary',
        underwritingCaseId: vh3Case,
        createDate: now,
        updateDate: now,
      },
    ]) {
      await f.serviceRequest(row);
    }
  });
}
