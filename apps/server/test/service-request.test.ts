// Service requests (issue 7): list filters and pagination, create rules, every lifecycle move
// legal and illegal (customer and operator), flow pages, projection, idempotent replays and
// another customer's ids.
import { ValidationErrorDetailsSchema } from '@clinicpass/shared/errors/validation-error';
import { addDays, addMonths, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { and, eq } from 'drizzle-orm';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyParty, productOption } from '../src/db/platform-schema';
import { product } from '../src/db/schema';
import {
  completeDueRequests,
  operatorMove,
  type OperatorAction,
} from '../src/modules/service-request/service-request.service';
import {
  addPolicy,
  buildPolicyTestApp,
  OTHER,
  OWNER,
  PLAIN,
  type PolicyTestApp,
} from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));

let t: PolicyTestApp;

interface Request {
  id: number;
  status: string;
  policy: string;
  type: string;
  proposed_effective_date: string | null;
  product_change: { from_product: string; to_product: string } | null;
  underwriting_case_id: number | null;
  profile_mapping_change: Record<string, unknown> | null;
  identity_verification_change: Record<string, unknown> | null;
  create_date: string;
  update_date: string;
}

function as(user: string | null) {
  return user === null ? {} : { 'x-test-user': user };
}
async function get(url: string, user: string | null = OWNER): Promise<LightResponse> {
  return t.app.inject({ url: `/api/customer${url}`, headers: as(user) });
}
async function post(
  url: string,
  payload: object,
  user: string | null = OWNER,
  headers: Record<string, string> = {},
): Promise<LightResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/customer${url}`,
    headers: { ...as(user), ...headers },
    payload,
  });
}
const base = '/policy/service-request';

function expectError(res: LightResponse, status: number, code: string, path?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ code: string; details?: { issues?: { path: string }[] } }>();
  expect(error.code).toBe(code);
  if (path !== undefined) expect(error.details?.issues?.map((i) => i.path)).toContain(path);
  // Every field error carries its key of the validation catalogue (decision 100).
  if (code === 'validation_error') {
    expect(ValidationErrorDetailsSchema.safeParse(error.details).success, res.body).toBe(true);
  }
}

async function operator(id: number, action: OperatorAction) {
  const now = { today: hkToday(t.clock), instant: t.clock.now() };
  return t.database.db.transaction((tx) => operatorMove(tx, now, id, action));
}

let counter = 100;
/**
 * A fresh in-force policy of the owner's, activated `daysAgo` days ago. Each insures a person of
 * its own (a birth date of its own), so one test's upgrade is not another's policy of the same
 * insured life (max-in-force-policy-per-insured-life, decision 130).
 */
async function freshPolicy(
  productCode: 'OUTPATIENT-GO' | 'VHIS-FLEXI' | 'TERM-10' = 'OUTPATIENT-GO',
  extra: { daysAgo?: number; dateOfBirth?: string; storedStatus?: string; owner?: string } = {},
): Promise<{ id: number; number: string; activation: string }> {
  counter += 1;
  const number = `SR${counter}`;
  const activation = addDays(TODAY, -(extra.daysAgo ?? 100));
  const id = await addPolicy(t, {
    owner: extra.owner ?? OWNER,
    number,
    productCode,
    storedStatus: extra.storedStatus ?? 'in-force',
    activationDate: activation,
    ...(productCode === 'TERM-10' ? { sumAssured: 500000 } : {}),
    dateOfBirth: extra.dateOfBirth ?? addDays('1990-01-01', counter),
  });
  return { id, number, activation };
}

async function create(payload: object, user = OWNER): Promise<Request> {
  const res = await post(base, payload, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Request>();
}

const STANDARD_ANSWERS = (ids: Map<string, number>) => [
  { question: ids.get('height_cm') ?? 0, value: 170 },
  { question: ids.get('weight_kg') ?? 0, value: 65 },
  { question: ids.get('smoker') ?? 0, value: 'no' },
  { question: ids.get('alcohol') ?? 0, value: 'none' },
  { question: ids.get('conditions') ?? 0, value: ['none'] },
  { question: ids.get('surgery') ?? 0, value: 'no' },
  { question: ids.get('pending_investigation') ?? 0, value: 'no' },
  { question: ids.get('family_history') ?? 0, value: [] },
];
let questionIds: Map<string, number>;

/** Answers a case with the standard answers, changed by `overrides` (code → value). */
async function decideCase(caseId: number, overrides: Record<string, unknown> = {}) {
  const answers = STANDARD_ANSWERS(questionIds)
    .filter(
      (a) => ![...Object.keys(overrides)].some((code) => questionIds.get(code) === a.question),
    )
    .concat(
      Object.entries(overrides).map(([code, value]) => ({
        question: questionIds.get(code) ?? 0,
        value: value as never,
      })),
    );
  const answered = await post(`/policy/underwriting/${caseId}/answer`, { answers });
  expect(answered.statusCode, answered.body).toBe(200);
  const result = await post(`/policy/underwriting/${caseId}/result`, {});
  expect(result.statusCode, result.body).toBe(200);
  return result.json<{ result: string }>();
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const { underwritingQuestion } = await import('../src/db/service-request-schema');
  const rows = await t.database.db
    .select({ id: underwritingQuestion.id, code: underwritingQuestion.code })
    .from(underwritingQuestion);
  questionIds = new Map(rows.map((row) => [row.code, row.id]));
});
afterAll(async () => {
  await t.close();
});

describe('the demo requests and the list', () => {
  it('lists the owner’s requests newest first, with the spec’s fields', async () => {
    const res = await get(base);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ results: Request[]; pagination: { total: number } }>();
    expect(page.pagination.total).toBe(2);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    const [identity, upgrade] = page.results;
    expect(identity).toMatchObject({
      policy: 'OP1000002',
      type: 'IDENTITY_VERIFICATION_CHANGE',
      status: 'open',
      product_change: null,
      identity_verification_change: {
        role: 'insured-life',
        identity_document_type: 'hong-kong-identity-card',
      },
    });
    expect(JSON.stringify(identity)).not.toContain('123456');
    expect(upgrade).toMatchObject({
      policy: 'OP1000001',
      type: 'PRODUCT_UPGRADE',
      status: 'draft',
      product_change: { from_product: 'OUTPATIENT-GO', to_product: 'VHIS-FLEXI' },
    });
    expect(upgrade?.underwriting_case_id).toEqual(expect.any(Number));
  });

  it('filters by policy number, status, type and search text', async () => {
    const numbers = async (query: string) =>
      (await get(`${base}?${query}`))
        .json<{ results: Request[] }>()
        .results.map((r) => `${r.policy}:${r.type}`);
    expect(await numbers('policy_number=OP1000001')).toEqual(['OP1000001:PRODUCT_UPGRADE']);
    expect(await numbers('status=open')).toEqual(['OP1000002:IDENTITY_VERIFICATION_CHANGE']);
    expect(await numbers('status=completed')).toEqual([]);
    expect(await numbers('type__in=PRODUCT_UPGRADE,PRODUCT_DOWNGRADE')).toEqual([
      'OP1000001:PRODUCT_UPGRADE',
    ]);
    expect(await numbers('search=vhis')).toEqual(['OP1000001:PRODUCT_UPGRADE']);
    expect(await numbers('search=OP1000002')).toEqual(['OP1000002:IDENTITY_VERIFICATION_CHANGE']);
    expect(await numbers('search=%25')).toEqual([]);
    expect(await numbers('ordering=-proposed_effective_date')).toEqual([
      'OP1000001:PRODUCT_UPGRADE',
      'OP1000002:IDENTITY_VERIFICATION_CHANGE',
    ]);
    expect(await numbers('ordering=proposed_effective_date')).toEqual([
      'OP1000002:IDENTITY_VERIFICATION_CHANGE',
      'OP1000001:PRODUCT_UPGRADE',
    ]);
  });

  it('pages', async () => {
    const res = await get(`${base}?page=2&page_size=1&ordering=proposed_effective_date`);
    const page = res.json<{ results: Request[]; pagination: Record<string, number> }>();
    expect(page.results.map((r) => r.policy)).toEqual(['OP1000001']);
    expect(page.pagination).toMatchObject({ total: 2 });
    expect(res.headers['content-range']).toBe('items 1-1/2');
  });

  it.each([
    ['status=bogus', 'querystring.status'],
    ['type__in=PRODUCT_UPGRADE,NOPE', 'querystring.type__in'],
    ['ordering=policy', 'querystring.ordering'],
    ['page=0', 'querystring.page'],
    // Decimal digits only: not an exponent, hex, or the parameter twice.
    ['page=1e3', 'querystring.page'],
    ['page=0x10', 'querystring.page'],
    ['page=1&page=2', 'querystring.page'],
    ['page_size=1000', 'querystring.page_size'],
    ['policy_number=OP%20100', 'querystring.policy_number'],
  ])('refuses %s naming the field', async (query, path) => {
    expectError(await get(`${base}?${query}`), 400, 'validation_error', path);
  });

  it('shows each customer only their own requests; a guest none', async () => {
    const plain = (await get(base, PLAIN)).json<{ results: Request[] }>().results;
    expect(plain.map((r) => r.policy)).toEqual(['VH1000003']);
    expect((await get(base, OTHER)).json<{ results: Request[] }>().results).toEqual([]);
    expectError(await get(base, null), 401, 'unauthenticated');
    expectError(await get(`${base}?status=bogus`, null), 401, 'unauthenticated');
  });
});

describe('another customer’s ids', () => {
  it('answer 404 with none of their data on every route', async () => {
    const [plainRequest] = (await get(base, PLAIN)).json<{ results: Request[] }>().results;
    if (!plainRequest?.underwriting_case_id) throw new Error('plain’s demo request missing');
    const id = plainRequest.id;
    const caseId = plainRequest.underwriting_case_id;
    const responses = [
      await get(`${base}/${id}`),
      await get(`${base}/${id}/flow-page`),
      await get(`${base}/${id}/projection`),
      await post(`${base}/${id}/submit`, {}),
      await post(`${base}/${id}/cancel`, {}),
      await get(`/policy/underwriting/${caseId}`),
      await get(`/policy/underwriting/${caseId}/questions`),
      await post(`/policy/underwriting/${caseId}/answer`, {
        answers: [{ question: 1, value: 170 }],
      }),
      await post(`/policy/underwriting/${caseId}/result`, {}),
    ];
    for (const res of responses) {
      expectError(res, 404, 'not_found');
      expect(res.body).not.toContain('VH1000003');
    }
    expect((await get(`${base}/${id}`, PLAIN)).json<Request>().status).toBe('draft');
    expectError(
      await post(base, {
        policy_number: 'VH1000003',
        type: 'PRODUCT_UPGRADE',
        to_product: 'OUTPATIENT-GO',
      }),
      404,
      'not_found',
    );
    expectError(await get(`${base}/999999`), 404, 'not_found');
    expectError(await get(`${base}/abc`), 400, 'validation_error', 'params.id');
  });
});

describe('creating a request', () => {
  it('an upgrade to an eligible option: effective on the next anniversary, with its underwriting case', async () => {
    const policy = await freshPolicy();
    const created = await create({
      policy_number: policy.number,
      type: 'PRODUCT_UPGRADE',
      to_product: 'VHIS-FLEXI',
    });
    expect(created).toMatchObject({
      status: 'draft',
      policy: policy.number,
      proposed_effective_date: addMonths(policy.activation, 12),
      product_change: { from_product: 'OUTPATIENT-GO', to_product: 'VHIS-FLEXI' },
      profile_mapping_change: null,
      identity_verification_change: null,
    });
    const uwCase = await get(`/policy/underwriting/${created.underwriting_case_id}`);
    expect(uwCase.json()).toMatchObject({
      product: 'VHIS-FLEXI',
      status: 'draft',
      is_complete: false,
    });
    expect((await get(`${base}/${created.id}`)).json<Request>()).toEqual(created);
    // One request in progress per policy.
    expectError(
      await post(base, {
        policy_number: policy.number,
        type: 'PRODUCT_UPGRADE',
        to_product: 'VHIS-FLEXI',
      }),
      409,
      'service_request_in_progress',
    );
  });

  it('proposed effective dates: only the anniversary; the past is invalid; a bad date is 400', async () => {
    const policy = await freshPolicy();
    const payload = {
      policy_number: policy.number,
      type: 'PRODUCT_UPGRADE',
      to_product: 'VHIS-FLEXI',
    };
    expectError(
      await post(base, { ...payload, proposed_effective_date: addDays(TODAY, 40) }),
      409,
      'proposed_effective_date_not_allowed',
    );
    expectError(
      await post(base, { ...payload, proposed_effective_date: addDays(TODAY, -1) }),
      400,
      'invalid_proposed_effective_date',
    );
    expectError(
      await post(base, { ...payload, proposed_effective_date: '2026-02-30' }),
      400,
      'validation_error',
      'body.proposed_effective_date',
    );
    const anniversary = addMonths(policy.activation, 12);
    expect(
      (await create({ ...payload, proposed_effective_date: anniversary })).proposed_effective_date,
    ).toBe(anniversary);
  });

  it('a term policy’s change: from 30 days to a year ahead', async () => {
    const policy = await freshPolicy('TERM-10', { dateOfBirth: '1985-06-01' });
    const payload = {
      policy_number: policy.number,
      type: 'PRODUCT_UPGRADE',
      to_product: 'TERM-10',
    };
    expectError(
      await post(base, { ...payload, proposed_effective_date: addDays(TODAY, 10) }),
      409,
      'proposed_effective_date_not_allowed',
    );
    expectError(
      await post(base, { ...payload, proposed_effective_date: addDays(TODAY, 400) }),
      409,
      'proposed_effective_date_not_allowed',
    );
    expect((await create(payload)).proposed_effective_date).toBe(addDays(TODAY, 30));
  });

  it('refuses a product that is not an option of that kind, naming to_product', async () => {
    const policy = await freshPolicy();
    const payload = { policy_number: policy.number, type: 'PRODUCT_UPGRADE' };
    expectError(await post(base, payload), 400, 'validation_error', 'body.to_product');
    expectError(
      await post(base, { ...payload, to_product: 'TERM-10' }),
      400,
      'validation_error',
      'body.to_product',
    );
    expectError(
      await post(base, { ...payload, type: 'PRODUCT_DOWNGRADE', to_product: 'VHIS-FLEXI' }),
      400,
      'validation_error',
      'body.to_product',
    );
    expectError(
      await post(base, {
        ...payload,
        to_product: 'VHIS-FLEXI',
        identity_document: { type: 'passport', number: 'K1234567' },
      }),
      400,
      'validation_error',
      'body.identity_document',
    );
    expectError(
      await post(base, { ...payload, type: 'PRODUCT_SWAP' }),
      400,
      'validation_error',
      'body.type',
    );
    expectError(
      await post(base, { type: 'PRODUCT_UPGRADE' }),
      400,
      'validation_error',
      'body.policy_number',
    );
  });

  it('refuses an option the policy is not eligible for', async () => {
    const soon = await freshPolicy('OUTPATIENT-GO', { daysAgo: 350 });
    expectError(
      await post(base, {
        policy_number: soon.number,
        type: 'PRODUCT_UPGRADE',
        to_product: 'VHIS-FLEXI',
      }),
      409,
      'proposed_effective_date_not_allowed',
    );
    const old = await freshPolicy('OUTPATIENT-GO', { dateOfBirth: addMonths(TODAY, -12 * 85) });
    expectError(
      await post(base, {
        policy_number: old.number,
        type: 'PRODUCT_UPGRADE',
        to_product: 'VHIS-FLEXI',
      }),
      400,
      'issue_age_out_of_range',
    );
    const lapsed = await freshPolicy('OUTPATIENT-GO', { storedStatus: 'lapsed' });
    expectError(
      await post(base, {
        policy_number: lapsed.number,
        type: 'PRODUCT_UPGRADE',
        to_product: 'VHIS-FLEXI',
      }),
      409,
      'invalid_state_transition',
    );
    expect(
      (await get(`${base}?search=${old.number}`)).json<{ pagination: { total: number } }>()
        .pagination.total,
    ).toBe(0);
  });

  it('a downgrade needs a downgrade option and opens no underwriting', async () => {
    const ids = await t.database.db.select({ id: product.id, code: product.code }).from(product);
    const idOf = (code: string) => ids.find((p) => p.code === code)?.id ?? 0;
    await t.database.db.insert(productOption).values({
      type: 'downgrade',
      fromProductId: idOf('VHIS-FLEXI'),
      toProductId: idOf('OUTPATIENT-GO'),
    });
    const policy = await freshPolicy('VHIS-FLEXI');
    const created = await create({
      policy_number: policy.number,
      type: 'PRODUCT_DOWNGRADE',
      to_product: 'OUTPATIENT-GO',
    });
    expect(created).toMatchObject({
      type: 'PRODUCT_DOWNGRADE',
      underwriting_case_id: null,
      product_change: { from_product: 'VHIS-FLEXI', to_product: 'OUTPATIENT-GO' },
    });
  });

  it('adds an insured life’s birth certificate: masked, validated, naming the field', async () => {
    const policy = await freshPolicy();
    const payload = { policy_number: policy.number, type: 'ADD_IL_BIRTH_CERTIFICATE' };
    expectError(await post(base, payload), 400, 'validation_error', 'body.identity_document');
    expectError(
      await post(base, { ...payload, identity_document: { type: 'passport', number: 'K1234567' } }),
      400,
      'validation_error',
      'body.identity_document.type',
    );
    expectError(
      await post(base, {
        ...payload,
        identity_document: {
          role: 'policyholder',
          type: 'hong-kong-birth-certificate',
          number: 'A123456(3)',
        },
      }),
      400,
      'validation_error',
      'body.identity_document.role',
    );
    expectError(
      await post(base, {
        ...payload,
        identity_document: { type: 'hong-kong-birth-certificate', number: 'A123456(4)' },
      }),
      400,
      'validation_error',
      'body.identity_document.number',
    );
    expectError(
      await post(base, {
        ...payload,
        to_product: 'VHIS-FLEXI',
        identity_document: { type: 'hong-kong-birth-certificate', number: 'A123456(3)' },
      }),
      400,
      'validation_error',
      'body.to_product',
    );
    expectError(
      await post(base, {
        ...payload,
        proposed_effective_date: addDays(TODAY, 91),
        identity_document: { type: 'hong-kong-birth-certificate', number: 'A123456(3)' },
      }),
      409,
      'proposed_effective_date_not_allowed',
    );
    const res = await post(base, {
      ...payload,
      identity_document: { type: 'hong-kong-birth-certificate', number: 'A123456(3)' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('123456');
    expect(res.json<Request>()).toMatchObject({
      status: 'draft',
      proposed_effective_date: TODAY,
      product_change: null,
      underwriting_case_id: null,
      profile_mapping_change: {
        role: 'insured-life',
        identity_document_type: 'hong-kong-birth-certificate',
        identity_document_number: 'A123***(*)',
      },
    });
  });

  it('changes an identity document to a passport, masked', async () => {
    const policy = await freshPolicy();
    const created = await create({
      policy_number: policy.number,
      type: 'IDENTITY_VERIFICATION_CHANGE',
      proposed_effective_date: addDays(TODAY, 7),
      identity_document: { role: 'policyholder', type: 'passport', number: 'K12345678' },
    });
    expect(created.identity_verification_change).toEqual({
      role: 'policyholder',
      identity_document_type: 'passport',
      identity_document_number: '******678',
    });
    const bad = await freshPolicy();
    expectError(
      await post(base, {
        policy_number: bad.number,
        type: 'IDENTITY_VERIFICATION_CHANGE',
        identity_document: { type: 'passport', number: 'K1-2' },
      }),
      400,
      'validation_error',
      'body.identity_document.number',
    );
  });

  it('replays a create with its Idempotency-Key; another body under the key is 422', async () => {
    const policy = await freshPolicy();
    const payload = {
      policy_number: policy.number,
      type: 'IDENTITY_VERIFICATION_CHANGE',
      identity_document: { type: 'hong-kong-identity-card', number: 'A123456(3)' },
    };
    const key = { 'idempotency-key': `create-${policy.number}` };
    const first = await post(base, payload, OWNER, key);
    const again = await post(base, payload, OWNER, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const listed = (await get(`${base}?policy_number=${policy.number}`)).json<{
      results: Request[];
    }>();
    expect(listed.results).toHaveLength(1);
    expectError(
      await post(base, { ...payload, proposed_effective_date: addDays(TODAY, 2) }, OWNER, key),
      422,
      'idempotency_key_reused',
    );
  });
});

describe('moves', () => {
  it('a downgrade: submit, offer, cancel; illegal moves are 409 and change nothing', async () => {
    const policy = await freshPolicy('VHIS-FLEXI');
    const created = await create({
      policy_number: policy.number,
      type: 'PRODUCT_DOWNGRADE',
      to_product: 'OUTPATIENT-GO',
    });
    const url = `${base}/${created.id}`;
    await expect(operator(created.id, 'approve')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });
    const submitted = await post(`${url}/submit`, {});
    expect(submitted.json<Request>().status).toBe('open');
    const before = (await get(url)).json<Request>();
    expectError(await post(`${url}/submit`, {}), 409, 'invalid_state_transition');
    expect((await get(url)).json<Request>()).toEqual(before);
    await expect(operator(created.id, 'complete')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });
    expect((await operator(created.id, 'offer')).status).toBe('offered');
    await expect(operator(created.id, 'offer')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });
    expect((await post(`${url}/cancel`, {})).json<Request>().status).toBe('canceled');
    const canceled = (await get(url)).json<Request>();
    expectError(await post(`${url}/cancel`, {}), 409, 'invalid_state_transition');
    expectError(await post(`${url}/submit`, {}), 409, 'invalid_state_transition');
    for (const action of ['offer', 'approve', 'reject', 'complete'] as const) {
      await expect(operator(created.id, action)).rejects.toMatchObject({
        code: 'invalid_state_transition',
      });
    }
    expect((await get(url)).json<Request>()).toEqual(canceled);
    // The policy is free for a new request once this one is cancelled.
    await create({
      policy_number: policy.number,
      type: 'PRODUCT_DOWNGRADE',
      to_product: 'OUTPATIENT-GO',
    });
  });

  it('cancel from draft and from open; not from approved, rejected or completed', async () => {
    const draft = await create({
      policy_number: (await freshPolicy()).number,
      type: 'IDENTITY_VERIFICATION_CHANGE',
      identity_document: { type: 'hong-kong-identity-card', number: 'A123456(3)' },
    });
    expect((await post(`${base}/${draft.id}/cancel`, {})).json<Request>().status).toBe('canceled');

    const make = async () => {
      const made = await create({
        policy_number: (await freshPolicy()).number,
        type: 'IDENTITY_VERIFICATION_CHANGE',
        identity_document: { type: 'hong-kong-identity-card', number: 'A123456(3)' },
      });
      expect((await post(`${base}/${made.id}/submit`, {})).json<Request>().status).toBe('open');
      return made.id;
    };
    const open = await make();
    expect((await post(`${base}/${open}/cancel`, {})).json<Request>().status).toBe('canceled');

    const rejected = await make();
    expect((await operator(rejected, 'reject')).status).toBe('rejected');
    expectError(await post(`${base}/${rejected}/cancel`, {}), 409, 'invalid_state_transition');
    await expect(operator(rejected, 'approve')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });

    const approved = await make();
    expect((await operator(approved, 'approve')).status).toBe('approved');
    expectError(await post(`${base}/${approved}/cancel`, {}), 409, 'invalid_state_transition');
    await expect(operator(approved, 'reject')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });
    expect((await operator(approved, 'complete')).status).toBe('completed');
    expectError(await post(`${base}/${approved}/cancel`, {}), 409, 'invalid_state_transition');
    await expect(operator(approved, 'complete')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });

    const offered = await make();
    expect((await operator(offered, 'offer')).status).toBe('offered');
    expect((await operator(offered, 'reject')).status).toBe('rejected');
  });

  it('refuses a body on submit and cancel', async () => {
    expectError(await post(`${base}/1/cancel`, { reason: 'x' }), 400, 'validation_error');
    expectError(await post(`${base}/1/submit`, { now: true }), 400, 'validation_error');
    expect((await get(`${base}/1`)).json<Request>().status).toBe('draft');
  });

  it('replays submit and cancel with their Idempotency-Keys', async () => {
    const made = await create({
      policy_number: (await freshPolicy()).number,
      type: 'IDENTITY_VERIFICATION_CHANGE',
      identity_document: { type: 'hong-kong-identity-card', number: 'A123456(3)' },
    });
    const submitKey = { 'idempotency-key': `submit-${made.id}` };
    const first = await post(`${base}/${made.id}/submit`, {}, OWNER, submitKey);
    const again = await post(`${base}/${made.id}/submit`, {}, OWNER, submitKey);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const cancelKey = { 'idempotency-key': `cancel-${made.id}` };
    const cancel = await post(`${base}/${made.id}/cancel`, {}, OWNER, cancelKey);
    const cancelAgain = await post(`${base}/${made.id}/cancel`, {}, OWNER, cancelKey);
    expect(cancelAgain.statusCode).toBe(200);
    expect(cancelAgain.json()).toEqual(cancel.json());
    expectError(await post(`${base}/${made.id}/cancel`, {}), 409, 'invalid_state_transition');
  });

  it('an upgrade: underwriting first, then submit, approve and completion on its date', async () => {
    const policy = await freshPolicy();
    const created = await create({
      policy_number: policy.number,
      type: 'PRODUCT_UPGRADE',
      to_product: 'VHIS-FLEXI',
    });
    const url = `${base}/${created.id}`;
    const caseId = created.underwriting_case_id ?? 0;
    expect((await get(`${url}/flow-page`)).json()).toEqual({
      page: 'underwriting',
      flow: 'product-upgrade',
      sequence: 2,
      is_end: false,
      callback_code: null,
    });
    expectError(await post(`${url}/submit`, {}), 409, 'incomplete_underwriting_case');
    expect((await decideCase(caseId, { weight_kg: 95 })).result).toBe('LOADING');
    expect((await get(`${url}/flow-page`)).json()).toEqual({
      page: 'terms',
      flow: 'product-upgrade',
      sequence: 3,
      is_end: false,
      callback_code: 'underwriting-loading',
    });
    expect((await post(`${url}/submit`, {})).json<Request>().status).toBe('open');
    expect((await get(`${url}/flow-page`)).json()).toMatchObject({
      page: 'submitted',
      sequence: 5,
      is_end: true,
      callback_code: 'open',
    });
    expect((await operator(created.id, 'approve')).status).toBe('approved');
    await expect(operator(created.id, 'complete')).rejects.toMatchObject({
      code: 'invalid_state_transition',
    });
    expect(
      (await get(`/policy/${policy.id}`)).json<{ product: { code: string } }>().product.code,
    ).toBe('OUTPATIENT-GO');

    t.clock.set(new Date(`${created.proposed_effective_date}T01:00:00+08:00`));
    try {
      expect(
        await completeDueRequests(t.database.db, {
          today: hkToday(t.clock),
          instant: t.clock.now(),
        }),
      ).toContain(created.id);
    } finally {
      t.clock.set(NOW);
    }
    expect((await get(url)).json<Request>().status).toBe('completed');
    expect((await get(`${url}/flow-page`)).json()).toMatchObject({
      page: 'submitted',
      callback_code: 'completed',
    });
    const after = (await get(`/policy/${policy.id}`)).json<{ product: { code: string } }>();
    expect(after.product.code).toBe('VHIS-FLEXI');
    const events = (await get(`/policy-event?policy_number=${policy.number}`)).json<{
      results: { event_type: string; payload: Record<string, unknown> }[];
    }>().results;
    expect(events[0]).toMatchObject({
      event_type: 'product-changed',
      payload: {
        service_request: created.id,
        from_product: 'OUTPATIENT-GO',
        to_product: 'VHIS-FLEXI',
        underwriting_result: 'LOADING',
      },
    });
    expectError(await post(`${url}/cancel`, {}), 409, 'invalid_state_transition');
  });

  it('an upgrade whose health questions postpone or reject it cannot be submitted', async () => {
    for (const [overrides, code, callback] of [
      [
        { pending_investigation: 'yes' },
        'postponed_underwriting_case',
        'underwriting-postponement',
      ],
      [{ conditions: ['stroke'] }, 'rejected_underwriting_case', 'underwriting-rejection'],
    ] as const) {
      const created = await create({
        policy_number: (await freshPolicy()).number,
        type: 'PRODUCT_UPGRADE',
        to_product: 'VHIS-FLEXI',
      });
      await decideCase(created.underwriting_case_id ?? 0, overrides);
      expectError(await post(`${base}/${created.id}/submit`, {}), 409, code);
      expect((await get(`${base}/${created.id}`)).json<Request>().status).toBe('draft');
      expect((await get(`${base}/${created.id}/flow-page`)).json()).toMatchObject({
        page: 'underwriting',
        is_end: true,
        callback_code: callback,
      });
    }
  });

  it('completing an identity change records the new document type on the policy party', async () => {
    const policy = await freshPolicy();
    const created = await create({
      policy_number: policy.number,
      type: 'IDENTITY_VERIFICATION_CHANGE',
      identity_document: { role: 'insured-life', type: 'passport', number: 'K12345678' },
    });
    await post(`${base}/${created.id}/submit`, {});
    await operator(created.id, 'approve');
    expect((await operator(created.id, 'complete')).status).toBe('completed');
    const [party] = await t.database.db
      .select({ type: policyParty.identityDocumentType })
      .from(policyParty)
      .where(and(eq(policyParty.policyId, policy.id), eq(policyParty.role, 'insured-life')));
    expect(party?.type).toBe('passport');
  });

  it('the demo identity change (open) can be cancelled by its owner only', async () => {
    const [open] = (await get(`${base}?status=open&policy_number=OP1000002`)).json<{
      results: Request[];
    }>().results;
    if (!open) throw new Error('demo request missing');
    expectError(await post(`${base}/${open.id}/cancel`, {}, PLAIN), 404, 'not_found');
    expect((await post(`${base}/${open.id}/cancel`, {})).json<Request>().status).toBe('canceled');
  });
});

describe('flow pages and projection', () => {
  it('each type has its pages', async () => {
    const downgrade = (await get(`${base}?type__in=PRODUCT_DOWNGRADE&status=draft`)).json<{
      results: Request[];
    }>().results[0];
    if (!downgrade) throw new Error('no draft downgrade');
    expect((await get(`${base}/${downgrade.id}/flow-page`)).json()).toEqual({
      page: 'terms',
      flow: 'product-downgrade',
      sequence: 2,
      is_end: false,
      callback_code: null,
    });
    const birth = (await get(`${base}?type__in=ADD_IL_BIRTH_CERTIFICATE`)).json<{
      results: Request[];
    }>().results[0];
    if (!birth) throw new Error('no birth certificate request');
    expect((await get(`${base}/${birth.id}/flow-page`)).json()).toEqual({
      page: 'confirmation',
      flow: 'add-il-birth-certificate',
      sequence: 2,
      is_end: false,
      callback_code: null,
    });
    // An identity change in draft stands at its confirmation; once submitted, at `submitted`.
    const identity = await create({
      policy_number: (await freshPolicy()).number,
      type: 'IDENTITY_VERIFICATION_CHANGE',
      identity_document: { role: 'insured-life', type: 'passport', number: 'P7654321' },
    });
    expect(identity.status).toBe('draft');
    expect((await get(`${base}/${identity.id}/flow-page`)).json()).toEqual({
      page: 'confirmation',
      flow: 'identity-verification-change',
      sequence: 2,
      is_end: false,
      callback_code: null,
    });
    expect((await post(`${base}/${identity.id}/submit`, {})).statusCode).toBe(200);
    expect((await get(`${base}/${identity.id}/flow-page`)).json()).toEqual({
      page: 'submitted',
      flow: 'identity-verification-change',
      sequence: 3,
      is_end: true,
      callback_code: 'open',
    });
  });

  it('never answers the pages the web keeps to itself (decision 081)', async () => {
    const pages = new Set<string>();
    const all = (await get(`${base}?page_size=100`)).json<{ results: Request[] }>().results;
    for (const request of all) {
      pages.add((await get(`${base}/${request.id}/flow-page`)).json<{ page: string }>().page);
    }
    expect(pages.size).toBeGreaterThan(1);
    for (const webPage of ['options', 'suboptions', 'premium-payment']) {
      expect(pages.has(webPage)).toBe(false);
    }
  });

  it('projects the premium of the proposed option as modules/policy prices it', async () => {
    const [upgrade] = (await get(`${base}?policy_number=OP1000001`)).json<{ results: Request[] }>()
      .results;
    if (!upgrade) throw new Error('demo upgrade missing');
    const projection = await get(`${base}/${upgrade.id}/projection?projection_years=3`);
    expect(projection.statusCode, projection.body).toBe(200);
    const quoted = await post('/policy/OP1000001/project-premium', {
      product_code: 'VHIS-FLEXI',
      projection_years: 3,
    });
    expect(projection.json()).toEqual(quoted.json());
    expect(projection.json<{ projection: unknown[] }>().projection).toHaveLength(3);
    const current = await get(
      `/policy/${(await get('/policy?policy_number=OP1000001')).json<{ results: { id: number }[] }>().results[0]?.id}/projection?projection_years=3`,
    );
    expect(projection.json()).not.toEqual(current.json());
    expectError(
      await get(`${base}/${upgrade.id}/projection?projection_years=0`),
      400,
      'validation_error',
      'querystring.projection_years',
    );
    expectError(
      await get(`${base}/${upgrade.id}/projection?projection_years=11`),
      400,
      'validation_error',
      'querystring.projection_years',
    );
  });

  it('a document change projects the policy’s own premium', async () => {
    const birth = (await get(`${base}?type__in=ADD_IL_BIRTH_CERTIFICATE`)).json<{
      results: Request[];
    }>().results[0];
    if (!birth) throw new Error('no birth certificate request');
    const listed = (await get(`/policy?policy_number=${birth.policy}`)).json<{
      results: { id: number }[];
    }>();
    const own = await get(`/policy/${listed.results[0]?.id}/projection?projection_years=2`);
    expect((await get(`${base}/${birth.id}/projection?projection_years=2`)).json()).toEqual(
      own.json(),
    );
  });
});
