// Read-only / maintenance mode set in the back office with a reason in both languages and an
// end time (issue 39, decision 302), on two app instances sharing one database: both answer the
// mode with its reason, and both end it at the end time by their own clocks, with no write and
// no timer. The admin's sign-in and switch answer in every mode.
import { fixedClock, type FixedClock } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { environmentSetting } from '../src/db/stakeholder-schema';
import { SERVICE_MODE_SETTINGS_TTL_MS } from '../src/modules/session/service-mode';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { staffSessionCookie } from './ops-support';

const NOW = new Date('2026-12-07T02:00:00.000Z');
// Within a staff session's 30 idle minutes, so one sign-in serves every step.
const ENDS = new Date(NOW.getTime() + 20 * 60_000);
const REASON = {
  reason_en: 'Planned upgrade of the claims system',
  reason_zh: '理賠系統計劃升級',
};
const ZH = { 'accept-language': 'zh-HK' };

let database: TestDatabase;
const instances: { app: FastifyInstance; clock: FixedClock }[] = [];
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  for (let i = 0; i < 2; i += 1) {
    const clock = fixedClock(NOW);
    const app = await buildApp({ config: testConfig(), db: database.db, clock });
    await app.ready();
    instances.push({ app, clock });
  }
  const first = instances[0]?.app;
  if (first === undefined) throw new Error('no app');
  admin = await staffSessionCookie(first, database.db, {
    email: 'mode.admin@clinicpass.example',
    roles: ['admin'],
    now: NOW,
  });
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await database.drop();
});

function instance(i: 0 | 1) {
  const found = instances[i];
  if (found === undefined) throw new Error('no app');
  return found;
}
/** Both instances' clocks at `at` (they agree on the time, as NTP-synchronised hosts do). */
function standAt(at: Date) {
  for (const { clock } of instances) clock.set(at);
}
const setMode = (body: object, cookie = admin) =>
  instance(0).app.inject({
    method: 'PUT',
    url: '/api/ops/service-mode',
    headers: { cookie },
    payload: body,
  });
const readBanks = (i: 0 | 1, headers: Record<string, string> = {}) =>
  instance(i).app.inject({ url: '/api/customer/bank', headers });
const body = (res: LightMyRequestResponse) =>
  res.json<{ code: string; message: string; details?: unknown }>();
const issuePaths = (res: LightMyRequestResponse) =>
  (res.json<{ details?: { issues?: { path: string }[] } }>().details?.issues ?? []).map(
    (issue) => issue.path,
  );
async function storedValue(key: string) {
  const [row] = await database.db
    .select({ value: environmentSetting.value })
    .from(environmentSetting)
    .where(eq(environmentSetting.key, key));
  return row?.value;
}

