// The clinic side (issue 18), at the HTTP level against real PostgreSQL: a clinic staff member
// signs in (password + SMS code), verifies a member's tickets by QR token or typed number (every
// outcome), opens and closes a visit, records a body check; the member card then shows the
// policy year's use, and the owner lists the policy's visits. Plus: another clinic's staff, a
// clinic key, the failure limits, read-only mode, bad input and the day-end close.
import { addDays, addMonths, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase } from '../src/db/client';
import { clinicVerificationLog, clinicVisit } from '../src/db/clinic-schema';
import { outpatientTicket } from '../src/db/outpatient-schema';
import { appUser, healthcareService, member } from '../src/db/schema';
import { runDataSteps } from '../src/data-steps';
import {
  CLINIC_VERIFY_ADDRESS_LIMIT,
  CLINIC_VERIFY_FAILURE_LIMIT,
} from '../src/modules/clinic/clinic-counter.service';
import { revokeMemberTokens } from '../src/modules/outpatient/outpatient.service';
import { hashToken, newTicketNumber, ticketNumberKey } from '../src/modules/outpatient/tokens';
import { buildTestApp, testConfig, type TestApp } from './build-app';
import { captchaHeader } from './captcha-support';
import { TEST_SECRET_KEY } from './constants';
import { testFactories, type MemberCard, type TestFactories } from './factories';
import {
  client,
  freshAddress,
  latestCode,
  signedInUser,
  signInClinicStaff,
} from './identity-helpers';

const clock = fixedClock(new Date());
const today = () => hkToday(clock);
let t: TestApp;
let f: TestFactories;
let venueA: number;
let venueB: number;
let gpPoint: number;
let bodyCheckPoint: number;
let staffA: Record<string, string>;
let staffB: Record<string, string>;
let staffBoth: Record<string, string>;

type Json = Record<string, unknown>;

/** A clinic staff account bound to the venues, signed in with its password and SMS code. */
function signInStaff(email: string, phone: string, venueIds: number[]) {
  return signInClinicStaff(t.app, t.database.db, { email, phone, venueIds });
}

function post(url: string, headers: Record<string, string>, payload: unknown, address?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-forwarded-for': address ?? freshAddress(), ...headers },
    payload: payload as Json,
  });
}

const verify = (headers: Record<string, string>, payload: Json, address?: string) =>
  post('/api/clinic/ticket/verify', headers, payload, address);

/** The member's fresh tickets, by type, as the look-up issues them. */
async function ticketsOf(card: MemberCard) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customer/outpatient/member-ticket',
    headers: { 'x-forwarded-for': freshAddress(), ...(await captchaHeader(t.app)) },
    payload: card.lookUp,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{
    tickets: { type: string; token: string; number: string }[];
    member_view_token: string;
  }>();
  const byType = (type: string) => {
    const found = body.tickets.find((ticket) => ticket.type === type);
    if (!found) throw new Error(`no ${type} ticket`);
    return found;
  };
  return {
    visit: byType('visit'),
    payment: byType('payment'),
    bodyCheck: byType('body-check'),
    viewToken: body.member_view_token,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
  f = testFactories(t.database.db, { clock });
  const [gp] = await t.database.db
    .select()
    .from(healthcareService)
    .where(eq(healthcareService.slug, 'general-practitioner'));
  const [bc] = await t.database.db
    .select()
    .from(healthcareService)
    .where(eq(healthcareService.category, 'bodycheck'))
    .limit(1);
  if (!gp || !bc) throw new Error('catalogue not seeded');
  venueA = (await f.venue({ nameEn: 'Harbour Clinic', nameZh: '海港診所' })).id;
  venueB = (await f.venue({ nameEn: 'Hill Clinic', nameZh: '山頂診所' })).id;
  const doctor = await f.doctor({ nameEn: 'Dr Lee', nameZh: '李醫生' });
  await f.paymentInfo({ doctorId: doctor.id, serviceCode: gp.code, amount: 150, markedPrice: 380 });
  gpPoint = (await f.servicePoint({ serviceId: gp.id, venueId: venueA, doctorId: doctor.id })).id;
  bodyCheckPoint = (
    await f.servicePoint({ serviceId: bc.id, venueId: venueA, doctorId: doctor.id })
  ).id;
  staffA = await signInStaff('staff-a@clinic.test', '92345601', [venueA]);
  staffB = await signInStaff('staff-b@clinic.test', '92345602', [venueB]);
  staffBoth = await signInStaff('staff-ab@clinic.test', '92345603', [venueA, venueB]);
});
afterAll(async () => {
  await t.close();
});

