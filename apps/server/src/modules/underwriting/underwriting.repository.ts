// Underwriting cases and questions (SQL only). A case is read with its owner's user id, so
// another customer's case is simply not found.
import { and, asc, eq } from 'drizzle-orm';
import { product } from '../../db/schema';
import { underwritingCase, underwritingQuestion } from '../../db/service-request-schema';
import type { Database } from '../../db/client';

export type QuestionRow = typeof underwritingQuestion.$inferSelect;

export function listQuestions(db: Database, questionnaire: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(underwritingQuestion)
    .where(eq(underwritingQuestion.questionnaire, questionnaire))
    .orderBy(asc(underwritingQuestion.sequence), asc(underwritingQuestion.id));
}

const caseColumns = {
  id: underwritingCase.id,
  userId: underwritingCase.userId,
  productId: underwritingCase.productId,
  productCode: product.code,
  questionnaire: underwritingCase.questionnaire,
  status: underwritingCase.status,
  answers: underwritingCase.answers,
  followUps: underwritingCase.followUps,
  decisions: underwritingCase.decisions,
  result: underwritingCase.result,
  expiryDate: underwritingCase.expiryDate,
  createDate: underwritingCase.createDate,
  updateDate: underwritingCase.updateDate,
};

export type CaseRow = NonNullable<Awaited<ReturnType<typeof findOwnedCase>>>;

/** The caller's case, locked for a move when `lock` is set; null when it is not theirs. */
export async function findOwnedCase(
  db: Database,
  userId: string,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select(caseColumns)
    .from(underwritingCase)
    .innerJoin(product, eq(product.id, underwritingCase.productId))
    .where(and(eq(underwritingCase.userId, userId), eq(underwritingCase.id, id)));
  const [row] = await (options.lock === true
    ? query.for('update', { of: underwritingCase })
    : query);
  return row ?? null;
}

export async function createCase(
  db: Database,
  values: {
    userId: string;
    productId: number;
    questionnaire: string;
    expiryDate: string;
    now: Date;
  },
): Promise<number> {
  const [created] = await db
    .insert(underwritingCase)
    .values({
      userId: values.userId,
      productId: values.productId,
      questionnaire: values.questionnaire,
      status: 'draft',
      answers: [],
      followUps: [],
      decisions: [],
      expiryDate: values.expiryDate,
      createDate: values.now,
      updateDate: values.now,
    })
    .returning({ id: underwritingCase.id });
  if (!created) throw new Error('underwriting case not created');
  return created.id;
}

export async function updateCase(
  db: Database,
  id: number,
  patch: Partial<
    Pick<
      typeof underwritingCase.$inferInsert,
      'status' | 'answers' | 'followUps' | 'decisions' | 'result'
    >
  > & { updateDate: Date },
): Promise<void> {
  await db.update(underwritingCase).set(patch).where(eq(underwritingCase.id, id));
}
