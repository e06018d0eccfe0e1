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
import { inArray } from 'drizzle-orm';
import { HEALTH_QUESTIONNAIRE, HEALTH_QUESTIONS } from '../../modules/underwriting/questionnaire';
import { UNDERWRITING_CASE_VALID_DAYS } from '../../modules/underwriting/underwriting.service';
import { hkidLookupHash } from '../../lib/hkid-hash';
import type { Database } from '../client';
import { policy, product } from '../schema';
import { serviceRequest, underwritingCase, underwritingQuestion } from '../service-request-schema';
import { DEMO } from './demo';

export interface ServiceRequestDemoOptions {
  secretKey: string;
  clock?: Clock;
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

    const policies = await tx
      .select({
        id: policy.id,
        number: policy.policyNumber,
        ownerUserId: policy.ownerUserId,
        productId: policy.productId,
        activationDate: policy.activationDate,
      })
      .from(policy)
      .where(
        inArray(policy.policyNumber, [
          DEMO.workingCard.policyNumber,
          DEMO.bodyCheckNotDue.policyNumber,
          DEMO.noNetwork.policyNumber,
        ]),
      );
    const products = await tx.select({ id: product.id, code: product.code }).from(product);
    const policyOf = (number: string) => {
      const found = policies.find((p) => p.number === number);
      if (!found?.ownerUserId) throw new Error(`demo policy ${number} missing`);
      return { ...found, ownerUserId: found.ownerUserId };
    };
    const productId = (code: string) => {
      const found = products.find((p) => p.code === code);
      if (!found) throw new Error(`product ${code} missing`);
      return found.id;
    };
    const openCase = async (userId: string, targetId: number) => {
      const [created] = await tx
        .insert(underwritingCase)
        .values({
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
        .returning({ id: underwritingCase.id });
      if (!created) throw new Error('case not created');
      return created.id;
    };

    const op1 = policyOf(DEMO.workingCard.policyNumber);
    const op2 = policyOf(DEMO.bodyCheckNotDue.policyNumber);
    const vh3 = policyOf(DEMO.noNetwork.policyNumber);
    const vhis = productId('VHIS-FLEXI');
    const outpatient = productId('OUTPATIENT-GO');
    const siuMingHkid = DEMO.bodyCheckNotDue.hkid;

    await tx.insert(serviceRequest).values([
      {
        policyId: op1.id,
        type: 'PRODUCT_UPGRADE',
        status: 'draft',
        proposedEffectiveDate: nextAnniversary(op1.activationDate, today),
        fromProductId: op1.productId,
        toProductId: vhis,
        optionType: 'cross-sell',
        underwritingCaseId: await openCase(op1.ownerUserId, vhis),
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
        underwritingCaseId: await openCase(vh3.ownerUserId, outpatient),
        createDate: now,
        updateDate: now,
      },
    ]);
  });
}
