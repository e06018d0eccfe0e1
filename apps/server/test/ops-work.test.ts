// The back office's work routes (issue 39, decision 297) on the seeded demo: every /api/ops
// route of the route table against every staff role, a customer, clinic staff (a clinic key and
// a clinic user's sign-in) and a guest; then each area's happy path, bad input, unknown ids and
// the audit rows it writes, with the person and personal fields masked.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { RouteContract } from '@clinicpass/shared/contracts/route';
import type { Claim } from '@clinicpass/shared/platform/entities/claim';
import { STAFF_ROLES, type StaffRole } from '@clinicpass/shared/platform/staff';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStaff } from '../src/modules/staff';
import { cookieValue } from './identity-helpers';
import { buildPolicyTestApp, OTHER, OWNER, type PolicyTestApp } from './policy-support';

const NOW = new Date();
let t: PolicyTestApp;
const cookies = new Map<StaffRole, string>();
const emailOf = (role: StaffRole) => `work.${role}@clinicpass.example`;
let clinicKey: string;

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const result = await t.database.db.execute(query);
  const row = result.rows[0];
  if (row === undefined) throw new Error('no row');
  return row as Row;
}

let addressSeq = 0;
async function staffCookie(role: StaffRole): Promise<string> {
  const created = await createStaff(
    { db: t.database.db, secretKey: t.app.config.secretKey },
    { kind: 'operator', name: 'ops-work.test' },
    { email: emailOf(role), name: `Work ${role}`, roles: [role] },
    NOW,
    null,
  );
  const code = new TOTP({ secret: Secret.fromBase32(created.totp.secret) }).generate({
    timestamp: NOW.getTime(),
  });
  addressSeq += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/session',
    remoteAddress: `192.0.2.${String(addressSeq)}`,
    payload: { email: emailOf(role), password: created.password, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  const line = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('cp_staff='));
  return `cp_staff=${encodeURIComponent(cookieValue(line))}`;
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  for (const role of STAFF_ROLES) cookies.set(role, await staffCookie(role));
  // Clinic staff: a key of a venue, and OTHER bound to that venue as a clinic user.
  const venue = await one<{ id: number }>(sql`SELECT id FROM venue ORDER BY id LIMIT 1`);
  const issued = await as('network', 'POST', '/clinic-keys', {
    venue_id: venue.id,
    label: 'Matrix counter',
  });
  expect(issued.statusCode, issued.body).toBe(200);
  clinicKey = issued.json<{ key: string }>().key;
  const bound = await as('network', 'POST', '/clinic-users', {
    email: OTHER,
    venue_ids: [venue.id],
  });
  expect(bound.statusCode, bound.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function as(role: StaffRole, method: RouteContract['method'], path: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/ops${path}`,
    headers: { cookie: cookies.get(role) ?? '' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const code = (res: LightMyRequestResponse) => res.json<{ code: string }>().code;
const issuePaths = (res: LightMyRequestResponse) =>
  (res.json<{ details?: { issues?: { path: string }[] } }>().details?.issues ?? []).map(
    (issue) => issue.path,
  );

interface AuditItem {
  actor: string;
  actor_kind: string;
  roles: string[];
  action: string;
  target_kind: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
}
async function auditOf(filter: Record<string, string>): Promise<AuditItem[]> {
  const res = await as('admin', 'GET', `/audit?${new URLSearchParams(filter).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: AuditItem[] }>().items;
}

// ---------------------------------------------------------------- the matrix

/** A URL for the entry: each path parameter filled with a value its schema accepts. */
function urlOf(contract: RouteContract): string {
  const shape = (contract.params as z.ZodObject | undefined)?.shape ?? {};
  return `/api/ops${contract.path.replace(/:(\w+)/g, (_match, name: string) => {
    const schema = shape[name];
    if (schema instanceof z.ZodEnum) return String(schema.options[0]);
    if (name === 'id') {
      return schema instanceof z.ZodUUID ? '00000000-0000-4000-8000-000000000000' : '999999';
    }
    return 'NO-SUCH-CODE';
  })}`;
}

describe('the authorisation matrix, from the route table', () => {
  const staffRoutes = Object.values(opsContract as Record<string, RouteContract>)
    .filter((contract) => contract.auth === 'staff')
    .filter((contract) => contract !== opsContract.signOut);

  it('names a role for every back-office route but the sign-in ones', () => {
    // Signing in (password and code, password and SMS code, or single sign-on's start and
    // return) is all that is public.
    const signIns: RouteContract[] = [
      opsContract.signIn,
      opsContract.startSmsSignIn,
      opsContract.finishSmsSignIn,
      opsContract.ssoStart,
      opsContract.ssoCallback,
    ];
    for (const contract of Object.values(opsContract as Record<string, RouteContract>)) {
      if (signIns.includes(contract)) continue;
      expect(contract.auth, contract.path).toBe('staff');
      expect(contract.staffRoles, contract.path).toBeDefined();
    }
    expect(staffRoutes.length).toBeGreaterThanOrEqual(30);
  });

  it('lets each role reach only its routes; customers, clinic staff and guests reach none', async () => {
    const outsiders: [string, Record<string, string>, number][] = [
      ['guest', {}, 401],
      ['customer', { 'x-test-user': OWNER }, 401],
      ['clinic key', { 'x-clinic-key': clinicKey }, 401],
      ['clinic user', { 'x-test-user': OTHER }, 401],
      ['forged staff cookie', { cookie: 'cp_staff=cps_forged' }, 401],
    ];
    for (const contract of staffRoutes) {
      const url = urlOf(contract);
      const payload = contract.method === 'GET' ? {} : { payload: {} };
      for (const role of STAFF_ROLES) {
        const res = await t.app.inject({
          method: contract.method,
          url,
          headers: { cookie: cookies.get(role) ?? '' },
          ...payload,
        });
        const allowed = contract.staffRoles === 'any' || contract.staffRoles?.includes(role);
        const label = `${role} ${contract.method} ${url}`;
        if (allowed === true) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(code(res), label).toBe('forbidden');
        }
      }
      for (const [who, headers, status] of outsiders) {
        const res = await t.app.inject({ method: contract.method, url, headers, ...payload });
        expect(res.statusCode, `${who} ${contract.method} ${url}`).toBe(status);
        expect(['unauthenticated', 'staff_session_ended']).toContain(code(res));
      }
    }
  });
});

// ---------------------------------------------------------------- service

describe('service requests', () => {
  it('lists the pending queue, approves one with a note the owner then sees, audited', async () => {
    const queue = await as('service', 'GET', '/service-requests');
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json<{ items: { id: number; status: string; policy: string }[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => ['open', 'offered'].includes(item.status))).toBe(true);
    const target = items.find((item) => item.policy === 'OP1000002');
    expect(target).toBeDefined();
    const id = target?.id ?? 0;

    const approved = await as('service', 'POST', `/service-requests/${String(id)}/approve`, {
      note: 'Documents checked',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'approved' });
    const seen = await t.app.inject({
      url: `/api/customer/policy/service-request/${String(id)}`,
      headers: { 'x-test-user': OWNER },
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id, status: 'approved' });

    const again = await as('service', 'POST', `/service-requests/${String(id)}/offer`, {
      note: 'Too late',
    });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('invalid_state_transition');

    const [entry] = await auditOf({ target_kind: 'service-request', target_id: String(id) });
    expect(entry).toMatchObject({
      actor: emailOf('service'),
      actor_kind: 'staff',
      roles: ['service'],
      action: 'service-request.approve',
      before: { status: 'open', policy: 'OP1000002' },
      after: { status: 'approved', policy: 'OP1000002', note: 'Documents checked' },
    });
    expect(entry?.request_id).toEqual(expect.any(String));
  });

  it('refuses bad input naming the field, and an unknown request 404', async () => {
    const noNote = await as('service', 'POST', '/service-requests/1/approve', {});
    expect(noNote.statusCode).toBe(400);
    expect(issuePaths(noNote)).toContain('body.note');
    const badAction = await as('service', 'POST', '/service-requests/1/delete', { note: 'x' });
    expect(badAction.statusCode).toBe(400);
    expect(issuePaths(badAction)).toContain('params.action');
    const badStatus = await as('service', 'GET', '/service-requests?status=lost');
    expect(badStatus.statusCode).toBe(400);
    expect(issuePaths(badStatus)).toContain('querystring.status');
    const unknown = await as('service', 'POST', '/service-requests/999999/approve', { note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(code(unknown)).toBe('not_found');
  });
});

describe('member support', () => {
  it('looks a member up by membership or policy number with the HKID masked, each look-up audited', async () => {
    const member = await one<{ membership_number: string; member_code: string; hkid: string }>(
      sql`SELECT m.membership_number, m.member_code, m.hkid_masked AS hkid FROM member m
          JOIN policy p ON p.id = m.policy_id WHERE p.policy_number = 'OP1000001' ORDER BY m.id LIMIT 1`,
    );
    const res = await as('service', 'POST', '/members/lookup', {
      membership_number: member.membership_number,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      members: { member_code: string; hkid_masked: string }[];
      tickets: unknown[];
      visits: unknown[];
      claims: { policy_number: string }[];
    }>();
    expect(body.members).toEqual([
      expect.objectContaining({ member_code: member.member_code, hkid_masked: member.hkid }),
    ]);
    expect(body.members[0]?.hkid_masked).toMatch(/\*/);
    expect(body.claims.every((claim) => claim.policy_number === 'OP1000001')).toBe(true);

    const byPolicy = await as('service', 'POST', '/members/lookup', {
      policy_number: 'OP1000001',
    });
    expect(byPolicy.statusCode).toBe(200);
    expect(
      byPolicy.json<{ members: { member_code: string }[] }>().members.map((m) => m.member_code),
    ).toContain(member.member_code);

    const read = (await auditOf({ action: 'member.lookup', target_id: member.member_code })).find(
      (entry) => entry.after?.membership_number === member.membership_number,
    );
    expect(read).toMatchObject({
      actor: emailOf('service'),
      target_kind: 'member',
      after: { membership_number: member.membership_number, policy_number: null, found: 1 },
    });
  });

  it('refuses an HKID alone with its code, masks it in the log, and answers an unknown number 404', async () => {
    const alone = await as('service', 'POST', '/members/lookup', { hkid: 'A1234563' });
    expect(alone.statusCode).toBe(400);
    expect(code(alone)).toBe('hkid_lookup_refused');
    const [refusal] = await auditOf({ action: 'member.lookup-refused' });
    expect(refusal).toMatchObject({ actor: emailOf('service'), after: { hkid: '••••••63' } });
    const nothing = await as('service', 'POST', '/members/lookup', {});
    expect(nothing.statusCode).toBe(400);
    expect(issuePaths(nothing)).toContain('body.membership_number');
    const unknown = await as('service', 'POST', '/members/lookup', {
      policy_number: 'NOPE0000',
      hkid: 'A1234563',
    });
    expect(unknown.statusCode).toBe(404);
    const [logged] = await auditOf({ action: 'member.lookup' });
    expect(logged?.after).toMatchObject({ policy_number: 'NOPE0000', found: 0 });
    expect(JSON.stringify(logged)).not.toContain('A1234563');
    expect(logged?.after?.hkid).toMatch(/^•+63$/);
  });

  it('revokes a member’s tickets and corrects a visit with a reason, both audited', async () => {
    // The owner's card issues tickets; the revocation ends them.
    const issued = await t.app.inject({
      url: '/api/customer/outpatient/ticket?policy_id=OP1000001',
      headers: { 'x-test-user': OWNER },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const member = await one<{ member_code: string; live: number }>(
      sql`SELECT m.member_code, count(t.id)::int AS live FROM member m
          JOIN policy p ON p.id = m.policy_id
          JOIN outpatient_ticket t ON t.member_id = m.id AND t.revoked_at IS NULL
          WHERE p.policy_number = 'OP1000001' GROUP BY m.member_code LIMIT 1`,
    );
    expect(member.live).toBeGreaterThan(0);
    const revoked = await as('service', 'POST', `/members/${member.member_code}/revoke-tickets`, {
      note: 'Lost phone',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ revoked: number }>().revoked).toBeGreaterThanOrEqual(member.live);
    const lookup = await as('service', 'POST', '/members/lookup', { policy_number: 'OP1000001' });
    const tickets = lookup.json<{ tickets: { member_code: string; revoked: boolean }[] }>().tickets;
    expect(tickets.filter((ticket) => ticket.member_code === member.member_code).length).toBe(
      member.live,
    );
    expect(tickets.every((ticket) => ticket.revoked)).toBe(true);
    const unknownMember = await as('service', 'POST', '/members/NOBODY/revoke-tickets', {
      note: 'x',
    });
    expect(unknownMember.statusCode).toBe(404);
    const [entry] = await auditOf({ action: 'member.revoke-tickets' });
    expect(entry).toMatchObject({
      actor: emailOf('service'),
      target_id: member.member_code,
      after: { note: 'Lost phone' },
    });

    // A visit closed at a counter (as the clinic side records it).
    const visit = await t.database.db.execute<{ id: number; status: string }>(
      sql`INSERT INTO clinic_visit (member_id, policy_id, venue_id, kind, status, visit_date,
            amount_charged, member_price, opened_at, closed_at)
          SELECT m.id, m.policy_id, (SELECT id FROM venue ORDER BY id LIMIT 1), 'consultation',
            'closed', ${hkToday(fixedClock(NOW))}, 150, 150, ${NOW.toISOString()}, ${NOW.toISOString()}
          FROM member m WHERE m.member_code = ${member.member_code}
          RETURNING id, status`,
    );
    const noReason = await as('service', 'POST', '/visits/1/correct', { status: 'void' });
    expect(noReason.statusCode).toBe(400);
    expect(issuePaths(noReason)).toContain('body.note');
    const unknownVisit = await as('service', 'POST', '/visits/999999/correct', {
      status: 'void',
      note: 'Entered twice',
    });
    expect(unknownVisit.statusCode).toBe(404);
    const row = visit.rows[0];
    expect(row).toBeDefined();
    if (row !== undefined) {
      const corrected = await as('service', 'POST', `/visits/${String(row.id)}/correct`, {
        status: 'void',
        note: 'Entered twice',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json()).toMatchObject({ id: row.id, status: 'void' });
      const [fix] = await auditOf({ action: 'visit.correct', target_id: String(row.id) });
      expect(fix).toMatchObject({
        actor: emailOf('service'),
        before: { status: row.status },
        after: { status: 'void', note: 'Entered twice' },
      });
    }
  });
});

// ---------------------------------------------------------------- content

describe('announcements', () => {
  const guestSees = async (text: string) => {
    const res = await t.app.inject({ url: '/api/customer/announcement?tag=guest' });
    expect(res.statusCode).toBe(200);
    return res
      .json<{ results: { content_en: string }[] }>()
      .results.some((item) => item.content_en === text);
  };

  it('composes a draft in both languages, publishes it for guests, edits and withdraws it, audited', async () => {
    const created = await as('content', 'POST', '/announcements', {
      content_en: 'Clinics close early on Friday',
      content_zh: '診所星期五提早關門',
      tags: ['guest', 'customer'],
      message_type: 'warning',
      is_dismissable: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json<{ id: number; published: boolean }>();
    expect(draft).toMatchObject({ published: false, message_type: 'warning' });
    expect(await guestSees('Clinics close early on Friday')).toBe(false);

    const published = await as('content', 'POST', `/announcements/${String(draft.id)}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await guestSees('Clinics close early on Friday')).toBe(true);

    const edited = await as('content', 'PATCH', `/announcements/${String(draft.id)}`, {
      content_en: 'Clinics close at 5 pm on Friday',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await guestSees('Clinics close at 5 pm on Friday')).toBe(true);

    // A start in the future: published, but not shown yet.
    const later = new Date(NOW.getTime() + 86_400_000).toISOString();
    const scheduled = await as('content', 'PATCH', `/announcements/${String(draft.id)}`, {
      starts_at: later,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await guestSees('Clinics close at 5 pm on Friday')).toBe(false);

    const withdrawn = await as('content', 'POST', `/announcements/${String(draft.id)}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ published: false });
    const list = await as('content', 'GET', '/announcements');
    expect(list.json<{ items: { id: number }[] }>().items[0]?.id).toBe(draft.id);

    const actions = (
      await auditOf({ target_kind: 'announcement', target_id: String(draft.id) })
    ).map((entry) => [entry.actor, entry.action]);
    expect(actions).toEqual([
      [emailOf('content'), 'announcement.withdraw'],
      [emailOf('content'), 'announcement.update'],
      [emailOf('content'), 'announcement.update'],
      [emailOf('content'), 'announcement.publish'],
      [emailOf('content'), 'announcement.create'],
    ]);
    const [, , firstEdit] = await auditOf({
      target_kind: 'announcement',
      target_id: String(draft.id),
    });
    expect(firstEdit?.before).toMatchObject({ content_en: 'Clinics close early on Friday' });
    expect(firstEdit?.after).toMatchObject({ content_en: 'Clinics close at 5 pm on Friday' });
  });

  it('refuses a missing language, an unknown tag and an end before the start; unknown ids 404', async () => {
    const noZh = await as('content', 'POST', '/announcements', {
      content_en: 'Only English',
      tags: ['guest'],
    });
    expect(noZh.statusCode).toBe(400);
    expect(issuePaths(noZh)).toContain('body.content_zh');
    const badTag = await as('content', 'POST', '/announcements', {
      content_en: 'a',
      content_zh: '甲',
      tags: ['staff'],
    });
    expect(badTag.statusCode).toBe(400);
    expect(issuePaths(badTag).some((path) => path.startsWith('body.tags'))).toBe(true);
    const backwards = await as('content', 'POST', '/announcements', {
      content_en: 'a',
      content_zh: '甲',
      tags: ['guest'],
      starts_at: '2026-12-10T00:00:00+08:00',
      ends_at: '2026-12-09T00:00:00+08:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(issuePaths(backwards)).toContain('body.ends_at');
    expect((await as('content', 'POST', '/announcements/999999/publish')).statusCode).toBe(404);
    expect(
      (await as('content', 'PATCH', '/announcements/999999', { content_en: 'x' })).statusCode,
    ).toBe(404);
  });
});

// ---------------------------------------------------------------- claims

/** A PNG of one pixel: a receipt the claim's document check accepts. */
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

/** A reimbursement the owner files and submits in the portal: it waits in the queue. */
async function submittedClaim(): Promise<{ id: number; number: string }> {
  const owner = await t.userId(OWNER);
  const policy = await one<{ id: number }>(
    sql`SELECT id FROM policy WHERE policy_number = 'OP1000001' AND owner_user_id = ${owner}`,
  );
  const life = await one<{ id: number }>(
    sql`SELECT id FROM policy_party WHERE policy_id = ${policy.id} AND role = 'insured-life'`,
  );
  const headers = { 'x-test-user': OWNER };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/customer/claim',
    headers,
    payload: {
      type: 'reimbursement',
      policy_id: policy.id,
      cause: 'illness',
      insured_life_id: life.id,
      benefit: 'specialist',
      service_date: addDays(hkToday(fixedClock(NOW)), -3),
      amount_claimed: 480,
      payout_account: { bank_code: '004', account_number: '123456789012', holder_name: 'CHAN' },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const claim = created.json<Claim>();
  const receipt = await t.app.inject({
    method: 'POST',
    url: `/api/customer/claim/${String(claim.id)}/document?kind=original-medical-receipt&file_name=r.png`,
    headers: { ...headers, 'content-type': 'image/png' },
    payload: png(),
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
  const submit = await t.app.inject({
    method: 'POST',
    url: `/api/customer/claim/${String(claim.id)}/submit`,
    headers,
    payload: {},
  });
  expect(submit.statusCode, submit.body).toBe(200);
  return { id: claim.id, number: claim.claim_number };
}

describe('claim cases', () => {
  it('queues claims by filters, opens a case (an audited read), assigns to self, requests an update and approves — the owner is told', async () => {
    const submitted = await submittedClaim();
    const queue = await as('claims', 'GET', '/claims?status=approval-requested&assignee=none');
    expect(queue.statusCode, queue.body).toBe(200);
    const ids = queue.json<{ items: { id: number }[] }>().items.map((item) => item.id);
    expect(ids).toContain(submitted.id);
    const aged = await as('claims', 'GET', '/claims?status=approval-requested&min_age_days=3650');
    expect(aged.json<{ items: unknown[] }>().items).toEqual([]);

    const view = await as('claims', 'GET', `/claims/${String(submitted.id)}`);
    expect(view.statusCode, view.body).toBe(200);
    const claim = view.json<Claim>();
    expect(claim.documents.length).toBeGreaterThan(0);
    expect(claim.history.map((entry) => entry.action)).toContain('submit');

    const assigned = await as(
      'claims',
      'POST',
      `/claims/${String(submitted.id)}/actions/self-assign`,
      {},
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mine = await as('claims', 'GET', '/claims?assignee=me');
    expect(mine.json<{ items: { id: number }[] }>().items.map((item) => item.id)).toContain(
      submitted.id,
    );

    const noNote = await as(
      'claims',
      'POST',
      `/claims/${String(submitted.id)}/actions/request-update`,
      {},
    );
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain('note');
    const tooMuch = await as('claims', 'POST', `/claims/${String(submitted.id)}/actions/approve`, {
      amount: claim.amount_claimed + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(issuePaths(tooMuch)).toContain('amount');
    const approved = await as('claims', 'POST', `/claims/${String(submitted.id)}/actions/approve`, {
      note: 'Receipts match',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Claim>().status).toBe('accepted');
    const twice = await as('claims', 'POST', `/claims/${String(submitted.id)}/actions/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(code(twice)).toBe('invalid_state_transition');

    const told = (await t.app.delivery.outbox()).filter((entry) =>
      entry.subject.includes(submitted.number),
    );
    expect(told.some((entry) => entry.to === OWNER)).toBe(true);

    const trail = (await auditOf({ target_kind: 'claim', target_id: String(submitted.id) })).map(
      (entry) => [entry.actor, entry.action],
    );
    expect(trail).toEqual([
      [emailOf('claims'), 'claim.approve'],
      [emailOf('claims'), 'claim.self-assign'],
      [emailOf('claims'), 'claim.read'],
    ]);
  });

  it('refuses an unknown claim 404, a bad action and a bad filter 400', async () => {
    expect((await as('claims', 'GET', '/claims/999999')).statusCode).toBe(404);
    expect((await as('claims', 'POST', '/claims/999999/actions/self-assign', {})).statusCode).toBe(
      404,
    );
    const bad = await as('claims', 'POST', '/claims/1/actions/submit', {});
    expect(bad.statusCode).toBe(400);
    expect(issuePaths(bad)).toContain('params.action');
    const filter = await as('claims', 'GET', '/claims?assignee=someone');
    expect(filter.statusCode).toBe(400);
    expect(issuePaths(filter)).toContain('querystring.assignee');
  });
});

// ---------------------------------------------------------------- network

describe('the directory and clinic access', () => {
  it('resolves a "wrong details" report with a note, lists stale points and confirms one, audited', async () => {
    const point = await one<{ id: number }>(sql`SELECT id FROM service_point ORDER BY id LIMIT 1`);
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/customer/service-point/${String(point.id)}/report`,
      headers: { 'x-test-user': OWNER },
      payload: { kind: 'wrong_phone' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const open = await as('network', 'GET', '/reports');
    const report = open
      .json<{ items: { id: number; service_point_id: number }[] }>()
      .items.find((item) => item.service_point_id === point.id);
    expect(report).toBeDefined();
    const id = String(report?.id);
    const noNote = await as('network', 'POST', `/reports/${id}/resolve`, {});
    expect(issuePaths(noNote)).toContain('body.note');
    const resolved = await as('network', 'POST', `/reports/${id}/resolve`, {
      note: 'Phone number updated',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const again = await as('network', 'POST', `/reports/${id}/reject`, { note: 'x' });
    expect(again.statusCode).toBe(404);
    const [entry] = await auditOf({ target_kind: 'report', target_id: id });
    expect(entry).toMatchObject({
      actor: emailOf('network'),
      action: 'report.resolve',
      after: { status: 'resolved', note: 'Phone number updated' },
    });

    const stale = await as('network', 'GET', '/service-points/stale?days=1');
    expect(stale.statusCode, stale.body).toBe(200);
    const badDays = await as('network', 'GET', '/service-points/stale?days=0');
    expect(issuePaths(badDays)).toContain('querystring.days');
    const confirmed = await as('network', 'POST', '/service-points/confirm', {
      service_point_ids: [point.id],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ ids: [point.id] });
    const unknown = await as('network', 'POST', '/service-points/confirm', {
      service_point_ids: [99_999_999],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('issues a clinic key shown once, lists its prefix only, revokes it; clinic users added and removed', async () => {
    const venue = await one<{ id: number }>(sql`SELECT id FROM venue ORDER BY id DESC LIMIT 1`);
    const issued = await as('network', 'POST', '/clinic-keys', {
      venue_id: venue.id,
      label: 'Front desk',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const key = issued.json<{ id: number; key: string; key_prefix: string }>();
    expect(key.key.startsWith(key.key_prefix)).toBe(true);
    const listed = await as('network', 'GET', '/clinic-keys');
    expect(listed.body).not.toContain(key.key);
    expect(listed.body).toContain(key.key_prefix);
    const blank = await as('network', 'POST', '/clinic-keys', { venue_id: venue.id, label: ' ' });
    expect(issuePaths(blank)).toContain('body.label');
    const noVenue = await as('network', 'POST', '/clinic-keys', {
      venue_id: 99_999_999,
      label: 'x',
    });
    expect(noVenue.statusCode).toBe(404);
    const revoked = await as('network', 'POST', `/clinic-keys/${String(key.id)}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ revoked_at: string | null }>().revoked_at).not.toBeNull();
    const refused = await t.app.inject({
      url: '/api/clinic/me',
      headers: { 'x-clinic-key': key.key },
    });
    expect(refused.statusCode).toBe(401);
    expect(code(refused)).toBe('clinic_key_revoked');
    expect((await as('network', 'POST', '/clinic-keys/999999/revoke', {})).statusCode).toBe(404);
    const trail = await auditOf({ target_kind: 'clinic-key', target_id: String(key.id) });
    expect(trail.map((entry) => entry.action)).toEqual(['clinic-key.revoke', 'clinic-key.issue']);
    expect(JSON.stringify(trail)).not.toContain(key.key);

    const added = await as('network', 'POST', '/clinic-users', {
      email: 'nurse.new@clinic.example',
      phone: '+85269998877',
      venue_ids: [venue.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ created: true, password: expect.any(String) });
    const users = await as('network', 'GET', '/clinic-users');
    expect(users.body).toContain('nurse.new@clinic.example');
    const [addEntry] = await auditOf({ action: 'clinic-user.add' });
    expect(addEntry?.after).toMatchObject({ email: 'nurse.new@clinic.example' });
    expect(JSON.stringify(addEntry)).not.toContain('69998877');
    const removed = await as('network', 'POST', '/clinic-users/remove', {
      email: 'nurse.new@clinic.example',
    });
    expect(removed.json()).toEqual({ revoked: 1 });
    const nobody = await as('network', 'POST', '/clinic-users/remove', {
      email: 'nobody@clinic.example',
    });
    expect(nobody.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- admin

describe('settings', () => {
  it('reads and changes a run-time setting, refusing a bad value, audited', async () => {
    const list = await as('admin', 'GET', '/settings');
    expect(list.statusCode, list.body).toBe(200);
    const keys = list.json<{ items: { key: string }[] }>().items.map((item) => item.key);
    expect(keys.sort()).toEqual([
      'body_check_booking_phone',
      'customer_service_phone',
      'maintenance_mode',
      'read_only_mode',
    ]);
    const bad = await as('admin', 'PUT', '/settings/read_only_mode', { value: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(issuePaths(bad)).toContain('body.value');
    const unknown = await as('admin', 'PUT', '/settings/theme', { value: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect(issuePaths(unknown)).toContain('params.key');
    const set = await as('admin', 'PUT', '/settings/customer_service_phone', {
      value: '+852 3111 2222',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ value: '+852 3111 2222' });
    const back = await as('admin', 'PUT', '/settings/customer_service_phone', { value: null });
    expect(back.json()).toMatchObject({ value: null });
    const [entry] = await auditOf({ target_kind: 'setting', target_id: 'customer_service_phone' });
    expect(entry).toMatchObject({
      actor: emailOf('admin'),
      action: 'setting.update',
      before: { value: '+852 3111 2222' },
      after: { value: null },
    });
  });
});
