// Crash safety (issues 15, 37, 40): 1,000 idempotent writes (payment methods; service requests
// created and cancelled; clinic visits opened and closed by the demo clinic staff member;
// reimbursement claims created, given a receipt and submitted by the owner) over HTTP against the built server on a fresh embedded database, while the API
// process is killed with SIGKILL and restarted (first half), then while the embedded PostgreSQL
// postmaster is killed with SIGKILL (second half; the server starts it again). Every write is
// retried with its Idempotency-Key until it is answered 2xx, as a client would. After recovery it
// ASSERTS, and exits 1 on any failure:
//   - every write answered 2xx is present exactly once (the id it was answered with);
//   - a retry with the same Idempotency-Key returns the stored answer;
//   - nothing else changed: every other table, and the other users' rows, hash as before;
//   - while down, the API answered 503 service_unavailable, never 500.
// It prints its figures (kills, recovery times, retries, 5xx while down).
//
//   npm run test:crash                        (run by .ci/run after npm test)
//   npm run test:crash -- --writes 200 --kills 2 --no-build
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import {
  buildServer,
  call,
  createAccount,
  databaseUrl,
  freePort,
  killServer,
  log,
  OWNER,
  postmasterOf,
  serverEnv,
  signIn,
  sleep,
  startServer,
  stopServer,
  waitReady,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '1000' },
    kills: { type: 'string', default: '3' },
    lanes: { type: 'string', default: '6' },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const WRITES = Number(values.writes);
const KILLS = Number(values.kills);
const LANES = Number(values.lanes);
const SR_BASE = '/api/customer/policy/service-request';
/** The demo clinic staff member (apps/server/src/db/seed/clinic-demo.ts). */
const CLINIC_USER = { email: 'clinic@example.com', phone: '+85292345678' };
/** Clinic visits (open, then close) per phase: the demo members' yearly quota bounds them. */
const VISITS_PER_PHASE = 2;
/** Reimbursement claims (create, upload a receipt, submit) per phase. */
const CLAIMS_PER_PHASE = 3;
const POLICY = 'OP1000001';
/** A write gives up (and the test fails) when it is not answered 2xx within this time. */
const WRITE_DEADLINE_MS = 120_000;

/**
 * Tables a write, a sign-in or a restart may change. Every other table must hash as before;
 * in these, the rows of other users and policies must too (checked below).
 */
const CHANGING = new Set([
  'payment_method',
  'idempotency_record',
  'service_request',
  'underwriting_case',
  // Clinic visits (issue 37): the visit, its audit, the tickets the owner's listing issues and
  // revokes (decision 252), the counters of verifications.
  'clinic_visit',
  'clinic_verification_log',
  'outpatient_ticket',
  'lookup_failure_counter',
  'identity_rate_counter',
  // A visit opens its panel claim and its close settles it (decision 292): the claim, its
  // history and its settlement.
  'claim',
  'claim_action',
  'claim_settlement',
  // The owner's reimbursement claims (issue 40): their receipts (the bytes in PostgreSQL) and
  // the message their submission sends through the outbox.
  'claim_document',
  'stored_object_chunk',
  'outgoing_message',
  'outbox_message',
]);

/** A one-pixel PNG: the receipt each claim of the test carries. */
const RECEIPT = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  ...[
    ['IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])],
    ['IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1])],
    ['IEND', Buffer.alloc(0)],
  ].map(([type, data]) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  }),
]);

const failures = [];
function check(condition, message) {
  if (!condition) failures.push(message);
}

const dataDir = mkdtempSync(join(tmpdir(), 'clinicpass-crash-'));
const logFile = join(dataDir, 'server.log');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = serverEnv(dataDir, port);
let server;

const figures = {
  attempts: 0,
  networkErrors: 0,
  fiveXx: 0,
  fiveXxByStatus: {},
  retriedTo2xx: 0,
  unexpected: 0,
  recoveries: [],
};

/**
 * One write until it is answered 2xx: a refused connection, a cut answer or a 5xx is retried
 * with the same key and body. Any other answer is a failure.
 */
