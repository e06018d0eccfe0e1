// The underwriting decision rules one by one, and the answer checks per input kind.
import { isAppError } from '@clinicpass/shared/errors/app-error';
import { describe, expect, it } from 'vitest';
import { HEALTH_QUESTIONS } from './questionnaire';
import { bmiOf, decide, LOADING_RULES, validateAnswers, type RuleQuestion } from './rules';

/** The questionnaire as the database serves it, ids 1… in order. */
const QUESTIONS: RuleQuestion[] = HEALTH_QUESTIONS.map((q, index) => ({
  id: index + 1,
  code: q.code,
  message: { en: q.en, 'zh-HK': q.zh },
  section: q.section,
  subsection: q.subsection,
  remark: q.remark,
  condition: q.condition
    ? {
        question: HEALTH_QUESTIONS.findIndex((p) => p.code === q.condition?.code) + 1,
        values: q.condition.values,
      }
    : null,
  type: q.type,
  input_configs: {
    choices: q.choices ?? [],
    min: q.min ?? null,
    max: q.max ?? null,
    step: q.step ?? null,
    unit: q.unit ?? null,
  },
}));
const idOf = (code: string) => QUESTIONS.find((q) => q.code === code)?.id ?? 0;

const HEALTHY: Record<string, unknown> = {
  height_cm: 172,
  weight_kg: 65,
  smoker: 'no',
  alcohol: 'up-to-7',
  conditions: ['none'],
  surgery: 'no',
  pending_investigation: 'no',
  family_history: [],
};

function answersOf(overrides: Record<string, unknown> = {}) {
  const merged = { ...HEALTHY, ...overrides };
  return Object.entries(merged)
    .filter(([, value]) => value !== undefined)
    .map(([code, value]) => ({
      question: idOf(code),
      value: value as string | number | boolean | string[],
    }));
}

function decideFor(overrides: Record<string, unknown> = {}) {
  return decide(new Map(Object.entries({ ...HEALTHY, ...overrides })));
}

function faultOf(run: () => unknown): { question: unknown; path: string; message: string } {
  try {
    run();
  } catch (error) {
    if (!isAppError(error)) throw error;
    expect(error.code).toBe('validation_error');
    const details = error.details as { question: unknown; issues: { path: string }[] };
    return {
      question: details.question,
      path: details.issues[0]?.path ?? '',
      message: error.message,
    };
  }
  throw new Error('expected a validation error');
}

describe('the questionnaire', () => {
  it('uses every input kind and has conditional follow-ups', () => {
    expect(new Set(QUESTIONS.map((q) => q.type))).toEqual(
      new Set(['CHECKBOX', 'NON_NULLABLE_CHECKBOX', 'RADIO', 'SINGLE_SELECT', 'SLIDER', 'NUMBER']),
    );
    expect(QUESTIONS.filter((q) => q.condition !== null).length).toBeGreaterThanOrEqual(3);
    for (const q of QUESTIONS) {
      if (q.condition) expect(q.condition.question).toBeLessThan(q.id);
    }
  });
});

