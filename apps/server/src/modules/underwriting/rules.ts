// Underwriting rules, pure (decision 083): which questions a set of answers asks, whether each
// answer fits its question's kind and configuration, and the decision the answers lead to.
import type { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type {
  UnderwritingAnswer,
  UnderwritingCaseDecision,
  UnderwritingQuestion,
} from '@clinicpass/shared/platform/entities/underwriting';
import type { UnderwritingDecision } from '@clinicpass/shared/platform/enums';
import { DISQUALIFYING_CONDITIONS, EXCLUDED_CONDITIONS } from './questionnaire';

/** A question as stored: the API's shape plus the code the rules read. */
export type RuleQuestion = UnderwritingQuestion & { code: string };

/** The choice that excludes every other in a NON_NULLABLE_CHECKBOX ("None of the above"). */
export const NONE_CHOICE = 'none';

/** Loading bounds (decision 083): each factor past its bound adds its percentage. */
export const LOADING_RULES = {
  bmiSevere: { min: 35, percentage: 50 },
  bmiHigh: { min: 30, percentage: 25 },
  bmiLow: { below: 17.5, percentage: 25 },
  heavySmoker: { aboveCigarettesPerDay: 20, percentage: 25 },
  heavyDrinker: { choice: 'over-14', percentage: 25 },
  uncontrolledCondition: { percentage: 25 },
  familyHistory: { minConditions: 2, percentage: 10 },
  /** A total above this cannot be loaded: the case is declined. */
  maxTotal: 100,
} as const;

function invalid(question: RuleQuestion, index: number | null, message: string): AppError {
  const path = index === null ? 'body.answers' : `body.answers.${index}.value`;
  return validationError(
    [{ path, message, key: message === 'is required' ? 'required' : 'invalid' }],
    {
      message: `Invalid answer to question ${question.id} (${question.message.en}): ${message}`,
      extra: { question: question.id },
    },
  );
}

function holds(condition: { values: (string | boolean)[] }, value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => condition.values.includes(item as string));
  return condition.values.includes(value as string | boolean);
}

/** The ids of the questions the answers ask: every main question, and the follow-ups they open. */
export function askedQuestions(
  questions: RuleQuestion[],
  answers: Map<number, unknown>,
): Set<number> {
  const asked = new Set<number>();
  for (const question of questions) {
    const condition = question.condition;
    if (condition === null) asked.add(question.id);
    else if (asked.has(condition.question) && answers.has(condition.question)) {
      if (holds(condition, answers.get(condition.question))) asked.add(question.id);
    }
  }
  return asked;
}

function checkValue(question: RuleQuestion, index: number, value: unknown): void {
  const config = question.input_configs;
  const choices = config.choices.map((choice) => choice.value);
  switch (question.type) {
    case 'NUMBER':
    case 'SLIDER': {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw invalid(question, index, 'must be a number');
      }
      if (config.min !== null && value < config.min) {
        throw invalid(question, index, `must be at least ${config.min}`);
      }
      if (config.max !== null && value > config.max) {
        throw invalid(question, index, `must be at most ${config.max}`);
      }
      if (config.step !== null) {
        const steps = (value - (config.min ?? 0)) / config.step;
        if (Math.abs(steps - Math.round(steps)) > 1e-9) {
          throw invalid(question, index, `must be in steps of ${config.step}`);
        }
      }
      return;
    }
    case 'RADIO':
    case 'SINGLE_SELECT': {
      if (typeof value !== 'string' || !choices.includes(value)) {
        throw invalid(question, index, `must be one of ${choices.join(', ')}`);
      }
      return;
    }
    case 'CHECKBOX':
    case 'NON_NULLABLE_CHECKBOX': {
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
        throw invalid(question, index, 'must be a list of choices');
      }
      const picked = value as string[];
      const unknown = picked.find((item) => !choices.includes(item));
      if (unknown !== undefined) {
        throw invalid(question, index, `${unknown} is not one of ${choices.join(', ')}`);
      }
      if (new Set(picked).size !== picked.length) {
        throw invalid(question, index, 'lists a choice twice');
      }
      if (question.type === 'NON_NULLABLE_CHECKBOX') {
        if (picked.length === 0) throw invalid(question, index, 'tick at least one choice');
        if (picked.includes(NONE_CHOICE) && picked.length > 1) {
          throw invalid(question, index, `"${NONE_CHOICE}" cannot be ticked with other choices`);
        }
      }
      return;
    }
  }
}

/**
 * Checks a full set of answers: every question answered once with a value its kind and
 * configuration allow, every follow-up whose condition holds answered, and no answer to a
 * question not asked. The first fault is a 400 naming the question. Returns the asked
 * follow-ups' ids.
 */
export function validateAnswers(
  questions: RuleQuestion[],
  answers: UnderwritingAnswer[],
): { followUps: number[] } {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const values = new Map<number, unknown>();
  answers.forEach((answer, index) => {
    const question = byId.get(answer.question);
    if (!question) {
      throw validationError(
        [{ path: `body.answers.${index}.question`, message: 'is not a question', key: 'invalid' }],
        {
          message: `Invalid answer: question ${answer.question} is not in this questionnaire`,
          extra: { question: answer.question },
        },
      );
    }
    if (values.has(answer.question)) {
      throw invalid(question, index, 'is answered more than once');
    }
    checkValue(question, index, answer.value);
    values.set(answer.question, answer.value);
  });
  const asked = askedQuestions(questions, values);
  answers.forEach((answer, index) => {
    const question = byId.get(answer.question);
    if (question && !asked.has(question.id)) {
      throw invalid(question, index, 'is not asked with these answers');
    }
  });
  for (const question of questions) {
    if (asked.has(question.id) && !values.has(question.id)) {
      throw invalid(question, null, 'is required');
    }
  }
  return {
    followUps: questions.filter((q) => q.condition !== null && asked.has(q.id)).map((q) => q.id),
  };
}

