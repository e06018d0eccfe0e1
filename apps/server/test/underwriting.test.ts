// Underwriting over HTTP (issue 7): the questionnaire, answers checked per question, each
// decision kind, is_complete and status, illegal moves, expiry, replays and guests.
import { ValidationErrorDetailsSchema } from '@clinicpass/shared/errors/validation-error';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../src/db/schema';
import { underwritingQuestion } from '../src/db/service-request-schema';
import { openCase } from '../src/modules/underwriting/underwriting.service';
import { buildPolicyTestApp, OWNER, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));

let t: PolicyTestApp;
let ids: Map<string, number>;

interface Case {
  id: number;
  product: string;
  is_complete: boolean;
  result: string | null;
  status: string;
  expiry_date: string;
  underwriting_case_number: string;
  answers: { question: number; value: unknown }[];
  follow_ups: number[];
  decisions: {
    decision: string;
    loading_percentage: number | null;
    exclusion: string | null;
    reason: string | null;
  }[];
}

async function get(url: string, user: string | null = OWNER): Promise<LightResponse> {
  return t.app.inject({
    url: `/api/customer${url}`,
    headers: user === null ? {} : { 'x-test-user': user },
  });
}
async function post(
  url: string,
  payload: object,
  headers: Record<string, string> = {},
): Promise<LightResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/customer${url}`,
    headers: { 'x-test-user': OWNER, ...headers },
    payload,
  });
}
function expectError(res: LightResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code).toBe(code);
  // Every field error carries its key of the validation catalogue (decision 100).
  if (code === 'validation_error') {
    const { details } = res.json<{ details?: unknown }>();
    expect(ValidationErrorDetailsSchema.safeParse(details).success, res.body).toBe(true);
  }
  return res.json<{
    message: string;
    details?: { question?: number; issues?: { path: string }[] };
  }>();
}

const STANDARD: Record<string, unknown> = {
  height_cm: 165,
  weight_kg: 58.5,
  smoker: 'no',
  alcohol: 'none',
  conditions: ['none'],
  surgery: 'no',
  pending_investigation: 'no',
  family_history: [],
};
function answers(overrides: Record<string, unknown> = {}) {
  return Object.entries({ ...STANDARD, ...overrides })
    .filter(([, value]) => value !== undefined)
    .map(([code, value]) => ({ question: ids.get(code) ?? 0, value }));
}

/** A new case of the owner's for VHIS-FLEXI (as an upgrade request's underwriting step opens). */
async function newCase(): Promise<number> {
  const db = t.database.db;
  const [vhis] = await db
    .select({ id: product.id })
    .from(product)
    .where(eq(product.code, 'VHIS-FLEXI'));
  return openCase(db, await t.userId(OWNER), vhis?.id ?? 0, {
    today: hkToday(t.clock),
    instant: t.clock.now(),
  });
}

async function decided(overrides: Record<string, unknown>): Promise<Case> {
  const id = await newCase();
  const answered = await post(`/policy/underwriting/${id}/answer`, { answers: answers(overrides) });
  expect(answered.statusCode, answered.body).toBe(200);
  const result = await post(`/policy/underwriting/${id}/result`, {});
  expect(result.statusCode, result.body).toBe(200);
  return result.json<Case>();
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const rows = await t.database.db
    .select({ id: underwritingQuestion.id, code: underwritingQuestion.code })
    .from(underwritingQuestion);
  ids = new Map(rows.map((row) => [row.code, row.id]));
});
afterAll(async () => {
  await t.close();
});

describe('the case and its questions', () => {
  it('the demo upgrade’s case is open, with a questionnaire using every kind', async () => {
    const [upgrade] = (await get('/policy/service-request?policy_number=OP1000001')).json<{
      results: { underwriting_case_id: number }[];
    }>().results;
    const caseId = upgrade?.underwriting_case_id ?? 0;
    const uwCase = (await get(`/policy/underwriting/${caseId}`)).json<Case>();
    expect(uwCase).toMatchObject({
      id: caseId,
      product: 'VHIS-FLEXI',
      is_complete: false,
      result: null,
      status: 'draft',
      answers: [],
      follow_ups: [],
      decisions: [],
      application_case_ids: [],
      application_ids: [],
      expiry_date: addDays(TODAY, 90),
    });
    expect(uwCase.underwriting_case_number).toMatch(/^UW\d{7}$/);

    const res = await get(`/policy/underwriting/${caseId}/questions`);
    const page = res.json<{
      results: {
        id: number;
        message: { en: string; 'zh-HK': string };
        type: string;
        section: string;
        condition: { question: number; values: string[] } | null;
        input_configs: { choices: unknown[]; min: number | null; unit: string | null };
      }[];
      pagination: { total: number };
    }>();
    expect(page.pagination.total).toBe(11);
    expect(new Set(page.results.map((q) => q.type))).toEqual(
      new Set(['CHECKBOX', 'NON_NULLABLE_CHECKBOX', 'RADIO', 'SINGLE_SELECT', 'SLIDER', 'NUMBER']),
    );
    const height = page.results[0];
    expect(height).toMatchObject({
      message: { en: 'What is your height?', 'zh-HK': '你的身高是多少？' },
      section: 'Build',
      type: 'NUMBER',
      condition: null,
      input_configs: { min: 100, unit: 'cm', choices: [] },
    });
    const followUps = page.results.filter((q) => q.condition !== null);
    expect(followUps.map((q) => q.id)).toEqual([
      ids.get('cigarettes_per_day'),
      ids.get('condition_controlled'),
      ids.get('surgery_size'),
    ]);
    expect(followUps[0]?.condition).toEqual({ question: ids.get('smoker'), values: ['yes'] });
    expect(JSON.stringify(page)).not.toContain('height_cm');
  });

  it('a guest is 401 before anything else', async () => {
    expectError(await get('/policy/underwriting/1', null), 401, 'unauthenticated');
    expectError(await get('/policy/underwriting/abc', null), 401, 'unauthenticated');
    expectError(await get('/policy/underwriting/abc'), 400, 'validation_error');
    expectError(await get('/policy/underwriting/99999'), 404, 'not_found');
  });
});

describe('answers', () => {
  it('are checked against each question, naming it', async () => {
    const id = await newCase();
    const url = `/policy/underwriting/${id}/answer`;
    const body = expectError(await post(url, { answers: [] }), 400, 'validation_error');
    expect(body.details?.issues?.[0]?.path).toBe('body.answers');
    const missing = expectError(
      await post(url, { answers: answers({ surgery: undefined }) }),
      400,
      'validation_error',
    );
    expect(missing.details?.question).toBe(ids.get('surgery'));
    const range = expectError(
      await post(url, { answers: answers({ height_cm: 300 }) }),
      400,
      'validation_error',
    );
    expect(range.details?.question).toBe(ids.get('height_cm'));
    expect(range.message).toContain('at most 230');
    const followUp = expectError(
      await post(url, { answers: answers({ surgery: 'yes' }) }),
      400,
      'validation_error',
    );
    expect(followUp.details?.question).toBe(ids.get('surgery_size'));
    const shape = expectError(
      await post(url, { answers: [{ question: 'x', value: 1 }] }),
      400,
      'validation_error',
    );
    expect(shape.details?.issues?.[0]?.path).toBe('body.answers.0.question');
    expect((await get(`/policy/underwriting/${id}`)).json<Case>().status).toBe('draft');
  });

  it('move the case to submitted; they may be given again until the result', async () => {
    const id = await newCase();
    const url = `/policy/underwriting/${id}`;
    expectError(await post(`${url}/result`, {}), 409, 'incomplete_underwriting_case');
    const first = await post(`${url}/answer`, {
      answers: answers({ smoker: 'yes', cigarettes_per_day: 5 }),
    });
    expect(first.json<Case>()).toMatchObject({
      status: 'submitted',
      is_complete: false,
      result: null,
      follow_ups: [ids.get('cigarettes_per_day')],
    });
    const second = (await post(`${url}/answer`, { answers: answers() })).json<Case>();
    expect(second.follow_ups).toEqual([]);
    expect(second.answers.map((a) => a.question)).toEqual(
      [...second.answers.map((a) => a.question)].sort((a, b) => a - b),
    );
    const result = (await post(`${url}/result`, {})).json<Case>();
    expect(result).toMatchObject({ status: 'completed', is_complete: true, result: 'STANDARD' });
    expectError(await post(`${url}/result`, {}), 409, 'invalid_state_transition');
    expectError(
      await post(`${url}/answer`, { answers: answers() }),
      409,
      'invalid_state_transition',
    );
    expectError(await post(`${url}/result`, { force: true }), 400, 'validation_error');
    expect((await get(url)).json<Case>().result).toBe('STANDARD');
  });
});

describe('decision rules over HTTP', () => {
  it('STANDARD', async () => {
    expect((await decided({})).decisions).toEqual([
      { decision: 'STANDARD', loading_percentage: null, exclusion: null, reason: null },
    ]);
  });

  it('REJECTION for a disqualifying condition', async () => {
    const uwCase = await decided({ conditions: ['kidney-failure'] });
    expect(uwCase).toMatchObject({ result: 'REJECTION', is_complete: true, status: 'completed' });
  });

  it('POSTPONE for recent surgery', async () => {
    const uwCase = await decided({ surgery: 'yes', surgery_size: 'intermediate' });
    expect(uwCase.result).toBe('POSTPONE');
    expect(uwCase.decisions[0]?.reason).toBe('surgery within 12 months (intermediate)');
  });

  it('EXCLUSION of a named chronic condition', async () => {
    const uwCase = await decided({ conditions: ['hepatitis-b'], condition_controlled: 'yes' });
    expect(uwCase.result).toBe('EXCLUSION');
    expect(uwCase.decisions).toEqual([
      {
        decision: 'EXCLUSION',
        loading_percentage: null,
        exclusion: 'hepatitis-b',
        reason: 'diagnosed: hepatitis-b',
      },
    ]);
    expect(uwCase.follow_ups).toEqual([ids.get('condition_controlled')]);
  });

  it('LOADING with a percentage for BMI past its bound', async () => {
    const uwCase = await decided({ height_cm: 160, weight_kg: 92 });
    expect(uwCase.result).toBe('LOADING');
    expect(uwCase.decisions).toEqual([
      { decision: 'LOADING', loading_percentage: 50, exclusion: null, reason: 'BMI 35.9' },
    ]);
  });
});

describe('expiry and replays', () => {
  it('a case past its expiry date reads expired and takes no answer or result', async () => {
    const id = await newCase();
    t.clock.set(new Date(`${addDays(TODAY, 91)}T12:00:00+08:00`));
    try {
      expect((await get(`/policy/underwriting/${id}`)).json<Case>()).toMatchObject({
        status: 'expired',
        is_complete: false,
      });
      expectError(
        await post(`/policy/underwriting/${id}/answer`, { answers: answers() }),
        409,
        'invalid_state_transition',
      );
      expectError(
        await post(`/policy/underwriting/${id}/result`, {}),
        409,
        'invalid_state_transition',
      );
    } finally {
      t.clock.set(NOW);
    }
    expect((await get(`/policy/underwriting/${id}`)).json<Case>().status).toBe('draft');
  });

  it('answer and result replay with their Idempotency-Keys', async () => {
    const id = await newCase();
    const key = { 'idempotency-key': `answer-${id}` };
    const first = await post(`/policy/underwriting/${id}/answer`, { answers: answers() }, key);
    const again = await post(`/policy/underwriting/${id}/answer`, { answers: answers() }, key);
    expect(again.json()).toEqual(first.json());
    const resultKey = { 'idempotency-key': `result-${id}` };
    const result = await post(`/policy/underwriting/${id}/result`, {}, resultKey);
    const replay = await post(`/policy/underwriting/${id}/result`, {}, resultKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(result.json());
  });
});