describe('answer checks', () => {
  it('accepts a full healthy set and opens no follow-up', () => {
    expect(validateAnswers(QUESTIONS, answersOf())).toEqual({ followUps: [] });
  });

  it('lists the follow-ups the answers open', () => {
    const { followUps } = validateAnswers(
      QUESTIONS,
      answersOf({
        smoker: 'yes',
        cigarettes_per_day: 10,
        conditions: ['asthma'],
        condition_controlled: 'yes',
        surgery: 'yes',
        surgery_size: 'minor',
      }),
    );
    expect(followUps).toEqual([
      idOf('cigarettes_per_day'),
      idOf('condition_controlled'),
      idOf('surgery_size'),
    ]);
  });

  it('requires every main question, naming it', () => {
    const fault = faultOf(() => validateAnswers(QUESTIONS, answersOf({ surgery: undefined })));
    expect(fault.question).toBe(idOf('surgery'));
    expect(fault.message).toContain(`question ${idOf('surgery')}`);
    expect(fault.message).toContain('is required');
  });

  it('requires a follow-up when its condition holds', () => {
    const fault = faultOf(() => validateAnswers(QUESTIONS, answersOf({ smoker: 'yes' })));
    expect(fault.question).toBe(idOf('cigarettes_per_day'));
  });

  it('refuses a follow-up whose condition does not hold', () => {
    const fault = faultOf(() => validateAnswers(QUESTIONS, answersOf({ cigarettes_per_day: 5 })));
    expect(fault.question).toBe(idOf('cigarettes_per_day'));
    expect(fault.message).toContain('not asked');
  });

  it.each([
    ['NUMBER below its minimum', { height_cm: 90 }, 'height_cm', 'at least 100'],
    ['NUMBER above its maximum', { weight_kg: 400 }, 'weight_kg', 'at most 250'],
    ['NUMBER off its step', { height_cm: 170.5 }, 'height_cm', 'steps of 1'],
    ['NUMBER given as text', { height_cm: '170' }, 'height_cm', 'must be a number'],
    [
      'SLIDER above its maximum',
      { smoker: 'yes', cigarettes_per_day: 61 },
      'cigarettes_per_day',
      'at most 60',
    ],
    ['RADIO outside its choices', { smoker: 'sometimes' }, 'smoker', 'must be one of yes, no'],
    ['SINGLE_SELECT outside its choices', { alcohol: 'lots' }, 'alcohol', 'must be one of'],
    ['NON_NULLABLE_CHECKBOX empty', { conditions: [] }, 'conditions', 'at least one'],
    [
      'NON_NULLABLE_CHECKBOX with none and more',
      { conditions: ['none', 'asthma'] },
      'conditions',
      'cannot be ticked',
    ],
    [
      'CHECKBOX with an unknown choice',
      { family_history: ['gout'] },
      'family_history',
      'gout is not one of',
    ],
    [
      'CHECKBOX with a choice twice',
      { family_history: ['stroke', 'stroke'] },
      'family_history',
      'twice',
    ],
    ['CHECKBOX given as text', { family_history: 'stroke' }, 'family_history', 'list of choices'],
  ])('refuses a %s', (_name, overrides, code, message) => {
    const fault = faultOf(() => validateAnswers(QUESTIONS, answersOf(overrides)));
    expect(fault.question).toBe(idOf(code));
    expect(fault.path).toMatch(/^body\.answers\.\d+\.value$/);
    expect(fault.message).toContain(message);
  });

  it('refuses an unknown question and a question answered twice', () => {
    expect(
      faultOf(() => validateAnswers(QUESTIONS, [...answersOf(), { question: 999, value: 'x' }]))
        .path,
    ).toBe(`body.answers.${answersOf().length}.question`);
    const twice = faultOf(() =>
      validateAnswers(QUESTIONS, [...answersOf(), { question: idOf('smoker'), value: 'no' }]),
    );
    expect(twice.question).toBe(idOf('smoker'));
  });
});

