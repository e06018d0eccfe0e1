// Issue 19 over HTTP, against the seeded network on a fixed clock: freshness and opening state on
// the cards, the "open now" and "open on Sunday" filters (REST and GraphQL, held to the SQL
// oracle), Hong Kong general holidays at 23:59 and 00:00, members' reports of wrong details
// (captcha for guests, the per-address limit, flagging by 3 addresses) and the operator commands
// (list, resolve, reject, confirm-service-point, stale-report).
import type { ServicePoint, ServicePointList } from '@clinicpass/shared/schemas/finder';
import type { OpeningHours } from '@clinicpass/shared/schemas/hours';
import { fixedClock } from '@clinicpass/shared/time/clock';
import { hkWallClock } from '@clinicpass/shared/time/opening';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { runOutpatientCommand } from '../src/cli/outpatient-commands';
import { directoryFlag, directoryReport } from '../src/db/directory-schema';
import { servicePoint } from '../src/db/schema';
import { rebuildFinderIndex } from '../src/modules/finder/finder.index';
import { hongKongHolidays } from '../src/modules/finder/finder.hours';
import { testConfig } from './build-app';
import { captchaHeader } from './captcha-support';
import { addOperator, OPERATOR_EMAIL } from './operator-support';
import { createTestDatabase, type TestDatabase } from './db';
import { testFactories } from './factories';
import { createFinderOracle, type OracleCriteria } from './finder-oracle';

/** Monday 23 November 2026, 10:00 in Hong Kong. */
const MONDAY_10 = '2026-11-23T10:00:00+08:00';
const clock = fixedClock(MONDAY_10);
const REPORTS_PER_DAY = 4;

let database: TestDatabase;
let app: FastifyInstance;
/** A service point at a venue open all day every day, but closed on general holidays. */
let allDayPoint: number;
/** A policy with the primary panel's network. */
let POLICY: string;
const TEST_USER_HEADER = 'x-test-user-id';