async function write(op, token) {
  const deadline = Date.now() + WRITE_DEADLINE_MS;
  let retried = false;
  while (Date.now() < deadline) {
    figures.attempts += 1;
    let res;
    try {
      res = await call(base, op.path, {
        method: 'POST',
        body: op.body,
        raw: op.raw,
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': op.key,
          ...(op.raw === undefined ? {} : { 'content-type': 'image/png' }),
        },
        timeout: 15_000,
      });
    } catch {
      figures.networkErrors += 1;
      retried = true;
      await sleep(100 + Math.random() * 150);
      continue;
    }
    if (res.status >= 500) {
      figures.fiveXx += 1;
      figures.fiveXxByStatus[res.status] = (figures.fiveXxByStatus[res.status] ?? 0) + 1;
      retried = true;
      await sleep(100 + Math.random() * 150);
      continue;
    }
    if (res.status !== 200) {
      figures.unexpected += 1;
      failures.push(`${op.key} ${op.path} answered ${res.status}: ${res.text.slice(0, 300)}`);
      return null;
    }
    if (retried) figures.retriedTo2xx += 1;
    op.answer = res.json;
    op.answeredAt = Date.now();
    return res.json;
  }
  failures.push(`${op.key} ${op.path} was not answered 2xx within ${WRITE_DEADLINE_MS / 1000} s`);
  return null;
}

