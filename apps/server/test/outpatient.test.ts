// The member card without sign-in (issue 4): look-up, identical failures, limits, tokens, the
// access rule, body-check dates at Hong Kong day boundaries, shared links. Real PostgreSQL, and
// a clock the tests move.
import { createHash } from 'node:crypto';
import { isValidHkid, maskHkid, normalizeHkid } from '@clinicpass/shared/identity/hkid';
import { fixedClock, type FixedClock } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase } from '../src/db/client';
import { DEMO } from '../src/db/seed/demo';
import { appUser, member, policy, product, venue } from '../src/db/schema';
import { issueClinicKey } from '../src/modules/clinic/clinic-key.service';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import {
  listMedicalCards,
  listTicketsForPolicy,
  recordBodyCheck,
  revokeMemberTokens,
  type OutpatientDeps,
} from '../src/modules/outpatient/outpatient.service';
import { newToken } from '../src/modules/outpatient/tokens';
import { testConfig } from './build-app';
import { captureLogs } from './log-capture';
import { captchaHeader } from './captcha-support';
import { TEST_SECRET_KEY } from './constants';
import { createTestDatabase, type TestDatabase } from './db';

const HEADER = 'x-member-view-token';
let database: TestDatabase;
let app: FastifyInstance;
let clock: FixedClock;
let deps: OutpatientDeps;
let logLines: string[] = [];
let ipCounter = 0;

/** A fresh client address per call, so limits of one test do not touch another. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Every HKID this file sends or stores, as written: none may reach a response or log line. */
const sentHkids = new Set<string>();

/**
 * A look-up as the web sends it: with a freshly solved captcha (every look-up needs one), and
 * once more with a harder one when the HKID's failures ask for it (decision 150).
 */
async function lookUp(body: Record<string, unknown>, ip = freshIp(), via: FastifyInstance = app) {
  if (typeof body.identity_document_number === 'string') {
    sentHkids.add(body.identity_document_number);
  }
  const send = async (difficulty?: number) =>
    via.inject({
      method: 'POST',
      url: '/api/customer/outpatient/member-ticket',
      headers: {
        'x-forwarded-for': ip,
        'content-type': 'application/json',
        ...(await captchaHeader(via, difficulty)),
      },
      payload: body,
    });
  const first = await send();
  const asked = first.json<{ code?: string; details?: { difficulty?: number } }>();
  return asked.code === 'captcha_required' && asked.details?.difficulty !== undefined
    ? send(asked.details.difficulty)
    : first;
}

/** The valid HKID with these letters and digits (its check digit computed). */
function hkid(body: string): string {
  for (const check of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A']) {
    if (isValidHkid(`${body}${check}`)) return `${body}(${check})`;
  }
  throw new Error(`no check digit for ${body}`);
}

const known = { identity_document_number: DEMO.workingCard.hkid, phone_number: '91234567' };

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  clock = fixedClock(new Date());
  const config = testConfig();
  // Every log line at the most verbose level, to prove none carries an HKID.
  const logs = captureLogs(config);
  logLines = logs.lines;
  app = await buildApp({ config, db: database.db, clock, logger: logs.logger });
  await app.ready();
  deps = { db: database.db, clock, secretKey: TEST_SECRET_KEY };
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A member on a fresh outpatient policy activated on `activationDate`. */
async function createMember(options: {
  hkid: string;
  activationDate: string;
  status?: string;
  phone?: string;
  code: string;
}) {
  sentHkids.add(options.hkid);
  const [outpatient] = await database.db
    .select({ id: product.id })
    .from(product)
    .where(eq(product.code, 'OUTPATIENT-GO'));
  const [created] = await database.db
    .insert(policy)
    .values({
      policyNumber: `OP9${options.code}`,
      productId: outpatient?.id ?? 0,
      status: options.status ?? 'in-force',
      activationDate: options.activationDate,
      applicantPhoneNumber: options.phone ?? '+85298765432',
    })
    .returning({ id: policy.id });
  await database.db.insert(member).values({
    policyId: created?.id ?? 0,
    memberCode: `T${options.code}`,
    membershipNumber: `CP-T-${options.code}`,
    hkidHash: hkidLookupHash(TEST_SECRET_KEY, options.hkid),
    hkidMasked: maskHkid(options.hkid),
    nameEn: 'Test Member',
    nameZh: '測試會員',
    relationship: 'self',
  });
  return { policyNumber: `OP9${options.code}`, memberCode: `T${options.code}` };
}

