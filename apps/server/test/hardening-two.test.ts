// Issue 37, one test per hole an outside probe found after the first round (issue 15): path
// checks on the raw address, unauthenticated writes without a limit, an existence oracle on
// policy numbers, unsafe development defaults, reports and the API browser. One seeded
// database; apps with other settings (real limits, service modes, production) share it.
import { fixedClock } from '@clinicpass/shared/time/clock';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { runOutpatientCommand } from '../src/cli/outpatient-commands';
import { loadConfig } from '../src/config';
import { deviceSession } from '../src/db/identity-schema';
import { outpatientTicket } from '../src/db/outpatient-schema';
import { LIVE_TICKET_SETS } from '../src/modules/outpatient/outpatient.service';
import { hashToken } from '../src/modules/outpatient/tokens';
import { normaliseUrl } from '../src/plugins/request-path';
import { buildTestApp, testConfig, type TestApp } from './build-app';
import { captchaHeader } from './captcha-support';
import { TEST_SECRET_KEY } from './constants';
import { testFactories, type TestFactories } from './factories';
import { freshAddress, signedInUser, signInClinicStaff } from './identity-helpers';
import { addOperator } from './operator-support';

const clock = fixedClock(new Date());
let t: TestApp;
let f: TestFactories;
const extraApps: FastifyInstance[] = [];
let member: { authorization: string };
let staff: { authorization: string };

/**
 * Another app on the same database with other settings (and the same clock). It only adds jobs
 * (`JOBS: 'off'`): the first app's runner works them, and a runner per app would hold a
 * connection each of the one test pool they share.
 */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ JOBS: 'off', ...env }),
    db: t.database.db,
    clock,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

/** A clinic staff account bound to the venues, signed in with its password and SMS code. */
function signInStaff(email: string, phone: string, venueIds: number[]) {
  return signInClinicStaff(t.app, t.database.db, { email, phone, venueIds });
}

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
  f = testFactories(t.database.db, { clock });
  member = await signedInUser(t.app, 'hardening-two@example.com');
  const venue = await f.venue({ nameEn: 'Probe Clinic', nameZh: '探測診所' });
  staff = await signInStaff('probe-staff@clinic.test', '92345699', [venue.id]);
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

type Answer = { status: number; code: string | undefined; cacheControl: unknown };

function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ways of writing one path that reach the same route: its first and last letters
 * percent-encoded, every slash doubled, a trailing dot segment, a dot-dot detour, mixed case.
 */
function spellings(path: string): string[] {
  const hex = (char: string) => `%${char.charCodeAt(0).toString(16)}`;
  const [, first = ''] = path.split('/');
  const last = path.at(-1) ?? '';
  return [
    `/${hex(first[0] ?? '')}${path.slice(2)}`,
    `${path.slice(0, -1)}${hex(last).toUpperCase()}`,
    path.replaceAll('/', '//'),
    `${path}/.`,
    `${path}/%2e`,
    `/${first}/detour/..${path.slice(first.length + 1)}`,
    path
      .split('')
      .map((char, index) => (index % 2 === 0 ? char.toUpperCase() : char))
      .join(''),
  ];
}

async function answerOf(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
  remoteAddress?: string,
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  return {
    status: res.statusCode,
    code: codeOf(res.body),
    cacheControl: res.headers['cache-control'],
  };
}

/** Every spelling of `path` answers as the plain path does. */
async function expectSameEverywhere(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  expected: Partial<Answer>,
  payload?: Record<string, unknown>,
  remoteAddress?: string,
) {
  const plain = await answerOf(app, method, path, headers, payload, remoteAddress);
  expect(plain, path).toMatchObject(expected);
  for (const url of spellings(path)) {
    expect(await answerOf(app, method, url, headers, payload, remoteAddress), url).toEqual(plain);
  }
}

