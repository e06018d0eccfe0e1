// Claims and their documents between two owners (issue 40, BOLA): every claim and claim-document
// route answers another owner's ids exactly as it answers ids that do not exist — same status,
// same code, same message but for the id — in every status the victim's claim can be in, and the
// attempt changes nothing. Ids in a body (a policy, an insured life, a pre-approval) and in a
// filter are held to the same rule, and an Idempotency-Key is the caller's own: another owner's
// key never replays its answer. A guest is answered 401 everywhere.
import type { Claim } from '@clinicpass/shared/platform/entities/claim';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurerAction } from '../src/modules/claims';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const BASE = '/api/customer';
const HANDLER = { kind: 'insurer', staffId: 'staff-1', role: 'claims' } as const;
/** Ids no row has (well inside the 32-bit range the routes accept). */
const UNKNOWN = 2_000_000_000;

let t: PolicyTestApp;
/** The victim's (plain's) policy, insured life and a benefit of it, from the seeded draft. */
let victim: { policyId: number; lifeId: number; benefit: string; policyNumber: string };
/** The attacker's (owner's) own policy and insured life. */
let mine: { policyId: number; lifeId: number };
/** Plain's claims, one per status an owner's route acts on. */
const victimClaims: Record<string, number> = {};
let victimDocument: number;

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const result = await t.database.db.execute(query);
  return result.rows[0] as Row;
}