describe('clinic callers', () => {
  it('answers a signed-in staff member who they are and their venues', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clinic/me', headers: staffA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'user',
      email: 'staff-a@clinic.test',
      venues: [{ id: venueA, name_en: 'Harbour Clinic', name_zh: '海港診所' }],
    });
  });

  it('refuses a guest (401) and a customer who is not clinic staff (403)', async () => {
    const card = await f.memberCard();
    const { visit } = await ticketsOf(card);
    const guest = await verify({}, { token: visit.token });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'unauthenticated' });
    const customer = await signedInUser(t.app, 'customer-c18@example.test');
    const refused = await verify(customer, { token: visit.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(refused.body).not.toContain(card.member.membershipNumber);
  });

  it("refuses another clinic's venue (403) and asks a several-venue account which one (400)", async () => {
    const card = await f.memberCard();
    const { visit } = await ticketsOf(card);
    const other = await verify(staffB, { token: visit.token, venue_id: venueA });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden' });
    expect(other.body).not.toContain(card.member.membershipNumber);
    const which = await verify(staffBoth, { token: visit.token });
    expect(which.statusCode).toBe(400);
    expect(which.json()).toMatchObject({ code: 'validation_error' });
    const named = await verify(staffBoth, { token: visit.token, venue_id: venueA });
    expect(named.json()).toMatchObject({ outcome: 'valid', venue_id: venueA });
  });

  it('serves a clinic key for its venue, on the new routes and the key-only check', async () => {
    const key = await f.clinicKey({ venueId: venueA });
    const card = await f.memberCard();
    const { visit } = await ticketsOf(card);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/clinic/me',
      headers: { 'x-clinic-key': key.key },
    });
    expect(me.json()).toMatchObject({ kind: 'key', email: null, venues: [{ id: venueA }] });
    const opened = await post(
      '/api/clinic/visit/open',
      { 'x-clinic-key': key.key },
      {
        token: visit.token,
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ recorded: true, visit: { status: 'open' } });
    const elsewhere = await verify(
      { 'x-clinic-key': key.key },
      { token: visit.token, venue_id: venueB },
    );
    expect(elsewhere.statusCode).toBe(403);
    const legacy = await post(
      '/api/clinic/outpatient/ticket/verify',
      { 'x-clinic-key': key.key },
      {
        token: visit.token,
      },
    );
    expect(legacy.statusCode).toBe(200);
    const legacyWithoutKey = await post('/api/clinic/outpatient/ticket/verify', staffA, {
      token: visit.token,
    });
    expect(legacyWithoutKey.json()).toMatchObject({ code: 'clinic_key_missing' });
  });
});

describe('the demo clinic user (README)', () => {
  it('signs in with password and SMS code and finds the demo card valid at its venue', async () => {
    const c = client(t.app);
    const first = await c.post(
      '/identity/sign-in',
      { email: 'clinic@example.com', password: 'ClinicPass2026' },
      { 'x-token-delivery': 'body' },
    );
    const session = first.json<{ challenge: { session: string } }>().challenge.session;
    const done = await c.post(
      '/identity/sign-in/challenge',
      { session, code: await latestCode(t.app, '+85292345678') },
      { 'x-token-delivery': 'body' },
    );
    const token = done.json<{ tokens: { access_token: string } }>().tokens.access_token;
    const headers = { authorization: `Bearer ${token}` };
    const demo = await ticketsOf({
      lookUp: { identity_document_number: 'A123456(3)', phone_number: '91234567' },
    } as MemberCard);
    for (const ticket of [demo.visit, demo.bodyCheck]) {
      const res = await verify(headers, { number: ticket.number });
      expect(res.json(), ticket.type).toMatchObject({
        outcome: 'valid',
        member: { membership_number: 'CP-0001-0001' },
      });
    }
  });
});

