// Spec §7 headers: every log line of a request carries the browser's X-Transaction-Id and the
// session service's X-Device-Id, so one member's visit can be followed through the logs.
import { Writable } from 'node:stream';
import { hkToday, systemClock } from '@clinicpass/shared/time/clock';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { signedInUser } from './identity-helpers';

interface LogLine {
  msg?: string;
  reqId?: string;
  transactionId?: string;
  deviceId?: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let lines: LogLine[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  const config = testConfig();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString().split('\n')) {
        if (text.trim() !== '') lines.push(JSON.parse(text) as LogLine);
      }
      callback();
    },
  });
  app = await buildApp({
    config,
    db: database.db,
    logger: { ...(loggerOptions(config) as object), level: 'info', stream },
  });
  // What a handler reads of the request context, answered as is.
  app.get('/api/customer/context-probe', (request) => {
    const now = request.now;
    return {
      caller: request.caller,
      today: now.today,
      instant: now.instant.toISOString(),
      sameNow: request.now === now,
    };
  });
  app.get('/api/customer/context-probe/private', (request) =>
    request.requireCaller('Sign in to probe'),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(() => {
  lines = [];
});

/** The log lines of one request, found by the request id Fastify gives each line. */
function linesOf(reqId: string): LogLine[] {
  return lines.filter((line) => line.reqId === reqId);
}

describe('request context in the logs', () => {
  it('puts the transaction and device ids on every line of the request', async () => {
    const res = await app.inject({
      url: '/api/customer/country-region',
      headers: { 'x-transaction-id': 'tx-2026-11-24.abc', 'x-device-id': 'device_42' },
    });
    expect(res.statusCode).toBe(200);
    const reqId = lines.find((line) => line.msg === 'request completed')?.reqId;
    expect(reqId).toBeDefined();
    const own = linesOf(reqId!);
    // "incoming request" and "request completed" at least.
    expect(own.length).toBeGreaterThanOrEqual(2);
    for (const line of own) {
      expect(line).toMatchObject({ transactionId: 'tx-2026-11-24.abc', deviceId: 'device_42' });
    }
  });

  it('leaves out an id that is not a plain token, so a header cannot forge log content', async () => {
    await app.inject({
      url: '/api/customer/country-region',
      headers: { 'x-transaction-id': 'tx"}\n{"level":60', 'x-device-id': 'device_7' },
    });
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ deviceId: 'device_7' });
    expect(completed?.transactionId).toBeUndefined();
  });

  it('adds nothing when the request carries neither id', async () => {
    await app.inject({ url: '/api/customer/country-region' });
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toBeDefined();
    expect(completed).not.toHaveProperty('transactionId');
    expect(completed).not.toHaveProperty('deviceId');
  });
});

describe('request context for handlers', () => {
  it('names no caller for a guest, and refuses one where a caller is required', async () => {
    const res = await app.inject('/api/customer/context-probe');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ caller: null, sameNow: true });
    const refused = await app.inject('/api/customer/context-probe/private');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'unauthenticated', message: 'Sign in to probe' });
  });

  it('names the signed-in customer as services take it', async () => {
    const headers = await signedInUser(app, 'context@example.com');
    const probe = await app.inject({ url: '/api/customer/context-probe', headers });
    const { caller } = probe.json<{ caller: { userId: string } }>();
    expect(Object.keys(caller)).toEqual(['userId']);
    const required = await app.inject({ url: '/api/customer/context-probe/private', headers });
    expect(required.json()).toEqual(caller);
  });

  it('reads "now" once from the app clock: the instant and its Hong Kong date', async () => {
    const before = Date.now();
    const res = await app.inject('/api/customer/context-probe');
    const { today, instant } = res.json<{ today: string; instant: string }>();
    expect(Date.parse(instant)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(instant)).toBeLessThanOrEqual(Date.now());
    expect([hkToday(systemClock), hkToday({ now: () => new Date(before) })]).toContain(today);
  });
});