function call(
  method: 'GET' | 'POST',
  url: string,
  user: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { ...(user === null ? {} : { 'x-test-user': user }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A one-pixel PNG: a valid receipt, so only ownership can refuse the upload. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(claimId: number, user: string | null) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/claim/${claimId}/document?kind=original-medical-receipt&file_name=r.png`,
    headers: { ...(user === null ? {} : { 'x-test-user': user }), 'content-type': 'image/png' },
    payload: png(),
  });
}

/** What an answer says, with the id it was asked about written as `<id>`. */
function shape(res: LightMyRequestResponse, id: number) {
  const body = res.json<{ code?: string; message?: string }>();
  return {
    status: res.statusCode,
    code: body.code,
    message: body.message?.replaceAll(String(id), '<id>'),
  };
}

/** A claim's state as stored, to show an attempt changed nothing. */
async function stateOf(id: number) {
  return one<{ status: string; updated: string; actions: number; documents: number }>(sql`
    SELECT c.status, c.update_date::text AS updated,
      (SELECT count(*)::int FROM claim_action a WHERE a.claim_id = c.id) AS actions,
      (SELECT count(*)::int FROM claim_document d WHERE d.claim_id = c.id) AS documents
    FROM claim c WHERE c.id = ${id}`);
}

async function victimDraft(extra: Record<string, unknown> = {}): Promise<Claim> {
  const res = await call('POST', '/claim', PLAIN, {
    type: 'reimbursement',
    policy_id: victim.policyId,
    cause: 'illness',
    insured_life_id: victim.lifeId,
    benefit: victim.benefit,
    service_date: addDays(TODAY, -1),
    amount_claimed: 300,
    payout_account: { bank_code: '024', account_number: '987654321', holder_name: 'PLAIN' },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Claim>();
}

async function moveAsInsurer(id: number, ...steps: [string, Record<string, unknown>?][]) {
  for (const [action, input] of steps) {
    await t.database.db.transaction((tx) =>
      insurerAction(
        tx,
        HANDLER,
        { today: TODAY, instant: NOW },
        id,
        action as never,
        (input ?? {}) as never,
      ),
    );
  }
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const owner = await t.userId(OWNER);
  const plain = await t.userId(PLAIN);
  const seeded = await one<{
    id: number;
    policy_id: number;
    life: number;
    benefit: string;
    number: string;
  }>(sql`
    SELECT c.id, c.policy_id, c.insured_party_id AS life, c.benefit, p.policy_number AS number
    FROM claim c JOIN policy p ON p.id = c.policy_id
    WHERE p.owner_user_id = ${plain} AND c.status = 'open'`);
  victim = {
    policyId: seeded.policy_id,
    lifeId: seeded.life,
    benefit: seeded.benefit,
    policyNumber: seeded.number,
  };
  victimClaims.open = seeded.id;
  ({ id: victimDocument } = await one<{ id: number }>(
    sql`SELECT id FROM claim_document WHERE claim_id = ${seeded.id}`,
  ));
  const { id: policyId } = await one<{ id: number }>(
    sql`SELECT id FROM policy WHERE policy_number = 'OP1000001' AND owner_user_id = ${owner}`,
  );
  const { id: lifeId } = await one<{ id: number }>(
    sql`SELECT id FROM policy_party WHERE policy_id = ${policyId} AND role = 'insured-life'`,
  );
  mine = { policyId, lifeId };

  // Plain's claims in the other statuses an owner's route acts on.
  const submit = async (id: number) => {
    expect((await upload(id, PLAIN)).statusCode).toBe(200);
    const res = await call('POST', `/claim/${id}/submit`, PLAIN, {});
    expect(res.statusCode, res.body).toBe(200);
  };
  const submitted = (await victimDraft()).id;
  await submit(submitted);
  victimClaims['approval-requested'] = submitted;
  const asked = (await victimDraft()).id;
  await submit(asked);
  await moveAsInsurer(asked, ['request-update', { note: 'The referral letter, please' }]);
  victimClaims['update-requested'] = asked;
  const paid = (await victimDraft()).id;
  await submit(paid);
  await moveAsInsurer(
    paid,
    ['approve', { amount: 300 }],
    ['request-payment'],
    ['confirm-payment'],
    ['settle'],
  );
  victimClaims.paid = paid;
  const preApproval = (await victimDraft({ type: 'pre-approval' })).id;
  expect((await call('POST', `/claim/${preApproval}/submit`, PLAIN, {})).statusCode).toBe(200);
  await moveAsInsurer(preApproval, ['pre-approve', { amount: 300 }]);
  victimClaims['pre-approved'] = preApproval;
});

afterAll(async () => {
  await t.close();
});

/** The owner's routes on one claim id: what each sends. */
const CLAIM_ROUTES: [string, 'GET' | 'POST', (id: number) => string, unknown][] = [
  ['read', 'GET', (id) => `/claim/${id}`, undefined],
  ['answer a request', 'POST', (id) => `/claim/${id}/update`, { note: 'Here it is' }],
  ['edit a draft', 'POST', (id) => `/claim/${id}/update`, { amount_claimed: 1 }],
  ['submit', 'POST', (id) => `/claim/${id}/submit`, {}],
  ['cancel', 'POST', (id) => `/claim/${id}/cancel`, { note: 'No longer needed' }],
  ['withdraw', 'POST', (id) => `/claim/${id}/withdraw`, {}],
];

describe('another owner’s claim answers as an unknown one', () => {
  for (const attacker of [OWNER, OTHER]) {
    it(`to ${attacker}, on every claim route and in every status`, async () => {
      for (const [status, id] of Object.entries(victimClaims)) {
        const before = await stateOf(id);
        for (const [name, method, url, payload] of CLAIM_ROUTES) {
          const unknown = shape(await call(method, url(UNKNOWN), attacker, payload), UNKNOWN);
          expect(unknown, name).toMatchObject({ status: 404, code: 'not_found' });
          const theirs = shape(await call(method, url(id), attacker, payload), id);
          expect(theirs, `${name} on a ${status} claim`).toEqual(unknown);
        }
        const unknownUpload = shape(await upload(UNKNOWN, attacker), UNKNOWN);
        expect(unknownUpload).toMatchObject({ status: 404, code: 'not_found' });
        expect(shape(await upload(id, attacker), id), `upload to a ${status} claim`).toEqual(
          unknownUpload,
        );
        expect(await stateOf(id), `${status} claim untouched`).toEqual(before);
      }
    });
  }

  it('and the victim still acts on them (the ids are real)', async () => {
    for (const id of Object.values(victimClaims)) {
      expect((await call('GET', `/claim/${id}`, PLAIN)).statusCode).toBe(200);
    }
    expect((await upload(victimClaims['update-requested']!, PLAIN)).statusCode).toBe(200);
  });

  it('another owner’s document answers as an unknown document, and its bytes stay private', async () => {
    for (const attacker of [OWNER, OTHER]) {
      const unknown = shape(await call('GET', `/claim-document/${UNKNOWN}`, attacker), UNKNOWN);
      expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
      const res = await call('GET', `/claim-document/${victimDocument}`, attacker);
      expect(shape(res, victimDocument)).toEqual(unknown);
      expect(res.headers['content-type']).not.toBe('application/pdf');
    }
    const own = await call('GET', `/claim-document/${victimDocument}`, PLAIN);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('a guest is answered 401 on every claim and document route', async () => {
    for (const [name, method, url, payload] of CLAIM_ROUTES) {
      const res = await call(method, url(victimClaims.open!), null, payload);
      expect(res.statusCode, name).toBe(401);
      expect(res.json<{ code: string }>().code).toBe('unauthenticated');
    }
    for (const res of [
      await call('GET', '/claim', null),
      // A valid body, so only the missing sign-in can refuse it.
      await call('POST', '/claim', null, {
        type: 'reimbursement',
        policy_id: victim.policyId,
        cause: 'illness',
        insured_life_id: victim.lifeId,
        benefit: victim.benefit,
        service_date: TODAY,
        amount_claimed: 1,
      }),
      await call('GET', `/claim-document/${victimDocument}`, null),
      await upload(victimClaims.open!, null),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json<{ code: string }>().code).toBe('unauthenticated');
    }
  });
});

describe('ids of another owner inside a request', () => {
  const draftOf = (extra: Record<string, unknown>) => ({
    type: 'reimbursement',
    policy_id: mine.policyId,
    cause: 'illness',
    insured_life_id: mine.lifeId,
    benefit: 'specialist',
    service_date: addDays(TODAY, -2),
    amount_claimed: 100,
    ...extra,
  });

  it('a claim on another owner’s policy answers as one on an unknown policy', async () => {
    const body = { ...draftOf({}), insured_life_id: victim.lifeId, benefit: victim.benefit };
    const unknown = shape(
      await call('POST', '/claim', OWNER, { ...body, policy_id: UNKNOWN }),
      UNKNOWN,
    );
    expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
    const theirs = await call('POST', '/claim', OWNER, { ...body, policy_id: victim.policyId });
    expect(shape(theirs, victim.policyId)).toEqual(unknown);
  });

  it('another owner’s insured life, on create and on a draft’s edit, answers as an unknown one', async () => {
    const unknown = await call('POST', '/claim', OWNER, draftOf({ insured_life_id: UNKNOWN }));
    expect(unknown.statusCode).toBe(400);
    const theirs = await call('POST', '/claim', OWNER, draftOf({ insured_life_id: victim.lifeId }));
    expect(theirs.json()).toEqual(unknown.json());

    const draft = await call('POST', '/claim', OWNER, draftOf({}));
    expect(draft.statusCode, draft.body).toBe(200);
    const id = draft.json<Claim>().id;
    const editUnknown = await call('POST', `/claim/${id}/update`, OWNER, {
      insured_life_id: UNKNOWN,
    });
    expect(editUnknown.statusCode).toBe(400);
    const editTheirs = await call('POST', `/claim/${id}/update`, OWNER, {
      insured_life_id: victim.lifeId,
    });
    expect(editTheirs.json()).toEqual(editUnknown.json());
    expect((await call('GET', `/claim/${id}`, OWNER)).json<Claim>().insured_life.id).toBe(
      mine.lifeId,
    );
  });

  it('another owner’s pre-approval answers as an unknown one', async () => {
    const body = (preApproval: number) =>
      draftOf({ type: 'pre-approval-settlement', pre_approval_claim_id: preApproval });
    const unknown = await call('POST', '/claim', OWNER, body(UNKNOWN));
    expect(unknown.statusCode).toBe(400);
    const theirs = await call('POST', '/claim', OWNER, body(victimClaims['pre-approved']!));
    expect(theirs.json()).toEqual(unknown.json());
  });

  it('the list shows the caller’s claims only; another owner’s policy number lists as an unknown one', async () => {
    const all = await call('GET', '/claim?page_size=100', OWNER);
    expect(all.statusCode).toBe(200);
    const ids = all.json<{ results: Claim[] }>().results.map((claim) => claim.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of Object.values(victimClaims)) expect(ids).not.toContain(id);
    const theirs = await call('GET', `/claim?policy_number=${victim.policyNumber}`, OWNER);
    const unknown = await call('GET', '/claim?policy_number=ZZ9999999', OWNER);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json<{ pagination: { total: number } }>().pagination.total).toBe(0);
    const own = await call('GET', `/claim?policy_number=${victim.policyNumber}`, PLAIN);
    expect(own.json<{ pagination: { total: number } }>().pagination.total).toBeGreaterThan(0);
  });
});

describe('an Idempotency-Key is the caller’s own', () => {
  it('another owner sending the victim’s key and request gets no replay of the victim’s answer', async () => {
    const id = (await victimDraft()).id;
    const key = { 'idempotency-key': `cancel-${id}` };
    const first = await call('POST', `/claim/${id}/cancel`, PLAIN, {}, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await call('POST', `/claim/${id}/cancel`, PLAIN, {}, key);
    expect(replay.json()).toEqual(first.json());
    const theirs = await call('POST', `/claim/${id}/cancel`, OWNER, {}, key);
    expect(shape(theirs, id)).toEqual(
      shape(await call('POST', `/claim/${UNKNOWN}/cancel`, OWNER, {}), UNKNOWN),
    );
    expect(theirs.body).not.toContain(first.json<Claim>().claim_number);
  });
});