describe('member look-up', () => {
  it('answers the right HKID and phone with the three tickets and a view token', async () => {
    const res = await lookUp(known);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{
      tickets: { type: string; token: string; enabled: boolean; policy_number: string }[];
      member: { membership_number: string; body_check: { status: string } };
      member_view_token: string;
      member_view_token_expires_at: string;
    }>();
    expect(body.tickets.map((t) => t.type)).toEqual(['visit', 'payment', 'body-check']);
    expect(body.tickets.every((t) => t.enabled)).toBe(true);
    expect(body.tickets.every((t) => t.policy_number === DEMO.workingCard.policyNumber)).toBe(true);
    expect(body.member.membership_number).toBe('CP-0001-0001');
    expect(body.member.body_check.status).toBe('effective');
    expect(Date.parse(body.member_view_token_expires_at) - clock.now().getTime()).toBe(30 * 60_000);
    // The browser now holds a member: its member pages get their own shells (decision 232). A
    // bit, nothing of the member's, and readable by the page, which clears it on "Forget".
    expect(res.headers['set-cookie']).toBe('cp_member=1; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('accepts the HKID without brackets or with spaces, and the phone with +852', async () => {
    const res = await lookUp({
      identity_document_number: 'a 123456 3',
      phone_number: '+852 9123 4567',
    });
    expect(res.statusCode).toBe(200);
  });

  it('accepts a member code instead of the HKID', async () => {
    const res = await lookUp({ member_code: 'M1000001', phone_number: '91234567' });
    expect(res.statusCode).toBe(200);
  });

  it('answers a body check not yet due with a disabled body-check ticket', async () => {
    const res = await lookUp({
      identity_document_number: DEMO.bodyCheckNotDue.hkid,
      phone_number: '91234567',
    });
    const body = res.json<{
      tickets: { type: string; enabled: boolean }[];
      member: { body_check: { status: string } };
    }>();
    expect(body.tickets.find((t) => t.type === 'body-check')?.enabled).toBe(false);
    expect(body.tickets.find((t) => t.type === 'visit')?.enabled).toBe(true);
    expect(body.member.body_check.status).toBe('not_effective');
  });

  it('rejects a malformed HKID or phone with a validation error naming the field', async () => {
    const badHkid = await lookUp({
      identity_document_number: 'A123456(4)',
      phone_number: '91234567',
    });
    expect(badHkid.statusCode).toBe(400);
    expect(badHkid.json()).toMatchObject({ code: 'validation_error' });
    expect(JSON.stringify(badHkid.json())).toContain('identity_document_number');
    const badPhone = await lookUp({
      identity_document_number: DEMO.workingCard.hkid,
      phone_number: '1234',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(JSON.stringify(badPhone.json())).toContain('phone_number');
    const neither = await lookUp({ phone_number: '91234567' });
    expect(neither.statusCode).toBe(400);
  });

  it('says what is wrong with a bad phone in words, with its catalogue key hk_phone', async () => {
    const answer = await lookUp({
      identity_document_number: DEMO.workingCard.hkid,
      phone_number: '1234',
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{
      code: string;
      message: string;
      details: { issues: { path: string; message: string; key: string }[] };
    }>();
    const text = 'Please enter a valid Hong Kong phone number';
    expect(body.code).toBe('validation_error');
    expect(body.message).toBe(`Invalid body phone_number: ${text}`);
    expect(body.details.issues).toContainEqual({
      path: 'body.phone_number',
      message: text,
      key: 'hk_phone',
    });
    // Never a raw message key.
    expect(JSON.stringify(body)).not.toMatch(/validation\.hk/);
  });

  it('answers an unknown HKID, a wrong phone, a lapsed policy and a plan without a network byte-identically', async () => {
    const lapsed = hkid('K234567');
    await createMember({
      hkid: lapsed,
      activationDate: '2025-01-01',
      status: 'lapsed',
      code: '100',
    });
    const answers = [
      // unknown HKID
      await lookUp({ identity_document_number: hkid('B123456'), phone_number: '91234567' }),
      // known HKID, wrong phone
      await lookUp({ identity_document_number: DEMO.workingCard.hkid, phone_number: '98765432' }),
      // lapsed policy, right phone
      await lookUp({ identity_document_number: lapsed, phone_number: '98765432' }),
      // plan without a medical network, right phone
      await lookUp({ identity_document_number: 'Z437626A', phone_number: '61234567' }),
      // member code with a wrong phone
      await lookUp({ member_code: 'M1000001', phone_number: '98765432' }),
    ];
    const valid = answers;
    for (const res of valid) {
      expect(res.statusCode).toBe(404);
      // No member found: nothing marks the browser as holding one (decision 232).
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['content-type']).toBe(valid[0]?.headers['content-type']);
      expect(res.body).toBe(valid[0]?.body);
    }
    expect(valid[0]?.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('failure limits', () => {
  it('locks no member out after failures for their HKID: each attempt costs a captcha instead', async () => {
    const limited = hkid('M123456');
    const created = await createMember({
      hkid: limited,
      activationDate: '2025-01-01',
      code: '201',
    });
    for (let i = 0; i < 6; i += 1) {
      const res = await lookUp({ identity_document_number: limited, phone_number: '61111111' });
      expect(res.statusCode).toBe(404);
    }
    const right = await lookUp({ identity_document_number: limited, phone_number: '98765432' });
    expect(right.statusCode).toBe(200);
    expect(right.json<{ member: { policy_number: string } }>().member.policy_number).toBe(
      created.policyNumber,
    );
  });

  it('answers an unknown HKID alike, however often it is tried (from new addresses)', async () => {
    const unknownHkid = hkid('X123456');
    const results: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      results.push(
        (await lookUp({ identity_document_number: unknownHkid, phone_number: '91234567' }))
          .statusCode,
      );
    }
    expect(results).toEqual([404, 404, 404, 404, 404, 404, 404]);
  });

  it('limits one client address past 5 failures whatever the HKID', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const res = await lookUp(
        { identity_document_number: hkid(`B00000${i}`), phone_number: '91234567' },
        ip,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    // The limited address is refused even the right details.
    expect((await lookUp(known, ip)).statusCode).toBe(429);
  });
  it('limits one client address after 5 wrong phones for a known HKID: the 6th is limit_exceeded', async () => {
    const ip = freshIp();
    const wrongPhone = {
      identity_document_number: DEMO.workingCard.hkid,
      phone_number: '98765432',
    };
    const answers = [];
    for (let i = 1; i <= 6; i += 1) answers.push(await lookUp(wrongPhone, ip));
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 429]);
    expect(answers[5]?.json()).toMatchObject({ code: 'limit_exceeded' });
    const right = await lookUp(known, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'limit_exceeded' });
    // Another address is not touched by this one's failures.
    expect((await lookUp(known)).statusCode).toBe(200);
  });

  it('shares the limit between two app instances on one database', async () => {
    const second = connectDatabase(database.url, { max: 2 });
    const config = testConfig();
    const other = await buildApp({ config, db: second.db, clock });
    await other.ready();
    try {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i += 1) {
        // Failures alternate between the instances: 3 on this one, 3 on the other.
        const via = i % 2 === 0 ? other : app;
        const res = await lookUp(
          { identity_document_number: hkid(`C10000${i}`), phone_number: '91234567' },
          ip,
          via,
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      expect((await lookUp(known, ip, app)).statusCode).toBe(429);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('lifts the address limit when its 15-minute window has passed', async () => {
    clock.set(new Date());
    const ip = freshIp();
    const fail = (i: number) =>
      lookUp({ identity_document_number: hkid(`E20000${i}`), phone_number: '91234567' }, ip);
    for (let i = 1; i <= 5; i += 1) expect((await fail(i)).statusCode).toBe(404);
    expect((await fail(6)).statusCode).toBe(429);
    clock.advance(15 * 60_000 - 1000);
    expect((await fail(7)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await fail(8)).statusCode).toBe(404);
    expect((await lookUp(known, ip)).statusCode).toBe(200);
    clock.set(new Date());
  });
});

/** A clinic counter's check of a QR token (with a fresh clinic key). */
async function clinicCounter(label: string) {
  const [aVenue] = await database.db.select({ id: venue.id }).from(venue).limit(1);
  const clinic = await issueClinicKey({ db: database.db }, aVenue?.id ?? 0, label);
  return (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/clinic/outpatient/ticket/verify',
      headers: { 'x-clinic-key': clinic.key },
      payload: { token },
    });
}

describe('tokens', () => {
  it('issues tokens of at least 16 random bytes, unique over 10,000 issues', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) {
      const token = newToken();
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      tokens.add(token);
    }
    expect(tokens.size).toBe(10_000);
  });

  it('issues new tokens and numbers on each look-up, all distinct', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const body = (await lookUp(known)).json<{
        tickets: { token: string; number: string }[];
        member_view_token: string;
      }>();
      for (const ticket of body.tickets) {
        seen.add(ticket.token);
        seen.add(ticket.number);
      }
      seen.add(body.member_view_token);
    }
    expect(seen.size).toBe(20 * 7);
  });

  it('accepts a QR token at the counter until it expires or is revoked', async () => {
    const verify = await clinicCounter('Counter');
    const first =
      (await lookUp(known)).json<{ tickets: { token: string }[] }>().tickets[0]?.token ?? '';
    const ok = await verify(first);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      type: 'visit',
      policy_number: DEMO.workingCard.policyNumber,
    });
    // Decision 153: a ticket shown (or kept on the device) yesterday still works today; it
    // lapses after 7 days.
    clock.advance(24 * 3_600_000);
    expect((await verify(first)).statusCode).toBe(200);
    clock.advance(6 * 24 * 3_600_000 + 1);
    expect((await verify(first)).json()).toMatchObject({ code: 'invalid_token' });

    const second =
      (await lookUp(known)).json<{ tickets: { token: string }[] }>().tickets[1]?.token ?? '';
    expect((await verify(second)).statusCode).toBe(200);
    await revokeMemberTokens(deps, 'M1000001');
    const refused = await verify(second);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('stops verifying a kept ticket once the membership is no longer in force (decision 153)', async () => {
    clock.set(new Date());
    const verify = await clinicCounter('Counter 3');
    const { memberCode, policyNumber } = await createMember({
      hkid: hkid('R654321'),
      activationDate: '2025-01-01',
      code: '501',
      phone: '+85264444445',
    });
    const found = await lookUp({ member_code: memberCode, phone_number: '64444445' });
    expect(found.statusCode, found.body).toBe(200);
    const token = found.json<{ tickets: { token: string }[] }>().tickets[0]?.token ?? '';
    clock.advance(24 * 3_600_000);
    expect((await verify(token)).statusCode).toBe(200);
    await database.db
      .update(policy)
      .set({ status: 'terminated' })
      .where(eq(policy.policyNumber, policyNumber));
    const refused = await verify(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
    clock.set(new Date());
  });

  it('revokes the view tokens and shared links of a member too', async () => {
    clock.set(new Date());
    const { memberCode } = await createMember({
      hkid: hkid('R123456'),
      activationDate: '2025-01-01',
      code: '500',
      phone: '+85264444444',
    });
    const found = (await lookUp({ member_code: memberCode, phone_number: '64444444' })).json<{
      member_view_token: string;
      member: { policy_number: string };
    }>();
    const view = found.member_view_token;
    const tickets = () =>
      app.inject({
        url: `/api/customer/outpatient/ticket?policy_id=${found.member.policy_number}`,
        headers: { [HEADER]: view },
      });
    const link = await app.inject({
      method: 'POST',
      url: '/api/customer/outpatient/shared-card',
      headers: { [HEADER]: view },
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(200);
    const openLink = () =>
      app.inject({
        method: 'POST',
        url: '/api/customer/outpatient/shared-card/open',
        payload: { token: link.json<{ token: string }>().token },
      });
    expect((await tickets()).statusCode).toBe(200);
    expect((await openLink()).statusCode).toBe(200);

    // Each answer with tickets issued new ones (look-up, ticket list, opened link): 9, plus the
    // view token and the link.
    expect(await revokeMemberTokens(deps, memberCode)).toBe(3 * 3 + 1 + 1);
    const refusedView = await tickets();
    expect(refusedView.statusCode).toBe(401);
    expect(refusedView.json()).toMatchObject({ code: 'invalid_token' });
    const refusedLink = await openLink();
    expect(refusedLink.statusCode).toBe(401);
    expect(refusedLink.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('keeps the tokens of an earlier look-up valid after a new one, until they expire (decision 032)', async () => {
    clock.set(new Date());
    const verify = await clinicCounter('Counter 2');
    type Found = { tickets: { token: string }[]; member_view_token: string };
    // The same member looked up on two phones, one after the other.
    const firstPhone = (await lookUp(known)).json<Found>();
    const secondPhone = (await lookUp(known)).json<Found>();
    const view = (token: string) =>
      app.inject({ url: '/api/customer/outpatient/member', headers: { [HEADER]: token } });
    for (const found of [firstPhone, secondPhone]) {
      expect((await verify(found.tickets[0]?.token ?? '')).statusCode).toBe(200);
      expect((await view(found.member_view_token)).statusCode).toBe(200);
    }
    // The first phone's view token still runs out at its own 30 minutes.
    clock.advance(30 * 60_000);
    expect((await view(firstPhone.member_view_token)).statusCode).toBe(401);
    clock.set(new Date());
  });

  it('refuses a member view token after 30 minutes', async () => {
    const token = (await lookUp(known)).json<{ member_view_token: string }>().member_view_token;
    const get = () =>
      app.inject({
        url: `/api/customer/outpatient/ticket?policy_id=${DEMO.workingCard.policyNumber}`,
        headers: { [HEADER]: token },
      });
    expect((await get()).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    const expired = await get();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'invalid_token' });
  });
});

describe('who sees which tickets', () => {
  it('gives a view-token holder only that member’s tickets of that policy', async () => {
    const token = (await lookUp(known)).json<{ member_view_token: string }>().member_view_token;
    const own = await app.inject({
      url: '/api/customer/outpatient/ticket?policy_id=OP1000001',
      headers: { [HEADER]: token },
    });
    expect(own.statusCode).toBe(200);
    const tickets = own.json<{ tickets: { policy_number: string; membership_number: string }[] }>()
      .tickets;
    expect(tickets).toHaveLength(3);
    expect(new Set(tickets.map((t) => t.membership_number))).toEqual(new Set(['CP-0001-0001']));
    const other = await app.inject({
      url: '/api/customer/outpatient/ticket?policy_id=OP1000002',
      headers: { [HEADER]: token },
    });
    expect(other.statusCode).toBe(404);
    const none = await app.inject({ url: '/api/customer/outpatient/ticket?policy_id=OP1000001' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'unauthenticated' });
    const forged = await app.inject({
      url: '/api/customer/outpatient/ticket?policy_id=OP1000001',
      headers: { [HEADER]: newToken() },
    });
    expect(forged.json()).toMatchObject({ code: 'invalid_token' });
    const missing = await app.inject({ url: '/api/customer/outpatient/ticket' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error' });
  });

  it('gives the view-token holder the medical card of that member, with one of the six card types', async () => {
    const token = (await lookUp(known)).json<{ member_view_token: string }>().member_view_token;
    const res = await app.inject({
      url: '/api/customer/policy/medical-card?policy_number=OP1000001',
      headers: { [HEADER]: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      results: [
        { policy_number: 'OP1000001', card_type: 'outpatient-card', card_number: 'CP-0001-0001' },
      ],
    });
    const filtered = await app.inject({
      url: '/api/customer/policy/medical-card?policy_number=OP1000001&card_type=dental-card',
      headers: { [HEADER]: token },
    });
    expect(filtered.json()).toEqual({ results: [] });
    const other = await app.inject({
      url: '/api/customer/policy/medical-card?policy_number=OP1000002',
      headers: { [HEADER]: token },
    });
    expect(other.statusCode).toBe(404);
    const badType = await app.inject({
      url: '/api/customer/policy/medical-card?policy_number=OP1000001&card_type=gold',
      headers: { [HEADER]: token },
    });
    expect(badType.statusCode).toBe(400);
  });

  it('gives a signed-in owner the tickets of their policies only (service rule)', async () => {
    const [owner] = await database.db
      .select({ id: appUser.id })
      .from(appUser)
      .where(eq(appUser.email, DEMO.owner.email));
    const [plain] = await database.db
      .select({ id: appUser.id })
      .from(appUser)
      .where(eq(appUser.email, DEMO.plain.email));
    const ownerIdentity = { userId: owner?.id ?? '', email: DEMO.owner.email };
    const tickets = await listTicketsForPolicy(deps, { identity: ownerIdentity }, 'OP1000002');
    expect(tickets.map((t) => t.type)).toEqual(['visit', 'payment', 'body-check']);
    expect(tickets.every((t) => t.policy_number === 'OP1000002')).toBe(true);
    const stranger = { userId: plain?.id ?? '', email: DEMO.plain.email };
    await expect(
      listTicketsForPolicy(deps, { identity: stranger }, 'OP1000001'),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      listTicketsForPolicy(deps, { identity: stranger }, 'NO-SUCH'),
    ).rejects.toMatchObject({ code: 'not_found' });
    const cards = await listMedicalCards(deps, { identity: ownerIdentity }, {}, 'en');
    expect(cards.map((c) => c.policy_number).sort()).toEqual(['OP1000001', 'OP1000002']);
  });
});

describe('body-check dates in Hong Kong time', () => {
  // Activated 2026-01-31: 90 days → 2026-05-01, 3 months → 2026-04-30; the later holds.
  it('turns effective at 00:00 Hong Kong time on the later of 90 days and 3 months', async () => {
    const { memberCode } = await createMember({
      hkid: hkid('D123456'),
      activationDate: '2026-01-31',
      code: '300',
      phone: '+85262222222',
    });
    const probe = async () => {
      const res = await lookUp({ member_code: memberCode, phone_number: '62222222' });
      expect(res.statusCode).toBe(200);
      return res.json<{
        tickets: { type: string; enabled: boolean; effective_date: string }[];
        member: { body_check: { status: string; effective_date: string } };
      }>();
    };
    clock.set('2026-04-30T23:59:00+08:00');
    const before = await probe();
    expect(before.member.body_check).toMatchObject({
      status: 'not_effective',
      effective_date: '2026-05-01',
    });
    expect(before.tickets.find((t) => t.type === 'body-check')?.enabled).toBe(false);
    clock.set('2026-05-01T00:00:00+08:00');
    const after = await probe();
    expect(after.member.body_check.status).toBe('effective');
    expect(after.tickets.find((t) => t.type === 'body-check')?.enabled).toBe(true);
  });

  it('turns the next check effective 12 months after the recorded check, at 00:00 Hong Kong time', async () => {
    await createMember({
      hkid: hkid('F123456'),
      activationDate: '2024-01-01',
      code: '400',
      phone: '+85263333333',
    });
    await recordBodyCheck({ db: database.db }, 'T400', '2025-03-15');
    const probe = async () =>
      (await lookUp({ member_code: 'T400', phone_number: '63333333' })).json<{
        member: { body_check: { status: string; effective_date: string; last_check_date: string } };
      }>();
    clock.set('2026-03-14T23:59:59+08:00');
    expect((await probe()).member.body_check).toEqual({
      checks_per_year: 1,
      status: 'not_effective',
      effective_date: '2026-03-15',
      last_check_date: '2025-03-15',
    });
    clock.set('2026-03-15T00:00:00+08:00');
    expect((await probe()).member.body_check.status).toBe('effective');
    // 23:59 UTC on the 14th is already the 15th in Hong Kong.
    clock.set('2026-03-14T16:00:00Z');
    expect((await probe()).member.body_check.status).toBe('effective');
    clock.set('2026-03-14T15:59:59Z');
    expect((await probe()).member.body_check.status).toBe('not_effective');
  });
});

describe('shared card links', () => {
  it('opens one member’s card for 7 days, until revoked', async () => {
    clock.set(new Date());
    const view = (await lookUp(known)).json<{ member_view_token: string }>().member_view_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/customer/outpatient/shared-card',
      headers: { [HEADER]: view },
      payload: {},
    });
    expect(created.statusCode).toBe(200);
    const { token, expires_at } = created.json<{ token: string; expires_at: string }>();
    expect(Date.parse(expires_at) - clock.now().getTime()).toBe(7 * 86_400_000);
    const open = () =>
      app.inject({
        method: 'POST',
        url: '/api/customer/outpatient/shared-card/open',
        payload: { token },
      });
    const opened = await open();
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      card: { policy_number: 'OP1000001', card_number: 'CP-0001-0001' },
    });
    expect(Object.keys(opened.json<object>()).sort()).toEqual(['card', 'tickets']);
    clock.advance(7 * 86_400_000);
    expect((await open()).statusCode).toBe(401);

    clock.set(new Date());
    const again = (
      await app.inject({
        method: 'POST',
        url: '/api/customer/outpatient/shared-card',
        headers: {
          [HEADER]: (await lookUp(known)).json<{ member_view_token: string }>().member_view_token,
        },
        payload: {},
      })
    ).json<{ token: string }>().token;
    const openAgain = () =>
      app.inject({
        method: 'POST',
        url: '/api/customer/outpatient/shared-card/open',
        payload: { token: again },
      });
    expect((await openAgain()).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/customer/outpatient/shared-card/revoke',
          payload: { token: again },
        })
      ).statusCode,
    ).toBe(204);
    expect((await openAgain()).json()).toMatchObject({ code: 'invalid_token' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/customer/outpatient/shared-card',
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('read-only mode (decision 154)', () => {
  it('keeps the look-up, an opened shared card and the counter check working; other writes 503', async () => {
    clock.set(new Date());
    const view = (await lookUp(known)).json<{ member_view_token: string }>().member_view_token;
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/customer/outpatient/shared-card',
        headers: { [HEADER]: view },
        payload: {},
      })
    ).json<{ token: string }>().token;
    const verify = await clinicCounter('Counter read-only');

    const second = connectDatabase(database.url, { max: 2 });
    const readOnly = await buildApp({
      config: testConfig({ SERVICE_MODE: 'read_only' }),
      db: second.db,
      clock,
    });
    await readOnly.ready();
    try {
      const found = await lookUp(known, freshIp(), readOnly);
      expect(found.statusCode, found.body).toBe(200);
      const token = found.json<{ tickets: { token: string }[] }>().tickets[0]?.token ?? '';
      expect(token).not.toBe('');
      // A failed look-up still counts against the address (limits are written too).
      const wrong = await lookUp(
        { identity_document_number: hkid('C200001'), phone_number: '91234567' },
        freshIp(),
        readOnly,
      );
      expect(wrong.statusCode).toBe(404);

      const opened = await readOnly.inject({
        method: 'POST',
        url: '/api/customer/outpatient/shared-card/open',
        payload: { token: link },
      });
      expect(opened.statusCode, opened.body).toBe(200);

      const [aVenue] = await database.db.select({ id: venue.id }).from(venue).limit(1);
      const clinic = await issueClinicKey({ db: database.db }, aVenue?.id ?? 0, 'Counter RO 2');
      const checked = await readOnly.inject({
        method: 'POST',
        url: '/api/clinic/outpatient/ticket/verify',
        headers: { 'x-clinic-key': clinic.key },
        payload: { token },
      });
      expect(checked.statusCode, checked.body).toBe(200);
      // The token issued in read-only mode works at a counter of the normal app too.
      expect((await verify(token)).statusCode).toBe(200);

      // Other writes still answer 503 read_only_mode: a new shared link, revoking one.
      for (const url of [
        '/api/customer/outpatient/shared-card',
        '/api/customer/outpatient/shared-card/revoke',
      ]) {
        const refused = await readOnly.inject({
          method: 'POST',
          url,
          headers: { [HEADER]: view },
          payload: url.endsWith('revoke') ? { token: link } : {},
        });
        expect(refused.statusCode, url).toBe(503);
        expect(refused.json()).toMatchObject({ code: 'read_only_mode' });
      }
    } finally {
      await readOnly.close();
      await second.close();
    }
  });
});

describe('personal data', () => {
  it('never puts any HKID the file sent (raw, bracket-less, masked, hashed) in a response or a log line', async () => {
    clock.set(new Date());
    const unknown = hkid('C765432');
    const malformed = `${normalizeHkid(unknown).slice(0, -1)}${normalizeHkid(unknown).endsWith('0') ? '1' : '0'}`;
    expect(isValidHkid(malformed)).toBe(false);
    const responses = [
      await lookUp(known),
      await lookUp({ identity_document_number: 'a 123456 (3)', phone_number: '98765432' }),
      await lookUp({
        identity_document_number: DEMO.bodyCheckNotDue.hkid,
        phone_number: '91234567',
      }),
      await lookUp({ identity_document_number: unknown, phone_number: '91234567' }),
      await lookUp({ identity_document_number: malformed, phone_number: '91234567' }),
      await lookUp({ identity_document_number: 'QQ 12-34', phone_number: '91234567' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 200, 404, 400, 400]);
    const texts = [...responses.map((r) => r.body), logLines.join('\n')];
    // Every HKID sent or stored by any test of this file (the log lines are the whole file's).
    expect(sentHkids.size).toBeGreaterThan(10);
    const forbidden = [...sentHkids].flatMap((sent) => {
      const bracketless = normalizeHkid(sent);
      const forms = [sent, sent.replace(/\s+/g, ''), bracketless];
      if (!isValidHkid(sent)) return forms;
      // The masked form, and the part masking takes off (digits 4 to 6 and the check digit).
      const hidden = /^[A-Z]{1,2}\d{3}(\d{3})([0-9A])$/.exec(bracketless);
      return [
        ...forms,
        maskHkid(sent),
        `${hidden?.[1] ?? ''}(${hidden?.[2] ?? ''})`,
        hkidLookupHash(TEST_SECRET_KEY, sent),
        createHash('sha256').update(bracketless).digest('hex'),
      ];
    });
    expect(logLines.length).toBeGreaterThan(0);
    for (const text of texts) {
      for (const value of forbidden) expect(text.toUpperCase()).not.toContain(value.toUpperCase());
    }
    // View tokens are redacted from request logs.
    const view = responses[0]?.json<{ member_view_token: string }>().member_view_token ?? '';
    await app.inject({ url: '/api/customer/outpatient/member', headers: { [HEADER]: view } });
    expect(logLines.join('\n')).not.toContain(view);
  });

  it('serves the member summary for a view token without any HKID field', async () => {
    const view = (await lookUp(known)).json<{ member_view_token: string }>().member_view_token;
    const res = await app.inject({
      url: '/api/customer/outpatient/member',
      headers: { [HEADER]: view },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/hkid|identity_document/i);
    expect(res.json()).toMatchObject({ policy_number: 'OP1000001', card_type: 'outpatient-card' });
    expect(
      res.json<{ covered_services: { slug: string }[] }>().covered_services.map((s) => s.slug),
    ).not.toContain('telemedicine');
  });
});
