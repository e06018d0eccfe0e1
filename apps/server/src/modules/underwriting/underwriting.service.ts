// Underwriting rules (decisions 083, 084): a case belongs to the customer whose service request
// created it; answers are checked against each question's kind, configuration and condition;
// the result applies the decision rules of rules.ts. `draft` → answer → `submitted` → result →
// `completed`; a case past its expiry date reads `expired` and takes no more moves.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type {
  UnderwritingAnswer,
  UnderwritingCase,
  UnderwritingCaseDecision,
  UnderwritingQuestion,
} from '@clinicpass/shared/platform/entities/underwriting';
import type {
  QuestionInputKind,
  UnderwritingCaseStatus,
  UnderwritingDecision,
} from '@clinicpass/shared/platform/enums';
import { addDays, compareDates } from '@clinicpass/shared/time/clock';
import type { Database } from '../../db/client';
import { HEALTH_QUESTIONNAIRE } from './questionnaire';
import { decide, validateAnswers, type RuleQuestion } from './rules';
import * as repo from './underwriting.repository';

export interface Caller {
  userId: string;
}

export interface Now {
  today: string;
  instant: Date;
}

/** Days a case stays open for answers and its result stays valid for a request (decision 083). */
export const UNDERWRITING_CASE_VALID_DAYS = 90;

function notFound(id: number): AppError {
  return new AppError('not_found', { message: `No underwriting case ${id}` });
}

/** The status a case reads on `today`: an unfinished case past its expiry date is `expired`. */
export function statusOn(row: repo.CaseRow, today: string): UnderwritingCaseStatus {
  if (row.status !== 'completed' && compareDates(today, row.expiryDate) > 0) return 'expired';
  return row.status as UnderwritingCaseStatus;
}

export function toCase(row: repo.CaseRow, today: string): UnderwritingCase {
  const status = statusOn(row, today);
  return {
    id: row.id,
    product: row.productCode,
    is_complete: status === 'completed',
    result: row.result as UnderwritingDecision | null,
    expiry_date: row.expiryDate,
    application_case_ids: [],
    application_ids: [],
    underwriting_case_number: `UW${String(row.id).padStart(7, '0')}`,
    decisions: row.decisions as UnderwritingCaseDecision[],
    status,
    answers: row.answers as UnderwritingAnswer[],
    follow_ups: row.followUps,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

function toQuestion(row: repo.QuestionRow): RuleQuestion {
  const config = row.inputConfigs as Partial<UnderwritingQuestion['input_configs']>;
  return {
    id: row.id,
    code: row.code,
    message: { en: row.messageEn, 'zh-HK': row.messageZh },
    section: row.section,
    subsection: row.subsection,
    remark: row.remark,
    condition:
      row.conditionQuestionId === null
        ? null
        : { question: row.conditionQuestionId, values: row.conditionValues ?? [] },
    type: row.type as QuestionInputKind,
    input_configs: {
      choices: config.choices ?? [],
      min: config.min ?? null,
      max: config.max ?? null,
      step: config.step ?? null,
      unit: config.unit ?? null,
    },
  };
}

async function questionsOf(db: Database, questionnaire: string): Promise<RuleQuestion[]> {
  return (await repo.listQuestions(db, questionnaire)).map(toQuestion);
}

async function requireCase(db: Database, caller: Caller, id: number, lock = false) {
  const row = await repo.findOwnedCase(db, caller.userId, id, { lock });
  if (!row) throw notFound(id);
  return row;
}

/** Opens a case for a product (an upgrade request's underwriting step). */
export async function openCase(
  db: Database,
  userId: string,
  productId: number,
  now: Now,
): Promise<number> {
  return repo.createCase(db, {
    userId,
    productId,
    questionnaire: HEALTH_QUESTIONNAIRE,
    expiryDate: addDays(now.today, UNDERWRITING_CASE_VALID_DAYS),
    now: now.instant,
  });
}

/** A case of the caller's, as the service-request module reads it (null when not theirs). */
export async function findCase(
  db: Database,
  caller: Caller,
  id: number,
  today: string,
): Promise<UnderwritingCase | null> {
  const row = await repo.findOwnedCase(db, caller.userId, id);
  return row ? toCase(row, today) : null;
}

export async function getCase(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<UnderwritingCase> {
  return toCase(await requireCase(db, caller, id), today);
}

export async function listQuestions(
  db: Database,
  caller: Caller,
  id: number,
): Promise<UnderwritingQuestion[]> {
  const row = await requireCase(db, caller, id);
  return (await questionsOf(db, row.questionnaire)).map(({ code: _code, ...question }) => question);
}

function refuse(action: string, status: UnderwritingCaseStatus): AppError {
  return new AppError('invalid_state_transition', {
    message: `An underwriting case cannot be ${action} while it is ${status}`,
    details: { status },
  });
}

/** Records a full set of answers (replacing earlier ones) while the case is open. */
export async function answer(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  answers: UnderwritingAnswer[],
): Promise<UnderwritingCase> {
  const row = await requireCase(db, caller, id, true);
  const status = statusOn(row, now.today);
  if (status !== 'draft' && status !== 'submitted') throw refuse('answered', status);
  const questions = await questionsOf(db, row.questionnaire);
  const { followUps } = validateAnswers(questions, answers);
  const order = new Map(questions.map((question, index) => [question.id, index]));
  const sorted = [...answers].sort(
    (a, b) => (order.get(a.question) ?? 0) - (order.get(b.question) ?? 0),
  );
  await repo.updateCase(db, id, {
    status: 'submitted',
    answers: sorted,
    followUps,
    updateDate: now.instant,
  });
  return getCase(db, caller, now.today, id);
}

/** Calculates the decision from the submitted answers; the case is then complete. */
export async function calculateResult(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
): Promise<UnderwritingCase> {
  const row = await requireCase(db, caller, id, true);
  const status = statusOn(row, now.today);
  if (status === 'draft') {
    throw new AppError('incomplete_underwriting_case', {
      message: 'Answer the health questions before asking for the result',
    });
  }
  if (status !== 'submitted') throw refuse('decided', status);
  const questions = await questionsOf(db, row.questionnaire);
  const codes = new Map(questions.map((question) => [question.id, question.code]));
  const byCode = new Map<string, unknown>();
  for (const given of row.answers) {
    const code = codes.get(given.question);
    if (code !== undefined) byCode.set(code, given.value);
  }
  const { result, decisions } = decide(byCode);
  await repo.updateCase(db, id, {
    status: 'completed',
    result,
    decisions,
    updateDate: now.instant,
  });
  return getCase(db, caller, now.today, id);
}