describe('hole 1: path checks read the normalised path and the matched route', () => {
  it('normalises escapes of unreserved characters, repeated slashes and dot segments', () => {
    expect(normaliseUrl('/api/clinic/outpatient/ticket/%76erify')).toBe(
      '/api/clinic/outpatient/ticket/verify',
    );
    expect(normaliseUrl('//%61pi//customer/./policy/x/../?a=%2e%2e//')).toBe(
      '/api/customer/policy/?a=%2e%2e//',
    );
    expect(normaliseUrl('/api/customer/policy/%2E')).toBe('/api/customer/policy/');
    // An escaped slash stays data: it is no path separator.
    expect(normaliseUrl('/api%2fcustomer/policy')).toBe('/api%2Fcustomer/policy');
    expect(normaliseUrl('/../../api')).toBe('/api');
    expect(normaliseUrl('/api/customer/policy?x=1')).toBe('/api/customer/policy?x=1');
  });

  it('asks a clinic key on the key-only ticket check however its address is written', async () => {
    const card = await f.memberCard();
    const ticket = await f.ticket({ memberId: card.member.id });
    await expectSameEverywhere(
      t.app,
      'POST',
      '/api/clinic/outpatient/ticket/verify',
      { ...staff, 'x-forwarded-for': freshAddress() },
      { status: 401, code: 'clinic_key_missing' },
      { token: ticket.token },
    );
  });

  it('answers a guest on the clinic area 401, signed-in staff 200, in every spelling', async () => {
    await expectSameEverywhere(
      t.app,
      'GET',
      '/api/clinic/me',
      {},
      {
        status: 401,
        code: 'unauthenticated',
      },
    );
    await expectSameEverywhere(t.app, 'GET', '/api/clinic/me', staff, { status: 200 });
  });

  it('keeps read-only and maintenance modes on every spelling of a write and a read', async () => {
    const readOnly = await appWith({ SERVICE_MODE: 'read_only' });
    await expectSameEverywhere(
      readOnly,
      'POST',
      '/api/customer/payment-method',
      member,
      { status: 503, code: 'read_only_mode' },
      { card_token: 'tok_visa' },
    );
    // The exemptions are routes, and hold in every spelling too.
    await expectSameEverywhere(readOnly, 'POST', '/session', {}, { status: 200 });
    const maintenance = await appWith({ SERVICE_MODE: 'maintenance' });
    await expectSameEverywhere(maintenance, 'GET', '/api/customer/policy', member, {
      status: 503,
      code: 'maintenance',
    });
    await expectSameEverywhere(maintenance, 'GET', '/identity/me', member, {
      status: 503,
      code: 'maintenance',
    });
  });

  it('sends no-store on every spelling of a personal answer', async () => {
    await expectSameEverywhere(t.app, 'GET', '/api/customer/policy', member, {
      status: 200,
      cacheControl: 'no-store',
    });
    await expectSameEverywhere(t.app, 'GET', '/identity/me', member, {
      status: 200,
      cacheControl: 'no-store',
    });
    // An unknown API address is still the API's JSON 404, not the web app's page.
    await expectSameEverywhere(
      t.app,
      'GET',
      '/api/customer/no-such-thing',
      {},
      {
        status: 404,
        code: 'route_not_found',
      },
    );
  });

  it('refuses /dev/* to a caller that is not on this machine, in every spelling', async () => {
    await expectSameEverywhere(t.app, 'GET', '/dev/outbox', {}, { status: 200 });
    await expectSameEverywhere(
      t.app,
      'GET',
      '/dev/outbox',
      {},
      { status: 404, code: 'route_not_found' },
      undefined,
      '203.0.113.9',
    );
    // Through a proxy on this machine (TRUST_PROXY), the address it stands for counts too.
    await expectSameEverywhere(
      t.app,
      'GET',
      '/dev/outbox',
      { 'x-forwarded-for': '203.0.113.10' },
      { status: 404, code: 'route_not_found' },
    );
    const create = await t.app.inject({
      method: 'POST',
      url: '/dev/identity/users',
      remoteAddress: '198.51.100.4',
      payload: { email: 'remote@example.com', password: 'ClinicPass2026' },
    });
    expect(create.statusCode).toBe(404);
  });
});