/** A read (or a check that records nothing) until it is answered: retried through outages. */
async function answered2xx(path, token, { method = 'GET', body } = {}) {
  const deadline = Date.now() + WRITE_DEADLINE_MS;
  while (Date.now() < deadline) {
    try {
      const res = await call(base, path, {
        method,
        body,
        headers: { authorization: `Bearer ${token}` },
        timeout: 15_000,
      });
      if (res.status === 200) return res.json;
      if (res.status < 500) {
        failures.push(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
        return null;
      }
    } catch {
      // refused or cut: retried
    }
    await sleep(100 + Math.random() * 150);
  }
  failures.push(`${method} ${path} was not answered within ${WRITE_DEADLINE_MS / 1000} s`);
  return null;
}

async function restartServer() {
  server = startServer(env, logFile);
}

/** Kills at evenly spaced points of the phase's progress; notes how long until it recovered. */
async function killer(kind, progress, total) {
  for (let k = 1; k <= KILLS; k += 1) {
    const at = Math.floor((total * k) / (KILLS + 1));
    while (progress.done < at && !progress.finished) await sleep(20);
    if (progress.finished) return;
    await sleep(Math.random() * 200);
    const killedAt = Date.now();
    if (kind === 'api') {
      await killServer(server);
      await restartServer();
    } else {
      process.kill(postmasterOf(dataDir).pid, 'SIGKILL');
    }
    // Recovered: ready again (the readiness probe queries PostgreSQL) and a write answered since.
    if (kind === 'postgres') {
      // Until the server notices (its pooled connections fail), at most 2 s.
      const noticed = Date.now() + 2000;
      while (Date.now() < noticed) {
        const res = await fetch(`${base}/readyz`).catch(() => null);
        if (res === null || res.status !== 200) break;
        await sleep(20);
      }
    }
    await waitReady(base, server);
    while (progress.lastAnsweredAt < killedAt && !progress.finished) await sleep(10);
    figures.recoveries.push({ kind, ms: Date.now() - killedAt });
  }
}

/** One phase: `count` writes from several lanes at once while `kind` is killed KILLS times. */
async function phase(kind, count, tokens, ops, claimOf) {
  const srUnits = Math.max(1, Math.round(count / 10 / 2));
  const paymentCount = count - srUnits * 2;
  const progress = { done: 0, finished: false, lastAnsweredAt: 0 };
  const answered = (op) => {
    if (op.answer !== undefined) {
      progress.done += 1;
      progress.lastAnsweredAt = op.answeredAt;
    }
  };
  const payments = Array.from({ length: paymentCount }, (_, i) => {
    const token = `crash-${kind}-${String(i).padStart(4, '0')}-${randomUUID().slice(0, 8)}`;
    return {
      kind: 'payment-method',
      key: `pm-${kind}-${i}-${randomUUID()}`,
      path: '/api/customer/payment-method',
      body: {
        gateway: i % 2 === 0 ? 'fps' : 'bank-transfer',
        token,
        holder_name: 'CRASH TEST',
      },
    };
  });
  ops.push(...payments);
  let next = 0;
  const paymentLane = async () => {
    while (next < payments.length) {
      const op = payments[next];
      next += 1;
      await write(op, tokens.payments);
      answered(op);
    }
  };
  // Service requests: one in progress per policy, so one lane creates and cancels in turn.
  const serviceRequestLane = async () => {
    for (let i = 0; i < srUnits; i += 1) {
      const create = {
        kind: 'service-request',
        key: `sr-${kind}-${i}-${randomUUID()}`,
        path: SR_BASE,
        body: { policy_number: POLICY, type: 'PRODUCT_UPGRADE', to_product: 'VHIS-FLEXI' },
      };
      ops.push(create);
      const created = await write(create, tokens.owner);
      answered(create);
      if (created === null) return;
      const cancel = {
        kind: 'service-request-cancel',
        key: `sr-cancel-${kind}-${i}-${randomUUID()}`,
        path: `${SR_BASE}/${created.id}/cancel`,
        body: {},
        requestId: created.id,
      };
      ops.push(cancel);
      await write(cancel, tokens.owner);
      answered(cancel);
    }
  };
  // Clinic visits: the owner's fresh tickets, the counter's check (which records nothing), then
  // the visit opened with the consultation ticket and closed with the payment ticket, each an
  // idempotent write.
  const clinicLane = async () => {
    for (let i = 0; i < VISITS_PER_PHASE; i += 1) {
      const listed = await answered2xx(
        `/api/customer/outpatient/ticket?policy_id=${POLICY}`,
        tokens.owner,
      );
      if (listed === null) return;
      const numbers = [...new Set(listed.tickets.map((ticket) => ticket.membership_number))];
      const memberNumber = numbers[(i + (kind === 'api' ? 0 : VISITS_PER_PHASE)) % numbers.length];
      const ofMember = (type) =>
        listed.tickets.find((t) => t.membership_number === memberNumber && t.type === type);
      const visit = ofMember('visit');
      const payment = ofMember('payment');
      const verified = await answered2xx('/api/clinic/ticket/verify', tokens.clinic, {
        method: 'POST',
        body: { token: visit.token },
      });
      if (verified === null) return;
      if (verified.outcome !== 'valid') {
        failures.push(`clinic verify of a fresh visit ticket answered ${verified.outcome}`);
        return;
      }
      const open = {
        kind: 'visit-open',
        key: `visit-open-${kind}-${i}-${randomUUID()}`,
        path: '/api/clinic/visit/open',
        body: { token: visit.token },
        memberNumber,
      };
      ops.push(open);
      await write(open, tokens.clinic);
      answered(open);
      if (open.answer === undefined) return;
      const close = {
        kind: 'visit-close',
        key: `visit-close-${kind}-${i}-${randomUUID()}`,
        path: '/api/clinic/visit/close',
        body: {
          token: payment.token,
          service_point_id: verified.services[0].service_point_id,
          amount: 0,
        },
        memberNumber,
      };
      ops.push(close);
      await write(close, tokens.clinic);
      answered(close);
    }
  };
  // Reimbursement claims: created as a draft, given a receipt (an upload under its key), then
  // submitted, each an idempotent write.
  const claimLane = async () => {
    for (let i = 0; i < CLAIMS_PER_PHASE; i += 1) {
      const create = {
        kind: 'claim-create',
        key: `claim-${kind}-${i}-${randomUUID()}`,
        path: '/api/customer/claim',
        body: { ...claimOf, description: `crash ${kind} ${i}` },
      };
      ops.push(create);
      await write(create, tokens.owner);
      answered(create);
      if (create.answer === undefined) return;
      const receipt = {
        kind: 'claim-document',
        key: `claim-doc-${kind}-${i}-${randomUUID()}`,
        path: `/api/customer/claim/${create.answer.id}/document?kind=original-medical-receipt&file_name=receipt.png`,
        raw: RECEIPT,
        claimId: create.answer.id,
      };
      ops.push(receipt);
      await write(receipt, tokens.owner);
      answered(receipt);
      if (receipt.answer === undefined) return;
      const submit = {
        kind: 'claim-submit',
        key: `claim-submit-${kind}-${i}-${randomUUID()}`,
        path: `/api/customer/claim/${create.answer.id}/submit`,
        body: {},
        claimId: create.answer.id,
      };
      ops.push(submit);
      await write(submit, tokens.owner);
      answered(submit);
    }
  };
  const lanes = [
    ...Array.from({ length: LANES }, paymentLane),
    serviceRequestLane(),
    clinicLane(),
    claimLane(),
    killer(kind, progress, count),
  ];
  const started = Date.now();
  await Promise.all(lanes.slice(0, -1));
  progress.finished = true;
  await lanes.at(-1);
  return { seconds: (Date.now() - started) / 1000, payments: paymentCount, srUnits };
}

async function tableHashes(db, crashUserId, marks) {
  const tables = (
    await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
  ).rows.map((row) => row.tablename);
  const hashes = {};
  for (const table of tables) {
    const { rows } = await db.query(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`,
    );
    hashes[table] = rows[0].h;
  }
  // The changing tables' rows that no write of this test may touch.
  const scoped = async (sql, params) => (await db.query(sql, params)).rows[0].h;
  hashes['payment_method (other users)'] = await scoped(
    `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM payment_method t WHERE user_id <> $1`,
    [crashUserId],
  );
  const hashBelow = async (table, id) =>
    scoped(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t WHERE id <= $1`,
      [id],
    );
  hashes['service_request (earlier rows)'] = await hashBelow(
    'service_request',
    marks.serviceRequest,
  );
  hashes['underwriting_case (earlier rows)'] = await hashBelow('underwriting_case', marks.case);
  return hashes;
}

async function main() {
  if (!values['no-build']) {
    log('Building the server (apps/server/dist)…');
    buildServer();
  }
  log(`Starting the server on a fresh embedded database (${dataDir})…`);
  const startedAt = Date.now();
  await restartServer();
  await waitReady(base, server);
  log(`   ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  const crashEmail = `crash-${randomUUID().slice(0, 8)}@example.com`;
  await createAccount(base, crashEmail);
  const payments = await signIn(base, { email: crashEmail }, '10.200.0.1');
  const owner = await signIn(base, OWNER, '10.200.0.2');
  const clinic = await signIn(base, CLINIC_USER, '10.200.0.3');
  if (payments.token === null || owner.token === null || clinic.token === null) {
    throw new Error('sign-in failed');
  }
  const tokens = { payments: payments.token, owner: owner.token, clinic: clinic.token };

  // No request in progress on the policy, so the first create is allowed.
  const listed = await call(base, `${SR_BASE}?policy_number=${POLICY}&page_size=100`, {
    headers: { authorization: `Bearer ${tokens.owner}` },
  });
  for (const request of listed.json.results) {
    if (['draft', 'open', 'offered'].includes(request.status)) {
      await call(base, `${SR_BASE}/${request.id}/cancel`, {
        method: 'POST',
        body: {},
        headers: { authorization: `Bearer ${tokens.owner}` },
      });
    }
  }

  const db = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await db.connect();
  const crashUserId = (await db.query('SELECT id FROM app_user WHERE email = $1', [crashEmail]))
    .rows[0].id;
  const marks = {
    serviceRequest: (await db.query('SELECT coalesce(max(id), 0) AS id FROM service_request'))
      .rows[0].id,
    case: (await db.query('SELECT coalesce(max(id), 0) AS id FROM underwriting_case')).rows[0].id,
    visit: (await db.query('SELECT coalesce(max(id), 0) AS id FROM clinic_visit')).rows[0].id,
    claim: (await db.query('SELECT coalesce(max(id), 0) AS id FROM claim')).rows[0].id,
  };
  // What the owner's claims are for: the policy and its insured life, a visit of yesterday.
  const { policy_id: policyId, life_id: lifeId } = (
    await db.query(
      `SELECT p.id AS policy_id, pp.id AS life_id FROM policy p
         JOIN policy_party pp ON pp.policy_id = p.id AND pp.role = 'insured-life'
        WHERE p.policy_number = $1 ORDER BY pp.id LIMIT 1`,
      [POLICY],
    )
  ).rows[0];
  const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const claimOf = {
    type: 'reimbursement',
    policy_id: Number(policyId),
    cause: 'illness',
    insured_life_id: Number(lifeId),
    benefit: 'specialist',
    service_date: yesterday,
    amount_claimed: 300,
    payout_account: {
      bank_code: '004',
      account_number: '123456789012',
      holder_name: 'CHAN TAI MAN',
    },
  };
  const before = await tableHashes(db, crashUserId, marks);
  await db.end();

  const ops = [];
  const half = Math.floor(WRITES / 2);
  log(`\n${half} writes while the API process is killed (SIGKILL) and restarted ${KILLS}×…`);
  const api = await phase('api', half, tokens, ops, claimOf);
  log(`   done in ${api.seconds.toFixed(1)} s`);
  log(`${WRITES - half} writes while the PostgreSQL postmaster is killed (SIGKILL) ${KILLS}×…`);
  const database = await phase('postgres', WRITES - half, tokens, ops, claimOf);
  log(`   done in ${database.seconds.toFixed(1)} s`);
  await waitReady(base, server);

  // ---- after recovery
  const answered = ops.filter((op) => op.answer !== undefined);
  check(
    answered.length === ops.length,
    `${ops.length - answered.length} writes never answered 2xx`,
  );

  // An outage answers 503 service_unavailable (retry shortly), never 500.
  check(
    (figures.fiveXxByStatus[500] ?? 0) === 0,
    `${figures.fiveXxByStatus[500]} answers were 500 during the outages (see the server log), not 503`,
  );

  // A retry with the same key returns the stored answer, for every write.
  let replaysEqual = 0;
  for (const op of answered) {
    const token =
      op.kind === 'payment-method'
        ? tokens.payments
        : op.kind.startsWith('visit-')
          ? tokens.clinic
          : tokens.owner;
    const res = await call(base, op.path, {
      method: 'POST',
      body: op.body,
      raw: op.raw,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': op.key,
        ...(op.raw === undefined ? {} : { 'content-type': 'image/png' }),
      },
    });
    if (res.status === 200 && isDeepStrictEqual(res.json, op.answer)) replaysEqual += 1;
    else
      failures.push(
        `retry of ${op.key} answered ${res.status} ${res.text.slice(0, 200)} instead of ${JSON.stringify(op.answer).slice(0, 200)}`,
      );
  }

  const check2 = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await check2.connect();
  // Every payment method answered 2xx is there exactly once, with the id it was answered with.
  const methods = (
    await check2.query(
      'SELECT id, gateway_reference FROM payment_method WHERE user_id = $1 ORDER BY id',
      [crashUserId],
    )
  ).rows;
  const byToken = new Map();
  for (const row of methods) {
    byToken.set(row.gateway_reference, [...(byToken.get(row.gateway_reference) ?? []), row.id]);
  }
  const paymentOps = answered.filter((op) => op.kind === 'payment-method');
  let exactlyOnce = 0;
  for (const op of paymentOps) {
    const ids = byToken.get(op.body.token) ?? [];
    const once = ids.length === 1 && Number(ids[0]) === Number(op.answer.id);
    if (once) exactlyOnce += 1;
    check(
      once,
      `payment method ${op.body.token}: rows ${JSON.stringify(ids)}, answered id ${op.answer.id}`,
    );
  }
  check(
    methods.length === paymentOps.length,
    `${methods.length} payment methods stored for ${paymentOps.length} writes`,
  );
  // Every service request answered 2xx is there exactly once, cancelled; no other was made.
  const requests = (
    await check2.query('SELECT id, status FROM service_request WHERE id > $1 ORDER BY id', [
      marks.serviceRequest,
    ])
  ).rows;
  const creates = answered.filter((op) => op.kind === 'service-request');
  const cancels = answered.filter((op) => op.kind === 'service-request-cancel');
  check(
    requests.length === creates.length,
    `${requests.length} service requests stored for ${creates.length} creates`,
  );
  const statusOf = new Map(requests.map((row) => [Number(row.id), row.status]));
  for (const op of creates) {
    const present = statusOf.has(Number(op.answer.id));
    if (present && requests.length === creates.length) exactlyOnce += 1;
    check(present, `service request ${op.answer.id} is missing`);
  }
  for (const op of cancels) {
    const status = statusOf.get(Number(op.requestId)) ?? 'missing';
    if (/cancel/i.test(status)) exactlyOnce += 1;
    check(/cancel/i.test(status), `service request ${op.requestId} is ${status}, not cancelled`);
  }
  // Every visit opened is there exactly once; every one closed is closed.
  const visits = (
    await check2.query('SELECT id, status FROM clinic_visit WHERE id > $1 ORDER BY id', [
      marks.visit,
    ])
  ).rows;
  const opens = answered.filter((op) => op.kind === 'visit-open');
  const closes = answered.filter((op) => op.kind === 'visit-close');
  check(visits.length === opens.length, `${visits.length} visits stored for ${opens.length} opens`);
  check(
    visits.filter((row) => row.status === 'closed').length === closes.length,
    `${visits.filter((row) => row.status === 'closed').length} visits closed for ${closes.length} closes`,
  );
  if (visits.length === opens.length) exactlyOnce += opens.length;
  if (visits.filter((row) => row.status === 'closed').length === closes.length) {
    exactlyOnce += closes.length;
  }
  // Every claim created is there exactly once, submitted, with exactly one receipt.
  const claims = (
    await check2.query(
      `SELECT c.id, c.status, (SELECT count(*)::int FROM claim_document d WHERE d.claim_id = c.id) AS documents
         FROM claim c WHERE c.id > $1 AND c.type = 'reimbursement' ORDER BY c.id`,
      [marks.claim],
    )
  ).rows;
  const claimCreates = answered.filter((op) => op.kind === 'claim-create');
  const claimDocuments = answered.filter((op) => op.kind === 'claim-document');
  const claimSubmits = answered.filter((op) => op.kind === 'claim-submit');
  check(
    claims.length === claimCreates.length,
    `${claims.length} claims stored for ${claimCreates.length} creates`,
  );
  const claimById = new Map(claims.map((row) => [Number(row.id), row]));
  for (const op of claimCreates) {
    const present = claimById.has(Number(op.answer.id)) && claims.length === claimCreates.length;
    if (present) exactlyOnce += 1;
    check(present, `claim ${op.answer.id} is missing`);
  }
  for (const op of claimDocuments) {
    const documents = claimById.get(Number(op.claimId))?.documents ?? 0;
    if (documents === 1) exactlyOnce += 1;
    check(documents === 1, `claim ${op.claimId} has ${documents} documents for one upload`);
  }
  for (const op of claimSubmits) {
    const status = claimById.get(Number(op.claimId))?.status ?? 'missing';
    if (status === 'approval-requested') exactlyOnce += 1;
    check(status === 'approval-requested', `claim ${op.claimId} is ${status}, not submitted`);
  }
  // Nothing else changed.
  const after = await tableHashes(check2, crashUserId, marks);
  await check2.end();
  const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
  const unexpected = changed.filter((table) => !CHANGING.has(table));
  check(unexpected.length === 0, `tables changed that no write touches: ${unexpected.join(', ')}`);

  const recoveries = (kind) =>
    figures.recoveries
      .filter((r) => r.kind === kind)
      .map((r) => `${(r.ms / 1000).toFixed(1)} s`)
      .join(', ');
  log('\nCrash safety: idempotent writes through SIGKILLs of the API and of PostgreSQL');
  log('| figure | value |');
  log('|---|---:|');
  log(
    `| writes (payment methods / service-request creates / cancels / visits opened / closed / claims created / receipts / submitted) | ${ops.length} (${paymentOps.length} / ${creates.length} / ${cancels.length} / ${opens.length} / ${closes.length} / ${claimCreates.length} / ${claimDocuments.length} / ${claimSubmits.length}) |`,
  );
  log(`| API processes killed (SIGKILL) and restarted | ${KILLS} |`);
  log(`| PostgreSQL postmasters killed (SIGKILL) | ${KILLS} |`);
  log(`| until a write succeeded again, API kills | ${recoveries('api')} |`);
  log(`| until a write succeeded again, PostgreSQL kills | ${recoveries('postgres')} |`);
  log(`| attempts (with retries) | ${figures.attempts} |`);
  log(`| refused or cut connections, retried | ${figures.networkErrors} |`);
  const byStatus = Object.entries(figures.fiveXxByStatus)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  log(`| 5xx answers while down, retried | ${figures.fiveXx} (${byStatus}) |`);
  log(`| writes answered 2xx only after a retry | ${figures.retriedTo2xx} |`);
  log(`| writes answered 2xx / stored exactly once | ${answered.length} / ${exactlyOnce} |`);
  log(
    `| retries with the same key answering the stored answer | ${replaysEqual} / ${answered.length} |`,
  );
  log(`| tables changed (all expected) | ${changed.join(', ')} |`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  failures.push(
    `the run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
} finally {
  if (server) await stopServer(server);
}
if (failures.length > 0) {
  exitCode = 1;
  log(`\n✖ crash safety: ${failures.length} failure(s)`);
  for (const failure of failures.slice(0, 30)) log(`  - ${failure}`);
  log(`  server log: ${logFile}`);
  try {
    log(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
  } catch {
    // no log
  }
} else {
  log('\n✔ crash safety: every write answered 2xx is stored once and replays its answer');
}
if (exitCode === 0 && !values.keep) rmSync(dataDir, { recursive: true, force: true });
process.exit(exitCode);
