// Outpatient application cases (issue 7): the product options of a case, the products of
// `/outpatient/product?application_case_id`, and submission (draft → submitted only, 409
// otherwise, idempotent replays, other customers' ids → 404).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationCase } from '../src/db/stakeholder-schema';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';
import { call, draftCaseOf, expectError, expectFieldError, type Page } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');

let t: PolicyTestApp;
let plainCase: number;
let ownerCase: number;

async function draftOf(email: string): Promise<number> {
  return draftCaseOf(t, email);
}

async function statusOf(id: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ status: applicationCase.status })
    .from(applicationCase)
    .where(eq(applicationCase.id, id));
  return row?.status;
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  plainCase = await draftOf(PLAIN);
  ownerCase = await draftOf(OWNER);
});
afterAll(async () => {
  await t.close();
});

describe('GET /application-case/{id}/product-option', () => {
  it('lists the options from the case’s product, with Content-Range', async () => {
    const res = await call(t, 'GET', `/application-case/${plainCase}/product-option`, {
      user: PLAIN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    expect(res.json<Page<unknown>>().results).toEqual([
      {
        type: 'cross-sell',
        from_product: 'OUTPATIENT-GO',
        to_product: 'VHIS-FLEXI',
        quotation: null,
        // Plain already holds an in-force VHIS policy on their own life (decision 130).
        eligibilities: [
          { rule: 'max-in-force-policy-per-insured-life', is_eligible: false },
          { rule: 'min-days-before-policy-anniversary', is_eligible: true },
        ],
        is_eligible: false,
      },
    ]);
    const empty = await call(t, 'GET', `/application-case/${plainCase}/product-option?page=2`, {
      user: PLAIN,
    });
    expect(empty.headers['content-range']).toBe('items */1');
  });

  it('answers another customer’s case and a guest 404 / 401, a bad id 400', async () => {
    expectError(
      await call(t, 'GET', `/application-case/${plainCase}/product-option`, { user: OWNER }),
      404,
      'not_found',
    );
    expectError(
      await call(t, 'GET', `/application-case/${plainCase}/product-option`),
      401,
      'unauthenticated',
    );
    expectFieldError(
      await call(t, 'GET', '/application-case/x/product-option', { user: PLAIN }),
      'params.id',
    );
  });
});

describe('GET /outpatient/product?application_case_id', () => {
  it('lists the case’s outpatient product to its owner only', async () => {
    const res = await call(t, 'GET', `/outpatient/product?application_case_id=${plainCase}`, {
      user: PLAIN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Page<{ code: string }>>().results.map((p) => p.code)).toEqual([
      'OUTPATIENT-GO',
    ]);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    expectError(
      await call(t, 'GET', `/outpatient/product?application_case_id=${plainCase}`, { user: OTHER }),
      404,
      'not_found',
    );
    expectError(
      await call(t, 'GET', `/outpatient/product?application_case_id=${plainCase}`),
      404,
      'not_found',
    );
  });
});

describe('POST /outpatient/submit/{id}', () => {
  it('refuses another customer’s case with 404 and changes nothing', async () => {
    expectError(
      await call(t, 'POST', `/outpatient/submit/${plainCase}`, { user: OWNER, body: {} }),
      404,
      'not_found',
    );
    expectError(
      await call(t, 'POST', '/outpatient/submit/999999', { user: PLAIN }),
      404,
      'not_found',
    );
    expect(await statusOf(plainCase)).toBe('draft');
  });

  it('refuses a body with fields, a bad id and a guest', async () => {
    expectFieldError(
      await call(t, 'POST', `/outpatient/submit/${plainCase}`, {
        user: PLAIN,
        body: { status: 'accepted' },
      }),
      'body',
    );
    expectFieldError(await call(t, 'POST', '/outpatient/submit/-1', { user: PLAIN }), 'params.id');
    expectError(await call(t, 'POST', `/outpatient/submit/${plainCase}`), 401, 'unauthenticated');
    expect(await statusOf(plainCase)).toBe('draft');
  });

  it('submits a draft (empty body), then answers a second submit 409', async () => {
    const res = await call(t, 'POST', `/outpatient/submit/${plainCase}`, { user: PLAIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: plainCase, status: 'submitted' });
    expect(await statusOf(plainCase)).toBe('submitted');
    const again = await call(t, 'POST', `/outpatient/submit/${plainCase}`, {
      user: PLAIN,
      body: {},
    });
    expectError(again, 409, 'invalid_state_transition');
  });

  it('answers 409 from every status but draft, leaving the status', async () => {
    for (const status of ['canceled', 'accepted', 'expired', 'withdrawn']) {
      await t.database.db
        .update(applicationCase)
        .set({ status })
        .where(eq(applicationCase.id, ownerCase));
      expectError(
        await call(t, 'POST', `/outpatient/submit/${ownerCase}`, { user: OWNER }),
        409,
        'invalid_state_transition',
      );
      expect(await statusOf(ownerCase)).toBe(status);
    }
    await t.database.db
      .update(applicationCase)
      .set({ status: 'draft' })
      .where(eq(applicationCase.id, ownerCase));
  });

  it('replays a submit with its Idempotency-Key, and of concurrent submits one wins', async () => {
    const headers = { 'idempotency-key': 'submit-owner-1' };
    const first = await call(t, 'POST', `/outpatient/submit/${ownerCase}`, {
      user: OWNER,
      headers,
    });
    const replay = await call(t, 'POST', `/outpatient/submit/${ownerCase}`, {
      user: OWNER,
      headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());

    await t.database.db
      .update(applicationCase)
      .set({ status: 'draft' })
      .where(eq(applicationCase.id, ownerCase));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, 'POST', `/outpatient/submit/${ownerCase}`, { user: OWNER }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
  });
});
