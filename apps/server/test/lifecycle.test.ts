// Draining (decision 261): from SIGTERM on `/readyz` answers 503, requests (on new connections
// too) are served for the drain time, then the listener closes and the requests in flight finish.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { drainAndClose } from '../src/lifecycle';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';

let database: TestDatabase;
let app: FastifyInstance;
let port: number;
let entered: () => void;
const slowEntered = new Promise<void>((resolve) => (entered = resolve));
let release: () => void = () => undefined;

/** One request on a connection of its own. */
function get(path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  app = await buildApp({ config: testConfig(), db: database.db });
  app.get('/test/slow', async () => {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('draining', () => {
  it('answers /readyz 503 at once, serves new connections for the drain time, then finishes what is in flight', async () => {
    // Ready once the finder's read model has loaded.
    await expect.poll(async () => (await get('/readyz')).status, { timeout: 20_000 }).toBe(200);
    const slow = get('/test/slow');
    await slowEntered;

    const closing = drainAndClose(app, 4000);
    expect(await get('/readyz')).toEqual({ status: 503, connection: 'close' });
    // A new connection during the drain time is served, and asked to go elsewhere next.
    expect(await get('/healthz')).toEqual({ status: 200, connection: 'close' });

    // After the drain time the listener closes; the request in flight is still running.
    await expect.poll(() => app.server.listening, { timeout: 20_000 }).toBe(false);
    await expect(get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
    release();
    expect((await slow).status).toBe(200);
    await closing;
  }, 30_000);
});