const ALL_DAY: OpeningHours = {
  weekly: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
      day,
      [{ from: '00:00', to: '24:00' }],
    ]),
  ) as OpeningHours['weekly'],
  closedOnPublicHolidays: true,
  exceptions: [],
};

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  await addOperator(database.db);
  const f = testFactories(database.db);
  POLICY = (await f.policy()).policyNumber;
  const venue = await f.venue({ districtCode: 'A', openingHours: ALL_DAY });
  const service = await database.db.execute<{ id: number }>(
    sql`SELECT service_id AS id FROM service_point WHERE panel = 'outpatient' LIMIT 1`,
  );
  allDayPoint = (
    await f.servicePoint({
      serviceId: service.rows[0]?.id ?? 1,
      venueId: venue.id,
      lastVerifiedAt: new Date('2026-11-02T02:00:00Z'),
    })
  ).id;
  await rebuildFinderIndex(database.db);
  app = await buildApp({
    config: testConfig({ DIRECTORY_REPORTS_PER_ADDRESS_PER_DAY: String(REPORTS_PER_DAY) }),
    db: database.db,
    clock,
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const userId = request.headers[TEST_USER_HEADER];
    if (typeof userId === 'string') request.identity = { userId, email: 'test@example.com' };
    done();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

let address = 0;
function nextAddress(): string {
  address += 1;
  return `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

const PRIMARY = '/api/customer/policy/service-point';

async function list(query: Record<string, string>, ip = nextAddress()): Promise<ServicePoint[]> {
  const response = await app.inject({
    url: `${PRIMARY}?${new URLSearchParams({ no_pagination: 'true', policy_number: POLICY, ...query }).toString()}`,
    headers: { 'x-forwarded-for': ip },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ServicePointList>().results;
}

async function oracleIds(criteria: Omit<OracleCriteria, 'panel'>): Promise<number[]> {
  const rows = await createFinderOracle(database.db).page(
    { panel: 'outpatient', ...criteria },
    0,
    1000,
    null,
  );
  return rows.map((row) => row.id);
}

async function cardOf(id: number): Promise<ServicePoint | undefined> {
  return (await list({})).find((point) => point.id === id);
}

describe('Hong Kong general holidays (date-holidays)', () => {
  it('has the 2026 and 2027 substitute days, and no Sundays', () => {
    const y2026 = hongKongHolidays(2026);
    for (const date of ['2026-04-06', '2026-04-07', '2026-05-25', '2026-10-19', '2026-12-26']) {
      expect(y2026.has(date), date).toBe(true);
    }
    // The days they stand in for are Sundays: weekly hours, not holidays.
    for (const date of ['2026-04-05', '2026-05-24', '2026-10-18']) {
      expect(y2026.has(date), date).toBe(false);
    }
    const y2027 = hongKongHolidays(2027);
    for (const date of ['2027-02-06', '2027-02-08', '2027-02-09', '2027-03-27', '2027-12-27']) {
      expect(y2027.has(date), date).toBe(true);
    }
    expect(y2027.has('2027-02-07')).toBe(false);
    expect(y2027.has('2027-12-26')).toBe(false);
    expect(y2026.size).toBe(17);
    expect(y2027.size).toBe(17);
  });
});

describe('freshness and opening state on the cards', () => {
  it('carries last_verified_at and marks points unverified for over 180 days', async () => {
    const results = await list({});
    expect(results.length).toBeGreaterThan(100);
    const staleBefore = clock.now().getTime() - 180 * 86_400_000;
    for (const point of results) {
      const verified = point.last_verified_at === null ? null : Date.parse(point.last_verified_at);
      expect(point.details_stale, String(point.id)).toBe(
        verified === null || verified < staleBefore,
      );
    }
    expect(results.some((point) => point.details_stale)).toBe(true);
    expect(results.filter((point) => !point.details_stale).length).toBeGreaterThan(
      results.length * 0.8,
    );
    expect(results.find((point) => point.id === allDayPoint)?.last_verified_at).toBe(
      '2026-11-02T02:00:00.000Z',
    );
  });

  it('says open until, opens at, or closed today, as of the request in Hong Kong time', async () => {
    const results = await list({});
    const states = new Set(results.map((point) => point.opening.state));
    expect(states).toEqual(new Set(['open', 'unknown']));
    const open = results.find(
      (point) => point.opening.state === 'open' && point.opening.until === '13:00',
    );
    expect(open?.opening).toMatchObject({ until: '13:00', opens_at: null });
    clock.set('2026-11-23T13:30:00+08:00');
    try {
      const after = await list({});
      const lunch = after.find((point) => point.id === open?.id);
      expect(lunch?.opening.state).toBe('opens_later');
      expect(lunch?.opening.opens_at).toMatch(/^1[45]:[03]0$/);
      clock.set('2026-11-23T23:00:00+08:00');
      const night = await list({});
      expect(night.find((point) => point.id === open?.id)?.opening).toMatchObject({
        state: 'closed_today',
        until: null,
        opens_at: null,
      });
    } finally {
      clock.set(MONDAY_10);
    }
  });
});

describe('open now and open on Sunday', () => {
  it('open_now=true answers the venues open at the request, as the oracle does', async () => {
    for (const instant of [
      MONDAY_10,
      '2026-11-22T10:30:00+08:00', // a Sunday
      '2026-12-25T10:30:00+08:00', // Christmas: venues closing on holidays drop out
      '2026-11-23T13:45:00+08:00', // lunch
    ]) {
      clock.set(instant);
      const found = (await list({ open_now: 'true' })).map((point) => point.id);
      expect(found, instant).toEqual(await oracleIds({ openAt: hkWallClock(clock.now()) }));
      expect(found.length, instant).toBeGreaterThan(0);
    }
    clock.set('2026-12-25T10:30:00+08:00');
    const christmas = (await list({ open_now: 'true' })).length;
    clock.set('2026-12-24T10:30:00+08:00');
    expect((await list({ open_now: 'true' })).length).toBeGreaterThan(christmas);
    clock.set(MONDAY_10);
  });

  it('turns at midnight: open at 23:59 on Sunday, closed at 00:00 on the holiday Monday', async () => {
    const at = async (instant: string) => {
      clock.set(instant);
      return (await list({ open_now: 'true', district_codes: 'A' })).some(
        (point) => point.id === allDayPoint,
      );
    };
    try {
      expect(await at('2026-10-18T23:59:00+08:00')).toBe(true);
      expect(await at('2026-10-19T00:00:00+08:00')).toBe(false); // day after Chung Yeung
      expect(await at('2026-10-19T23:59:00+08:00')).toBe(false);
      expect(await at('2026-10-20T00:00:00+08:00')).toBe(true);
      expect(await at('2026-12-31T23:59:00+08:00')).toBe(true);
      expect(await at('2027-01-01T00:00:00+08:00')).toBe(false);
    } finally {
      clock.set(MONDAY_10);
    }
  });

  it('open_sunday=true answers the venues with Sunday hours', async () => {
    const found = (await list({ open_sunday: 'true' })).map((point) => point.id);
    expect(found).toEqual(await oracleIds({ openSunday: true }));
    expect(found.length).toBeGreaterThan(0);
    const all = await list({});
    expect(found.length).toBeLessThan(all.length);
    const both = (await list({ open_sunday: 'true', open_now: 'true' })).map((point) => point.id);
    expect(both).toEqual(await oracleIds({ openSunday: true, openAt: hkWallClock(clock.now()) }));
  });

  it('refuses a bad flag with a validation error naming it', async () => {
    const response = await app.inject({
      url: `${PRIMARY}?policy_number=${POLICY}&open_now=yes`,
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string; message: string }>()).toMatchObject({
      code: 'validation_error',
    });
    expect(response.body).toContain('open_now');
  });

  it('GraphQL servicePoints takes open_now and open_sunday and answers as REST does', async () => {
    const query = /* GraphQL */ `
      query ($open_now: Boolean, $open_sunday: Boolean) {
        servicePoints(panel: "outpatient", policy_number: "${POLICY}", open_now: $open_now, open_sunday: $open_sunday, page_size: 100) {
          results { id opening { state until opens_at open_sunday } last_verified_at details_stale flagged }
          pagination { total }
        }
      }`;
    const ask = async (variables: Record<string, boolean>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        payload: { query, variables },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        data: { servicePoints: { results: ServicePoint[]; pagination: { total: number } } };
      }>().data.servicePoints;
    };
    const open = await ask({ open_now: true });
    const rest = (await list({ open_now: 'true' })).map((point) => point.id);
    expect(open.pagination.total).toBe(
      await createFinderOracle(database.db).count({
        panel: 'outpatient',
        openAt: hkWallClock(clock.now()),
      }),
    );
    expect(open.results.map((point) => point.id)).toEqual(rest.slice(0, 100));
    expect(open.results.every((point) => point.opening.state === 'open')).toBe(true);
    const sunday = await ask({ open_sunday: true });
    expect(sunday.results.every((point) => point.opening.open_sunday)).toBe(true);
    expect(sunday.pagination.total).toBe(
      await createFinderOracle(database.db).count({ panel: 'outpatient', openSunday: true }),
    );
  });
});

describe('reports of wrong details', () => {
  const reportUrl = (id: number) => `/api/customer/service-point/${id}/report`;
  async function report(
    id: number,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    ip = nextAddress(),
  ) {
    return app.inject({
      method: 'POST',
      url: reportUrl(id),
      headers: { 'x-forwarded-for': ip, ...headers },
      payload: body,
    });
  }

  it('asks a guest for the captcha, not a signed-in customer', async () => {
    const id = (await list({}))[3]?.id as number;
    const bare = await report(id, { kind: 'wrong_phone' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ code: string }>().code).toBe('captcha_required');
    const guest = await report(id, { kind: 'wrong_phone' }, await captchaHeader(app));
    expect(guest.statusCode, guest.body).toBe(201);
    expect(guest.json()).toEqual({ service_point_id: id, received: true });
    const member = await report(
      id,
      { kind: 'price_differs', note: 'HK$250 now' },
      {
        [TEST_USER_HEADER]: 'member-1',
      },
    );
    expect(member.statusCode, member.body).toBe(201);
  });

  it('refuses a bad kind, a note over 500 characters and an unknown point', async () => {
    const id = (await list({}))[4]?.id as number;
    const member = { [TEST_USER_HEADER]: 'member-2' };
    const kind = await report(id, { kind: 'rude' }, member);
    expect(kind.statusCode).toBe(400);
    expect(kind.json<{ code: string }>().code).toBe('validation_error');
    expect(kind.body).toContain('kind');
    const note = await report(id, { kind: 'other', note: 'x'.repeat(501) }, member);
    expect(note.statusCode).toBe(400);
    expect(note.body).toContain('note');
    expect((await report(id, { kind: 'other', note: 'x'.repeat(500) }, member)).statusCode).toBe(
      201,
    );
    const unknown = await report(99_999_999, { kind: 'other' }, member);
    expect(unknown.statusCode).toBe(404);
  });

  it('limits reports per client address a day', async () => {
    const id = (await list({}))[5]?.id as number;
    const ip = '10.77.0.1';
    const member = { [TEST_USER_HEADER]: 'member-3' };
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) {
      expect((await report(id, { kind: 'other' }, member, ip)).statusCode).toBe(201);
    }
    const over = await report(id, { kind: 'other' }, member, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ code: string }>().code).toBe('limit_exceeded');
    expect((await report(id, { kind: 'other' }, member, '10.77.0.2')).statusCode).toBe(201);
  });

  it('flags a point reported closed by 3 reporters over a day, until an operator resolves it', async () => {
    const id = (await list({}))[6]?.id as number;
    const as = (name: string) => ({ [TEST_USER_HEADER]: name });
    // Two reporters, one of them twice and from two addresses: not flagged (decision 256: a
    // signed-in customer is one reporter from any address).
    await report(id, { kind: 'moved_or_closed' }, as('member-4a'), '10.88.0.1');
    await report(id, { kind: 'doctor_left' }, as('member-4a'), '10.88.0.5');
    await report(id, { kind: 'moved_or_closed' }, as('member-4b'), '10.88.0.2');
    // Other kinds do not count.
    await report(id, { kind: 'wrong_phone' }, as('member-4c'), '10.88.0.3');
    expect((await cardOf(id))?.flagged).toBe(false);
    // A third reporter within the same hour: not over time, not flagged yet.
    await report(id, { kind: 'doctor_left' }, as('member-4d'), '10.88.0.4');
    expect((await cardOf(id))?.flagged).toBe(false);
    // A fourth a day later: three reporters, 24 hours apart or more.
    clock.set('2026-11-24T10:30:00+08:00');
    await report(id, { kind: 'moved_or_closed' }, as('member-4e'), '10.88.0.6');
    clock.set(MONDAY_10);
    expect((await cardOf(id))?.flagged).toBe(true);

    // No address is kept, only a keyed hash of it.
    const rows = await database.db
      .select()
      .from(directoryReport)
      .where(eq(directoryReport.servicePointId, id));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.addressHash).not.toContain('10.88');
      expect(row.addressHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }

    const printed: string[] = [];
    const run = (...args: string[]) =>
      runOutpatientCommand([...args, '--as', OPERATOR_EMAIL], {
        db: database.db,
        clock,
        print: (line) => printed.push(line),
      });
    await run('list-reports');
    expect(printed.filter((line) => line.includes(`service point ${id}\t`))).toHaveLength(6);
    // Rejecting a report that does not count leaves the flag.
    const wrongPhone = rows.find((row) => row.kind === 'wrong_phone');
    await run('reject-report', '--id', String(wrongPhone?.id));
    expect(printed.at(-1)).toBe(`Marked report(s) ${wrongPhone?.id} rejected.`);
    expect(await database.db.select().from(directoryFlag)).toHaveLength(1);
    await run('resolve-report', '--service-point-id', String(id));
    expect(printed.at(-1)).toMatch(/^Marked report\(s\) [\d, ]+ resolved\.$/);
    expect(await database.db.select().from(directoryFlag)).toHaveLength(0);
    expect((await cardOf(id))?.flagged).toBe(false);
    await expect(run('resolve-report', '--id', String(wrongPhone?.id))).rejects.toThrow(
      /No open report/,
    );
  });

  it('does not flag for reports older than 30 days apart', async () => {
    const id = (await list({}))[7]?.id as number;
    const member = { [TEST_USER_HEADER]: 'member-5' };
    clock.set('2026-09-01T10:00:00+08:00');
    await report(id, { kind: 'moved_or_closed' }, member, '10.99.0.1');
    await report(id, { kind: 'moved_or_closed' }, member, '10.99.0.2');
    clock.set(MONDAY_10);
    await report(id, { kind: 'moved_or_closed' }, member, '10.99.0.3');
    expect((await cardOf(id))?.flagged).toBe(false);
  });
});

describe('operator freshness commands', () => {
  it('stale-report lists stale points by venue; confirm-service-point makes one fresh', async () => {
    const printed: string[] = [];
    const run = (...args: string[]) =>
      runOutpatientCommand([...args, '--as', OPERATOR_EMAIL], {
        db: database.db,
        clock,
        print: (line) => printed.push(line),
      });
    await run('stale-report');
    const summary = printed.at(-1) ?? '';
    const count = Number(/^(\d+) service point/.exec(summary)?.[1]);
    const stale = await database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM service_point
      WHERE last_verified_at IS NULL OR last_verified_at < ${new Date(clock.now().getTime() - 180 * 86_400_000).toISOString()}`);
    expect(count).toBe(stale.rows[0]?.count);
    expect(count).toBeGreaterThan(0);
    expect(printed[0]).toMatch(/^Venue \d+ .+ \/ .+ \(district [A-Z]\): \d+ stale$/);
    const pointLine = printed.find((line) => line.startsWith('  service point ')) ?? '';
    const id = Number(/service point (\d+)/.exec(pointLine)?.[1]);

    printed.length = 0;
    await run('confirm-service-point', '--id', String(id));
    expect(printed).toEqual([`Confirmed 1 service point(s) as verified now: ${id}.`]);
    const [row] = await database.db
      .select({ at: servicePoint.lastVerifiedAt })
      .from(servicePoint)
      .where(eq(servicePoint.id, id));
    expect(row?.at?.toISOString()).toBe(clock.now().toISOString());
    printed.length = 0;
    await run('stale-report');
    expect(printed.at(-1)).toBe(
      `${count - 1} service point(s) not verified for more than 180 days.`,
    );
    await expect(run('confirm-service-point')).rejects.toThrow(/--id/);
    await expect(run('confirm-service-point', '--id', '99999999')).rejects.toThrow(
      /No such service point/,
    );
  });
});