describe('service mode with a reason and an end time', () => {
  it('puts both instances in maintenance with the reason in both languages, and ends it at the end time on both', async () => {
    standAt(NOW);
    const set = await setMode({ mode: 'maintenance', ...REASON, ends_at: ENDS.toISOString() });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      mode: 'maintenance',
      ...REASON,
      ends_at: ENDS.toISOString(),
      in_force: 'maintenance',
    });

    // The other instance reads the database: the mode, its reason and its end.
    const other = await readBanks(1);
    expect(other.statusCode).toBe(503);
    expect(body(other)).toMatchObject({
      code: 'maintenance',
      details: { ...REASON, ends_at: ENDS.toISOString() },
    });
    expect(other.headers['retry-after']).toBe('1200');
    // The first instance read "normal" while serving the switch; past its interval it agrees.
    standAt(new Date(NOW.getTime() + SERVICE_MODE_SETTINGS_TTL_MS));
    const first = await readBanks(0, ZH);
    expect(first.statusCode).toBe(503);
    expect(body(first)).toMatchObject({
      code: 'maintenance',
      message: '服務正在維護中，請稍後再試',
      details: { ...REASON, ends_at: ENDS.toISOString() },
    });
    expect(first.headers['retry-after']).toBe(String(1200 - SERVICE_MODE_SETTINGS_TTL_MS / 1000));

    // The back office's switch answers in maintenance; its other work waits like everything else.
    const read = await instance(1).app.inject({
      url: '/api/ops/service-mode',
      headers: { cookie: admin },
    });
    expect(read.statusCode, read.body).toBe(200);
    const staffList = await instance(1).app.inject({
      url: '/api/ops/staff',
      headers: { cookie: admin },
    });
    expect(staffList.statusCode).toBe(503);

    standAt(new Date(ENDS.getTime() - 1000));
    for (const i of [0, 1] as const) expect((await readBanks(i)).statusCode).toBe(503);
    // At the end both are back, each by its own clock, without a write: the row still says true.
    standAt(ENDS);
    for (const i of [0, 1] as const) expect((await readBanks(i)).statusCode).toBe(200);
    expect(await storedValue('maintenance_mode')).toBe('true');
    const after = await instance(1).app.inject({
      url: '/api/ops/service-mode',
      headers: { cookie: admin },
    });
    expect(after.json()).toMatchObject({ mode: 'maintenance', in_force: 'normal' });

    // Audited with the person, before and after.
    const audit = await instance(0).app.inject({
      url: '/api/ops/audit?action=service-mode.update',
      headers: { cookie: admin },
    });
    expect(audit.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        actor: 'mode.admin@clinicpass.example',
        roles: ['admin'],
        target_kind: 'setting',
        target_id: 'service-mode',
        before: { mode: 'normal', reason_en: null, reason_zh: null, ends_at: null },
        after: { mode: 'maintenance', ...REASON, ends_at: ENDS.toISOString() },
      }),
    ]);
  });

  it('refuses writes in read-only mode with the reason and no end, answers reads; normal clears both', async () => {
    standAt(new Date(ENDS.getTime() + 60_000));
    const set = await setMode({ mode: 'read_only', ...REASON });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ mode: 'read_only', ends_at: null, in_force: 'read_only' });
    const write = await instance(1).app.inject({
      method: 'POST',
      url: '/api/customer/service-point/1/report',
      payload: { kind: 'phone' },
    });
    expect(write.statusCode).toBe(503);
    expect(body(write)).toMatchObject({
      code: 'read_only_mode',
      details: { ...REASON, ends_at: null },
    });
    expect(write.headers['retry-after']).toBeUndefined();
    expect((await readBanks(1)).statusCode).toBe(200);

    const normal = await setMode({ mode: 'normal' });
    expect(normal.json()).toEqual({
      mode: 'normal',
      reason_en: null,
      reason_zh: null,
      ends_at: null,
      in_force: 'normal',
    });
    standAt(new Date(ENDS.getTime() + 60_000 + SERVICE_MODE_SETTINGS_TTL_MS));
    const again = await instance(1).app.inject({
      method: 'POST',
      url: '/api/customer/service-point/1/report',
      payload: { kind: 'phone' },
    });
    expect(again.statusCode).not.toBe(503);
  });

  it('refuses a mode without its reason in both languages, an end not in the future, and other roles', async () => {
    const now = new Date(ENDS.getTime() + 10 * 60_000);
    standAt(now);
    const noZh = await setMode({ mode: 'maintenance', reason_en: REASON.reason_en });
    expect(noZh.statusCode).toBe(400);
    expect(issuePaths(noZh)).toEqual(['body.reason_zh']);
    const past = await setMode({ mode: 'maintenance', ...REASON, ends_at: now.toISOString() });
    expect(past.statusCode).toBe(400);
    expect(issuePaths(past)).toEqual(['body.ends_at']);
    const normalWithReason = await setMode({ mode: 'normal', reason_en: 'x' });
    expect(normalWithReason.statusCode).toBe(400);
    expect(issuePaths(normalWithReason)).toEqual(['body.reason_en']);
    const service = await staffSessionCookie(instance(0).app, database.db, {
      email: 'mode.service@clinicpass.example',
      roles: ['service'],
      now,
    });
    const notAdmin = await setMode({ mode: 'normal' }, service);
    expect(notAdmin.statusCode).toBe(403);
    expect(body(notAdmin).code).toBe('forbidden');
  });

  it('clears an older reason and end when a mode is switched on by its own setting', async () => {
    const now = new Date(ENDS.getTime() + 20 * 60_000);
    standAt(now);
    const ends = new Date(now.getTime() + 600_000).toISOString();
    expect((await setMode({ mode: 'read_only', ...REASON, ends_at: ends })).statusCode).toBe(200);
    const plain = await instance(0).app.inject({
      method: 'PUT',
      url: '/api/ops/settings/maintenance_mode',
      headers: { cookie: admin },
      payload: { value: 'true' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const read = await instance(0).app.inject({
      url: '/api/ops/service-mode',
      headers: { cookie: admin },
    });
    expect(read.json()).toEqual({
      mode: 'maintenance',
      reason_en: null,
      reason_zh: null,
      ends_at: null,
      in_force: 'maintenance',
    });
    expect(await storedValue('service_mode_ends_at')).toBeNull();
    await instance(0).app.inject({
      method: 'PUT',
      url: '/api/ops/settings/maintenance_mode',
      headers: { cookie: admin },
      payload: { value: 'false' },
    });
  });
});