describe('hole 2: limits on what a guest writes', () => {
  it('limits new device sessions per address an hour (429, Retry-After); resuming is free', async () => {
    const app = await appWith({ GUEST_SESSIONS_PER_ADDRESS_PER_HOUR: '3' });
    const address = freshAddress();
    const open = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/session/',
        headers: { 'x-forwarded-for': address, ...headers },
      });
    const before = await t.database.db.$count(deviceSession);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await open();
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ session_id: string }>().session_id);
    }
    const over = await open();
    expect(over.statusCode).toBe(429);
    expect(over.json<{ code: string }>().code).toBe('limit_exceeded');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // A known id is resumed whatever the count; another address has its own budget.
    const resumed = await open({ 'session-id': ids[0] ?? '' });
    expect(resumed.json()).toMatchObject({ session_id: ids[0], code: 'resumed' });
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/session/',
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(await t.database.db.$count(deviceSession)).toBe(before + 4);
  });

  it('limits captcha challenges per address a minute (429, Retry-After)', async () => {
    const app = await appWith({ CAPTCHA_CHALLENGES_PER_ADDRESS_PER_MINUTE: '3' });
    const address = freshAddress();
    const challenge = () =>
      app.inject({
        method: 'GET',
        url: '/api/customer/captcha/challenge',
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 3; i += 1) expect((await challenge()).statusCode).toBe(200);
    const over = await challenge();
    expect(over.statusCode).toBe(429);
    expect(over.json<{ code: string }>().code).toBe('limit_exceeded');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  /** A look-up of `lookUp` from `address` on `app`, with a solved captcha. */
  async function lookUp(
    app: FastifyInstance,
    lookUpBody: Record<string, string>,
    address = freshAddress(),
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/customer/outpatient/member-ticket',
      headers: { 'x-forwarded-for': address, ...(await captchaHeader(t.app)) },
      payload: lookUpBody,
    });
  }

  it('counts successful look-ups per member (any address) and per address an hour', async () => {
    const app = await appWith({
      MEMBER_LOOKUPS_PER_MEMBER_PER_HOUR: '3',
      MEMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: '4',
    });
    const card = await f.memberCard();
    for (let i = 0; i < 3; i += 1) expect((await lookUp(app, card.lookUp)).statusCode).toBe(200);
    const over = await lookUp(app, card.lookUp);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ code: string }>().code).toBe('limit_exceeded');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) {
      const other = await f.memberCard();
      expect((await lookUp(app, other.lookUp, address)).statusCode).toBe(200);
    }
    const fifth = await f.memberCard();
    const refused = await lookUp(app, fifth.lookUp, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await lookUp(app, fifth.lookUp)).statusCode).toBe(200);
  });

  it(`keeps at most ${LIVE_TICKET_SETS} live ticket sets per member`, async () => {
    const card = await f.memberCard();
    const first = await lookUp(t.app, card.lookUp);
    const firstVisit = first
      .json<{ tickets: { type: string; token: string }[] }>()
      .tickets.find((ticket) => ticket.type === 'visit');
    for (let i = 0; i < LIVE_TICKET_SETS + 2; i += 1) {
      expect((await lookUp(t.app, card.lookUp)).statusCode).toBe(200);
    }
    const live = await t.database.db.$count(
      outpatientTicket,
      and(
        eq(outpatientTicket.memberId, card.member.id),
        isNull(outpatientTicket.revokedAt),
        gt(outpatientTicket.expiresAt, clock.now()),
      ),
    );
    // The outpatient product issues three tickets a set (visit, payment, body check).
    expect(live).toBe(LIVE_TICKET_SETS * 3);
    // The first set is among the revoked: its QR no longer opens a visit.
    const [firstRow] = await t.database.db
      .select({ revokedAt: outpatientTicket.revokedAt })
      .from(outpatientTicket)
      .where(eq(outpatientTicket.tokenHash, hashToken(firstVisit?.token ?? '')));
    expect(firstRow?.revokedAt).toBeInstanceOf(Date);
  });

  it('prunes idle device sessions and long-ended tickets (npm run outpatient -- prune)', async () => {
    const db = t.database.db;
    const old = new Date(clock.now().getTime() - 31 * 86_400_000);
    await db.insert(deviceSession).values([
      { id: 'idle-session-for-the-prune-test-1', code: 'created', createdAt: old, lastSeenAt: old },
      {
        id: 'live-session-for-the-prune-test-1',
        code: 'created',
        createdAt: old,
        lastSeenAt: clock.now(),
      },
    ]);
    const card = await f.memberCard();
    const ended = await f.ticket({
      memberId: card.member.id,
      expiresAt: new Date(clock.now().getTime() - 8 * 86_400_000),
    });
    const recent = await f.ticket({
      memberId: card.member.id,
      expiresAt: new Date(clock.now().getTime() - 86_400_000),
    });
    const printed: string[] = [];
    await runOutpatientCommand(['prune', '--as', await addOperator(db)], {
      db,
      clock,
      print: (line) => printed.push(line),
    });
    expect(printed.at(-1)).toMatch(
      /^Deleted \d+ device session\(s\) unseen for 30 days and \d+ ticket\(s\) revoked or expired over 7 days ago\.$/,
    );
    const sessions = await db.select({ id: deviceSession.id }).from(deviceSession);
    expect(sessions.map((row) => row.id)).not.toContain('idle-session-for-the-prune-test-1');
    expect(sessions.map((row) => row.id)).toContain('live-session-for-the-prune-test-1');
    const tickets = await db
      .select({ id: outpatientTicket.id })
      .from(outpatientTicket)
      .where(eq(outpatientTicket.memberId, card.member.id));
    expect(tickets.map((row) => row.id)).not.toContain(ended.id);
    expect(tickets.map((row) => row.id)).toContain(recent.id);
  });
});