describe('decision rules', () => {
  it('STANDARD when nothing applies', () => {
    expect(decideFor()).toEqual({
      result: 'STANDARD',
      decisions: [
        { decision: 'STANDARD', loading_percentage: null, exclusion: null, reason: null },
      ],
    });
  });

  it.each(['cancer', 'heart-disease', 'stroke', 'kidney-failure'])(
    'REJECTION for a disqualifying condition: %s',
    (condition) => {
      const { result, decisions } = decideFor({ conditions: [condition, 'asthma'] });
      expect(result).toBe('REJECTION');
      expect(decisions).toHaveLength(1);
      expect(decisions[0]?.reason).toContain(condition);
    },
  );

  it('REJECTION wins over a postponement', () => {
    expect(
      decideFor({ conditions: ['stroke'], surgery: 'yes', surgery_size: 'major' }).result,
    ).toBe('REJECTION');
  });

  it('POSTPONE for surgery in the past 12 months', () => {
    const { result, decisions } = decideFor({ surgery: 'yes', surgery_size: 'major' });
    expect(result).toBe('POSTPONE');
    expect(decisions[0]?.reason).toBe('surgery within 12 months (major)');
  });

  it('POSTPONE for a pending investigation, before exclusions and loadings', () => {
    const { result, decisions } = decideFor({
      pending_investigation: 'yes',
      conditions: ['diabetes'],
      weight_kg: 120,
    });
    expect(result).toBe('POSTPONE');
    expect(decisions).toEqual([
      {
        decision: 'POSTPONE',
        loading_percentage: null,
        exclusion: null,
        reason: 'pending investigation',
      },
    ]);
  });

  it.each(['hypertension', 'diabetes', 'asthma', 'high-cholesterol', 'hepatitis-b'])(
    'EXCLUSION of a named chronic condition: %s',
    (condition) => {
      const { result, decisions } = decideFor({
        conditions: [condition],
        condition_controlled: 'yes',
      });
      expect(result).toBe('EXCLUSION');
      expect(decisions).toEqual([
        {
          decision: 'EXCLUSION',
          loading_percentage: null,
          exclusion: condition,
          reason: `diagnosed: ${condition}`,
        },
      ]);
    },
  );

  it('one EXCLUSION per condition', () => {
    const { decisions } = decideFor({
      conditions: ['asthma', 'diabetes'],
      condition_controlled: 'yes',
    });
    expect(decisions.map((d) => d.exclusion)).toEqual(['asthma', 'diabetes']);
  });

  it.each([
    ['BMI from 30', { height_cm: 170, weight_kg: 87 }, 25, 'BMI 30.1'],
    ['BMI from 35', { height_cm: 170, weight_kg: 102 }, 50, 'BMI 35.3'],
    ['BMI below 17.5', { height_cm: 180, weight_kg: 55 }, 25, 'BMI 17'],
    [
      'more than 20 cigarettes a day',
      { smoker: 'yes', cigarettes_per_day: 25 },
      25,
      '25 cigarettes a day',
    ],
    ['more than 14 drinks a week', { alcohol: 'over-14' }, 25, 'more than 14 drinks a week'],
    [
      'two conditions in the family',
      { family_history: ['stroke', 'cancer'] },
      10,
      'family history',
    ],
  ])('LOADING for %s', (_name, overrides, percentage, reason) => {
    const { result, decisions } = decideFor(overrides);
    expect(result).toBe('LOADING');
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.loading_percentage).toBe(percentage);
    expect(decisions[0]?.reason).toContain(reason);
  });

  it('no LOADING just inside the bounds', () => {
    expect(decideFor({ height_cm: 170, weight_kg: 86.5 }).result).toBe('STANDARD'); // BMI 29.9
    expect(decideFor({ height_cm: 180, weight_kg: 57 }).result).toBe('STANDARD'); // BMI 17.6
    expect(decideFor({ smoker: 'yes', cigarettes_per_day: 20 }).result).toBe('STANDARD');
    expect(decideFor({ family_history: ['stroke'] }).result).toBe('STANDARD');
  });

  it('an uncontrolled condition adds a loading to its exclusion', () => {
    const { result, decisions } = decideFor({
      conditions: ['hypertension'],
      condition_controlled: 'no',
    });
    expect(result).toBe('LOADING');
    expect(decisions.map((d) => [d.decision, d.exclusion, d.loading_percentage])).toEqual([
      ['EXCLUSION', 'hypertension', null],
      ['LOADING', null, LOADING_RULES.uncontrolledCondition.percentage],
    ]);
  });

  it('loadings add up; above 100% the case is declined', () => {
    expect(
      decideFor({ height_cm: 170, weight_kg: 102, smoker: 'yes', cigarettes_per_day: 30 })
        .decisions[0]?.loading_percentage,
    ).toBe(75);
    const declined = decideFor({
      height_cm: 170,
      weight_kg: 102,
      smoker: 'yes',
      cigarettes_per_day: 30,
      alcohol: 'over-14',
      family_history: ['stroke', 'cancer'],
    });
    expect(declined.result).toBe('REJECTION');
    expect(declined.decisions[0]?.reason).toContain('110%');
  });

  it('works BMI out to one decimal place', () => {
    expect(bmiOf(172, 65)).toBe(22);
    expect(bmiOf(160, 77)).toBe(30.1);
  });
});