/** Body mass index from height in cm and weight in kg, to one decimal place. */
export function bmiOf(heightCm: number, weightKg: number): number {
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

function decision(
  kind: UnderwritingDecision,
  extra: Partial<Omit<UnderwritingCaseDecision, 'decision'>> = {},
): UnderwritingCaseDecision {
  return {
    decision: kind,
    loading_percentage: extra.loading_percentage ?? null,
    exclusion: extra.exclusion ?? null,
    reason: extra.reason ?? null,
  };
}

/**
 * The decision rules, in order (decision 083):
 * 1. a disqualifying condition (cancer, heart disease, stroke, kidney failure) → REJECTION;
 * 2. surgery in the past 12 months (had or advised) or a pending investigation → POSTPONE;
 * 3. each named chronic condition → an EXCLUSION of that condition;
 * 4. risk factors past their bounds (BMI, smoking, alcohol, an uncontrolled condition, family
 *    history) → one LOADING of their summed percentage; a sum above 100 → REJECTION;
 * 5. nothing of the above → STANDARD.
 * The case's result is the first of REJECTION, POSTPONE, LOADING, EXCLUSION, STANDARD present.
 */
export function decide(answers: Map<string, unknown>): {
  result: UnderwritingDecision;
  decisions: UnderwritingCaseDecision[];
} {
  const list = (code: string) => (answers.get(code) as string[] | undefined) ?? [];
  const conditions = list('conditions');
  const disqualifying = conditions.filter((c) => DISQUALIFYING_CONDITIONS.includes(c));
  if (disqualifying.length > 0) {
    return {
      result: 'REJECTION',
      decisions: [decision('REJECTION', { reason: `diagnosed: ${disqualifying.join(', ')}` })],
    };
  }
  const postponed: string[] = [];
  if (answers.get('surgery') === 'yes') {
    const size = answers.get('surgery_size');
    postponed.push(`surgery within 12 months${typeof size === 'string' ? ` (${size})` : ''}`);
  }
  if (answers.get('pending_investigation') === 'yes') postponed.push('pending investigation');
  if (postponed.length > 0) {
    return {
      result: 'POSTPONE',
      decisions: [decision('POSTPONE', { reason: postponed.join('; ') })],
    };
  }
  const exclusions = conditions
    .filter((c) => EXCLUDED_CONDITIONS.includes(c))
    .map((c) => decision('EXCLUSION', { exclusion: c, reason: `diagnosed: ${c}` }));

  const factors: { reason: string; percentage: number }[] = [];
  const height = answers.get('height_cm');
  const weight = answers.get('weight_kg');
  if (typeof height === 'number' && typeof weight === 'number') {
    const bmi = bmiOf(height, weight);
    if (bmi >= LOADING_RULES.bmiSevere.min) {
      factors.push({ reason: `BMI ${bmi}`, percentage: LOADING_RULES.bmiSevere.percentage });
    } else if (bmi >= LOADING_RULES.bmiHigh.min) {
      factors.push({ reason: `BMI ${bmi}`, percentage: LOADING_RULES.bmiHigh.percentage });
    } else if (bmi < LOADING_RULES.bmiLow.below) {
      factors.push({ reason: `BMI ${bmi}`, percentage: LOADING_RULES.bmiLow.percentage });
    }
  }
  const cigarettes = answers.get('cigarettes_per_day');
  if (
    answers.get('smoker') === 'yes' &&
    typeof cigarettes === 'number' &&
    cigarettes > LOADING_RULES.heavySmoker.aboveCigarettesPerDay
  ) {
    factors.push({
      reason: `${cigarettes} cigarettes a day`,
      percentage: LOADING_RULES.heavySmoker.percentage,
    });
  }
  if (answers.get('alcohol') === LOADING_RULES.heavyDrinker.choice) {
    factors.push({
      reason: 'more than 14 drinks a week',
      percentage: LOADING_RULES.heavyDrinker.percentage,
    });
  }
  if (answers.get('condition_controlled') === 'no') {
    factors.push({
      reason: 'condition not controlled',
      percentage: LOADING_RULES.uncontrolledCondition.percentage,
    });
  }
  const family = list('family_history');
  if (family.length >= LOADING_RULES.familyHistory.minConditions) {
    factors.push({
      reason: `family history: ${family.join(', ')}`,
      percentage: LOADING_RULES.familyHistory.percentage,
    });
  }
  const total = factors.reduce((sum, factor) => sum + factor.percentage, 0);
  const reasons = factors.map((factor) => factor.reason).join('; ');
  if (total > LOADING_RULES.maxTotal) {
    return {
      result: 'REJECTION',
      decisions: [
        decision('REJECTION', { reason: `risk loading ${total}% above 100%: ${reasons}` }),
      ],
    };
  }
  const loading =
    total > 0 ? [decision('LOADING', { loading_percentage: total, reason: reasons })] : [];
  if (loading.length > 0) return { result: 'LOADING', decisions: [...exclusions, ...loading] };
  if (exclusions.length > 0) return { result: 'EXCLUSION', decisions: exclusions };
  return { result: 'STANDARD', decisions: [decision('STANDARD')] };
}