describe('hole 3: no existence oracle on policy numbers', () => {
  const search = (app: FastifyInstance, policy: string, address: string) =>
    app.inject({
      method: 'GET',
      url: `/api/customer/policy/service-point?policy_number=${policy}`,
      headers: { 'x-forwarded-for': address },
    });

  it('answers an unknown policy, one without the network and a lapsed one the same 403', async () => {
    const withoutNetwork = await t.database.db.execute<{ policy_number: string }>(sql`
      SELECT p.policy_number FROM policy p JOIN product pr ON pr.id = p.product_id
      WHERE pr.medical_network_panel IS NULL LIMIT 1`);
    const lapsed = await f.memberCard({ policy: { status: 'lapsed' } });
    const answers = await Promise.all(
      ['OP9999999', withoutNetwork.rows[0]?.policy_number ?? '', lapsed.policy.policyNumber].map(
        async (policy) => {
          const res = await search(t.app, policy, freshAddress());
          return { status: res.statusCode, body: res.body };
        },
      ),
    );
    expect(answers[0]?.status).toBe(403);
    expect(answers[0]?.body).toContain('no_access');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('limits the distinct policy numbers one address asks an hour (429, Retry-After)', async () => {
    const app = await appWith({ FINDER_POLICY_NUMBERS_PER_ADDRESS_PER_HOUR: '3' });
    const address = freshAddress();
    const working = await f.memberCard();
    expect((await search(app, working.policy.policyNumber, address)).statusCode).toBe(200);
    expect((await search(app, 'OP9999991', address)).statusCode).toBe(403);
    expect((await search(app, 'OP9999992', address)).statusCode).toBe(403);
    const guess = await search(app, 'OP9999993', address);
    expect(guess.statusCode).toBe(429);
    expect(guess.json<{ code: string }>().code).toBe('limit_exceeded');
    expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
    // A number already asked still answers; another address has its own budget.
    expect((await search(app, working.policy.policyNumber, address)).statusCode).toBe(200);
    expect((await search(app, 'OP9999993', freshAddress())).statusCode).toBe(403);
  });

  it('sends a GraphQL GET answer for a policy private, no-store, as REST does', async () => {
    const working = await f.memberCard();
    const query =
      'query ($policy_number: String) { servicePoints(panel: "outpatient", policy_number: $policy_number) { pagination { total } } }';
    const params = new URLSearchParams({
      query,
      variables: JSON.stringify({ policy_number: working.policy.policyNumber }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?${params.toString()}`,
      headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    // Written in the document rather than as a variable: the same.
    const inline = new URLSearchParams({
      query: `{ servicePoints(panel: "outpatient", policy_number: "${working.policy.policyNumber}") { pagination { total } } }`,
    });
    const written = await t.app.inject({
      method: 'GET',
      url: `/api/graphql?${inline.toString()}`,
      headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' },
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.headers['cache-control']).toBe('private, no-store');
  });
});

describe('hole 4: safe development defaults', () => {
  const base = { SECRET_KEY: TEST_SECRET_KEY };
  it('binds 127.0.0.1 outside production unless HOST is set; 0.0.0.0 in production', () => {
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        PUBLIC_URL: 'https://clinicpass.example',
      }).host,
    ).toBe('0.0.0.0');
  });
});

describe('hole 5: reports and the API browser', () => {
  async function pointId(offset: number): Promise<number> {
    const rows = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM service_point ORDER BY id OFFSET ${offset} LIMIT 1`,
    );
    const id = rows.rows[0]?.id;
    if (id === undefined) throw new Error('no service point');
    return id;
  }
  const report = (
    app: FastifyInstance,
    id: number,
    headers: Record<string, string>,
    kind = 'moved_or_closed',
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/customer/service-point/${id}/report`,
      headers: { 'x-forwarded-for': freshAddress(), ...headers },
      payload: { kind },
    });

  it('limits a signed-in account’s reports a day, from any address (429, Retry-After)', async () => {
    const app = await appWith({ DIRECTORY_REPORTS_PER_ACCOUNT_PER_DAY: '2' });
    const reporter = await signedInUser(t.app, 'reporter@example.com');
    const id = await pointId(40);
    expect((await report(app, id, reporter, 'other')).statusCode).toBe(201);
    expect((await report(app, id, reporter, 'other')).statusCode).toBe(201);
    const over = await report(app, id, reporter, 'other');
    expect(over.statusCode).toBe(429);
    expect(over.json<{ code: string }>().code).toBe('limit_exceeded');
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('does not flag a point on 3 addresses within minutes; 3 reporters over a day do', async () => {
    const id = await pointId(41);
    const flagged = async () => {
      const rows = await t.database.db.execute(
        sql`SELECT 1 FROM directory_flag WHERE service_point_id = ${id}`,
      );
      return rows.rows.length > 0;
    };
    for (let i = 0; i < 3; i += 1) {
      const res = await report(t.app, id, await captchaHeader(t.app));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await flagged()).toBe(false);
    // The same account from three more addresses is one reporter.
    const one = await signedInUser(t.app, 'one-reporter@example.com');
    for (let i = 0; i < 3; i += 1) expect((await report(t.app, id, one)).statusCode).toBe(201);
    expect(await flagged()).toBe(false);
    // A day later, another reporter: flagged.
    const later = fixedClock(new Date(clock.now().getTime() + 25 * 3_600_000));
    const tomorrow = await buildApp({
      config: testConfig({ JOBS: 'off' }),
      db: t.database.db,
      clock: later,
    });
    extraApps.push(tomorrow);
    await tomorrow.ready();
    expect((await report(tomorrow, id, await captchaHeader(t.app))).statusCode).toBe(201);
    expect(await flagged()).toBe(true);
  });

  it('serves /api/docs in production only with API_DOCS=true', async () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    };
    const closed = await appWith(production);
    expect((await closed.inject('/api/docs')).statusCode).toBe(404);
    expect((await closed.inject('/api/docs/json')).statusCode).toBe(404);
    expect((await closed.inject('/API/%64ocs/json')).statusCode).toBe(404);
    const open = await appWith({ ...production, API_DOCS: 'true' });
    expect((await open.inject('/api/docs/json')).statusCode).toBe(200);
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
  });
});