describe('verification outcomes', () => {
  it('valid by QR token: masked name, membership, plan, use and the venue’s prices; never HKID or phone', async () => {
    const card = await f.memberCard({ member: { nameEn: 'Chan Tai Man', nameZh: '陳大文' } });
    const { visit } = await ticketsOf(card);
    const res = await verify(staffA, { token: visit.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Json>();
    expect(body).toMatchObject({
      outcome: 'valid',
      ticket_type: 'visit',
      member: {
        masked_name_en: 'C*** T** M**',
        masked_name_zh: '陳**',
        membership_number: card.member.membershipNumber,
        plan_name_en: 'ClinicPass Outpatient Plan',
        usage: { visits_used: 0, visits_included: 24, body_checks_left: 1, last_visit: null },
      },
      services: [
        {
          service_point_id: gpPoint,
          slug: 'general-practitioner',
          doctor_name_en: 'Dr Lee',
          member_price: 150,
          usual_price: 380,
        },
      ],
      visit: null,
    });
    for (const secret of [card.phone, card.hkid, card.hkid.slice(0, 7), 'Chan Tai Man', '陳大文']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('valid by the typed number, spaces and dashes ignored; a wrong number is unknown', async () => {
    const card = await f.memberCard();
    const { visit } = await ticketsOf(card);
    const digits = visit.number.replace(/\D/g, '');
    const typed = `${digits.slice(0, 4)}-${digits.slice(4, 8)} ${digits.slice(8, 12)}--${digits.slice(12)}`;
    const res = await verify(staffA, { number: typed });
    expect(res.json()).toMatchObject({ outcome: 'valid', ticket_type: 'visit' });
    const other = digits.startsWith('0') ? `1${digits.slice(1)}` : `0${digits.slice(1)}`;
    const unknown = await verify(staffA, { number: other });
    expect(unknown.json()).toMatchObject({ outcome: 'unknown', member: null, services: [] });
  });

  it('not yet effective, expired, revoked, wrong ticket type and not in network', async () => {
    const card = await f.memberCard();
    const later = await f.ticket({
      memberId: card.member.id,
      effectiveDate: addDays(today(), 3),
    });
    expect((await verify(staffA, { token: later.token })).json()).toMatchObject({
      outcome: 'not_yet_effective',
      effective_date: addDays(today(), 3),
      member: null,
    });
    const old = await f.ticket({
      memberId: card.member.id,
      expiresAt: new Date(clock.now().getTime() - 1000),
    });
    expect((await verify(staffA, { token: old.token })).json()).toMatchObject({
      outcome: 'expired',
    });
    const lapsed = await f.memberCard({ policy: { status: 'lapsed' } });
    const lapsedTicket = await f.ticket({ memberId: lapsed.member.id });
    expect((await verify(staffA, { token: lapsedTicket.token })).json()).toMatchObject({
      outcome: 'expired',
    });
    const { payment } = await ticketsOf(card);
    expect(
      (await verify(staffA, { token: payment.token, step: 'open-visit' })).json(),
    ).toMatchObject({ outcome: 'wrong_ticket_type', ticket_type: 'payment' });
    const { visit } = await ticketsOf(card);
    expect((await verify(staffB, { token: visit.token })).json()).toMatchObject({
      outcome: 'not_in_network',
      member: null,
    });
    await revokeMemberTokens({ db: t.database.db, clock }, card.member.memberCode);
    expect((await verify(staffA, { token: visit.token })).json()).toMatchObject({
      outcome: 'revoked',
    });
  });

  it('logs every verification with clinic, user, ticket type and outcome, never the number', async () => {
    const rows = await t.database.db
      .select()
      .from(clinicVerificationLog)
      .where(
        and(
          eq(clinicVerificationLog.venueId, venueA),
          eq(clinicVerificationLog.outcome, 'unknown'),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ step: 'verify', method: 'number', keyId: null });
    expect(rows[0]?.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(rows)).not.toMatch(/\d{16}/);
  });
});

describe('recording a visit and a body check', () => {
  it('opens, closes with an amount up to the member price, and counts the visit on the card', async () => {
    const card = await f.memberCard();
    const two = await ticketsOf(card);
    const one = await ticketsOf(card);
    // Payment before any visit: nothing to close.
    expect((await verify(staffA, { token: one.payment.token })).json()).toMatchObject({
      outcome: 'no_open_visit',
    });
    const key = { 'idempotency-key': 'open-1' };
    const opened = await post(
      '/api/clinic/visit/open',
      { ...staffA, ...key },
      {
        token: one.visit.token,
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      recorded: true,
      visit: { kind: 'consultation', status: 'open', visit_date: today() },
      usage: { visits_used: 1 },
    });
    const retried = await post(
      '/api/clinic/visit/open',
      { ...staffA, ...key },
      {
        token: one.visit.token,
      },
    );
    expect(retried.json()).toEqual(opened.json());
    // A double scan, from the member's other phone (another live token set): the same visit.
    const rescan = await post('/api/clinic/visit/open', staffA, { number: two.visit.number });
    expect(rescan.json()).toMatchObject({
      recorded: false,
      visit: { id: opened.json<{ visit: { id: number } }>().visit.id },
    });
    expect((await verify(staffA, { token: two.visit.token })).json()).toMatchObject({
      outcome: 'already_used',
    });

    const above = await post('/api/clinic/visit/close', staffA, {
      token: one.payment.token,
      service_point_id: gpPoint,
      amount: 150.01,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'amount_above_member_price' });
    const notHere = await post('/api/clinic/visit/close', staffA, {
      token: one.payment.token,
      service_point_id: bodyCheckPoint,
      amount: 10,
    });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json()).toMatchObject({ code: 'validation_error' });
    const closed = await post('/api/clinic/visit/close', staffA, {
      token: two.payment.token,
      service_point_id: gpPoint,
      amount: 120,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      recorded: true,
      visit: {
        status: 'closed',
        amount_charged: 120,
        member_price: 150,
        service: { service_point_id: gpPoint },
      },
      usage: { visits_used: 1, last_visit: { date: today(), venue_name_en: 'Harbour Clinic' } },
    });
    const again = await post('/api/clinic/visit/close', staffA, {
      token: one.payment.token,
      service_point_id: gpPoint,
      amount: 120,
    });
    expect(again.json()).toMatchObject({ recorded: false, visit: { status: 'closed' } });

    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/customer/outpatient/member',
      headers: { 'x-member-view-token': one.viewToken },
    });
    expect(summary.json()).toMatchObject({
      usage: {
        visits_used: 1,
        visits_included: 24,
        last_visit: { date: today(), venue_name_en: 'Harbour Clinic', venue_name_zh: '海港診所' },
      },
    });
  });

  it('records one visit for two scans at the same moment, and refuses a reused key', async () => {
    const card = await f.memberCard();
    const first = await ticketsOf(card);
    const second = await ticketsOf(card);
    const answers = await Promise.all([
      post('/api/clinic/visit/open', staffA, { token: first.visit.token }),
      post('/api/clinic/visit/open', staffA, { token: second.visit.token }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const bodies = answers.map((res) => res.json<{ recorded: boolean; visit: { id: number } }>());
    expect(bodies.map((b) => b.recorded).sort()).toEqual([false, true]);
    expect(bodies[0]?.visit.id).toBe(bodies[1]?.visit.id);
    const key = { 'idempotency-key': 'reused-1' };
    await post('/api/clinic/visit/open', { ...staffA, ...key }, { token: first.visit.token });
    const reused = await post(
      '/api/clinic/visit/open',
      { ...staffA, ...key },
      {
        token: second.visit.token,
      },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('refuses a step with an unusable ticket: 409 ticket_not_accepted with the outcome', async () => {
    const card = await f.memberCard();
    const { payment } = await ticketsOf(card);
    const res = await post('/api/clinic/visit/open', staffA, { token: payment.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ticket_not_accepted',
      details: { outcome: 'wrong_ticket_type' },
    });
  });

  it('refuses a visit past the plan’s consultations of the policy year', async () => {
    const product = await f.product({ visitsPerYear: 1 });
    const card = await f.memberCard({ policy: { productId: product.id } });
    const { visit, payment } = await ticketsOf(card);
    await post('/api/clinic/visit/open', staffA, { token: visit.token });
    await post('/api/clinic/visit/close', staffA, {
      token: payment.token,
      service_point_id: gpPoint,
      amount: 0,
    });
    expect((await verify(staffA, { token: visit.token })).json()).toMatchObject({
      outcome: 'quota_used_up',
    });
  });

  it('records a body check once: the card turns to used, the next date 12 months on', async () => {
    const card = await f.memberCard();
    const { bodyCheck, viewToken } = await ticketsOf(card);
    const recorded = await post('/api/clinic/body-check', staffA, { token: bodyCheck.token });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      recorded: true,
      visit: { kind: 'body-check', status: 'closed' },
      usage: { body_checks_left: 0 },
    });
    const twice = await post('/api/clinic/body-check', staffA, { number: bodyCheck.number });
    expect(twice.json()).toMatchObject({ recorded: false });
    expect((await verify(staffA, { token: bodyCheck.token })).json()).toMatchObject({
      outcome: 'already_used',
    });
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/customer/outpatient/member',
      headers: { 'x-member-view-token': viewToken },
    });
    expect(summary.json()).toMatchObject({
      body_check: {
        status: 'not_effective',
        last_check_date: today(),
        effective_date: addMonths(today(), 12),
      },
    });
    const [row] = await t.database.db.select().from(member).where(eq(member.id, card.member.id));
    expect(row?.lastBodyCheckDate).toBe(today());
  });
});

describe('the owner’s visit list', () => {
  it('lists the policy’s visits for its owner; another customer gets 404', async () => {
    const ownerHeaders = await signedInUser(t.app, 'visit-owner@example.test');
    const [owner] = await t.database.db
      .select({ id: appUser.id })
      .from(appUser)
      .where(eq(appUser.email, 'visit-owner@example.test'));
    const userId = owner?.id ?? '';
    const card = await f.memberCard({ policy: { ownerUserId: userId } });
    const { visit } = await ticketsOf(card);
    await post('/api/clinic/visit/open', staffA, { token: visit.token });
    const url = `/api/customer/policy/${card.policy.id}/visits?page=1&page_size=10`;
    const res = await t.app.inject({ method: 'GET', url, headers: ownerHeaders });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    expect(res.json()).toMatchObject({
      results: [
        {
          kind: 'consultation',
          status: 'open',
          venue: { id: venueA, name_en: 'Harbour Clinic' },
          membership_number: card.member.membershipNumber,
        },
      ],
      pagination: { start: 0, end: 0, total: 1 },
    });
    const stranger = await signedInUser(t.app, 'visit-stranger@example.test');
    const refused = await t.app.inject({ method: 'GET', url, headers: stranger });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(card.member.membershipNumber);
    const guest = await t.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/customer/policy/abc/visits`,
      headers: ownerHeaders,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('day-end close', () => {
  it('closes a visit still open when its Hong Kong day ends, without payment, and counts it', async () => {
    const card = await f.memberCard();
    const { visit, payment } = await ticketsOf(card);
    // A counter's key: a staff member's access token would not outlive the day.
    const counter = { 'x-clinic-key': (await f.clinicKey({ venueId: venueA })).key };
    const opened = await post('/api/clinic/visit/open', counter, { token: visit.token });
    expect(opened.json()).toMatchObject({ visit: { status: 'open' } });
    const before = clock.now();
    clock.advance(24 * 3_600_000);
    try {
      const res = await verify(counter, { token: payment.token });
      expect(res.json()).toMatchObject({ outcome: 'no_open_visit' });
      const fresh = await verify(counter, { token: visit.token });
      expect(fresh.json()).toMatchObject({
        outcome: 'valid',
        member: { usage: { visits_used: 1 } },
      });
      const id = opened.json<{ visit: { id: number } }>().visit.id;
      const [row] = await t.database.db.select().from(clinicVisit).where(eq(clinicVisit.id, id));
      expect(row?.status).toBe('closed_unpaid');
    } finally {
      clock.set(before);
    }
  });
});

describe('limits and bad input', () => {
  it('answers 400 with a code for bad bodies, never 500', async () => {
    const bodies: Json[] = [
      {},
      { token: 'x'.repeat(30), number: '1234567812345678' },
      { number: '1234 5678 9012 345' },
      { number: 'abcd efgh ijkl mnop' },
      { token: 'short' },
      { token: 'x'.repeat(30), venue_id: 'one' },
      { token: 'x'.repeat(30), step: 'dance' },
    ];
    for (const body of bodies) {
      const res = await verify(staffA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    for (const body of [
      { token: 'x'.repeat(30), service_point_id: gpPoint, amount: -1 },
      { token: 'x'.repeat(30), service_point_id: gpPoint, amount: 1.001 },
      { token: 'x'.repeat(30), amount: 10 },
    ]) {
      const res = await post('/api/clinic/visit/close', staffA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    const key = await post(
      '/api/clinic/visit/open',
      { ...staffA, 'idempotency-key': '' },
      {
        token: 'x'.repeat(30),
      },
    );
    expect(key.statusCode).toBe(400);
  });

  it('limits failed verifications per staff member, whatever address they come from', async () => {
    const staff = await signInStaff('staff-limit@clinic.test', '92345604', [venueA]);
    for (let i = 0; i < CLINIC_VERIFY_FAILURE_LIMIT; i += 1) {
      const res = await verify(staff, { number: newTicketNumber() });
      expect(res.json()).toMatchObject({ outcome: 'unknown' });
    }
    const card = await f.memberCard();
    const { visit } = await ticketsOf(card);
    const refused = await verify(staff, { token: visit.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'limit_exceeded' });
    expect(refused.body).not.toContain(card.member.membershipNumber);
    // Another staff member is not limited by it.
    expect((await verify(staffA, { token: visit.token })).json()).toMatchObject({
      outcome: 'valid',
    });
  });

  it('limits failed verifications per address, whoever sends them', async () => {
    const address = freshAddress();
    const staffs = [];
    for (let i = 0; i < 4; i += 1) {
      staffs.push(await signInStaff(`staff-address-${i}@clinic.test`, `9234561${i}`, [venueA]));
    }
    const answers: number[] = [];
    for (let i = 0; i < CLINIC_VERIFY_ADDRESS_LIMIT + 1; i += 1) {
      const res = await verify(staffs[i % 4] ?? staffA, { number: newTicketNumber() }, address);
      answers.push(res.statusCode);
    }
    // Each staff member stayed under their own limit: the address's limit refused the last.
    expect(answers.slice(0, CLINIC_VERIFY_ADDRESS_LIMIT).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const elsewhere = await verify(staffs[0] ?? staffA, { number: newTicketNumber() });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('read-only mode', () => {
  it('keeps verifying and recording working', async () => {
    const second = connectDatabase(t.database.url, { max: 2 });
    const readOnly = await buildApp({
      config: testConfig({ SERVICE_MODE: 'read_only' }),
      db: second.db,
      clock,
    });
    await readOnly.ready();
    try {
      const card = await f.memberCard();
      const { visit } = await ticketsOf(card);
      const checked = await readOnly.inject({
        method: 'POST',
        url: '/api/clinic/ticket/verify',
        headers: { ...staffA, 'x-forwarded-for': freshAddress() },
        payload: { token: visit.token },
      });
      expect(checked.statusCode, checked.body).toBe(200);
      const opened = await readOnly.inject({
        method: 'POST',
        url: '/api/clinic/visit/open',
        headers: { ...staffA, 'x-forwarded-for': freshAddress() },
        payload: { token: visit.token },
      });
      expect(opened.statusCode, opened.body).toBe(200);
    } finally {
      await readOnly.close();
      await second.close();
    }
  });
});

describe('ticket numbers as keyed hashes (decision 184)', () => {
  it('moves an old SHA-256 row to HMAC(SECRET_KEY) once, and the number still verifies', async () => {
    const card = await f.memberCard();
    const number = newTicketNumber();
    const created = await f.ticket({ memberId: card.member.id, number });
    // As a row issued before 0007: the bare SHA-256, no key.
    await t.database.db
      .update(outpatientTicket)
      .set({ numberHash: hashToken(number), numberKey: null })
      .where(eq(outpatientTicket.id, created.id));
    expect((await verify(staffA, { number })).json()).toMatchObject({ outcome: 'unknown' });
    const first = await runDataSteps(t.database.db, TEST_SECRET_KEY);
    expect(first.ticketNumbers).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(outpatientTicket)
      .where(eq(outpatientTicket.id, created.id));
    expect(row?.numberHash).toBeNull();
    expect(row?.numberKey).toBe(ticketNumberKey(TEST_SECRET_KEY, number));
    expect(row?.numberKey).not.toBe(hashToken(number));
    expect((await runDataSteps(t.database.db, TEST_SECRET_KEY)).ticketNumbers).toBe(0);
    expect((await verify(staffA, { number })).json()).toMatchObject({ outcome: 'valid' });
  });
});
