// Compressed answers (issue 16, decision 147): API answers over 1 KiB and the app's page go out
// as brotli or gzip by the client's Accept-Encoding, with Vary; static files are served from the
// .br/.gz made at build time; a kept finder answer comes compressed like a fresh one.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type * as Zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { chooseEncoding } from '../src/plugins/compression';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { testFactories } from './factories';

// Counts the server's brotli compressions, to see a kept answer compressed once.
const brotliCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  return {
    ...zlib,
    brotliCompressSync: (...args: Parameters<typeof zlib.brotliCompressSync>) => {
      brotliCalls.count += 1;
      return zlib.brotliCompressSync(...args);
    },
  };
});

let database: TestDatabase;
let app: FastifyInstance;
let webDist: string;
/** The primary panel's search for a policy with the medical network. */
let FINDER: string;

const SCRIPT = `export const big = ${JSON.stringify('x'.repeat(5000))};\n`;
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT);
// A page heavier than 1 KiB, as a prerendered shell is.
const INDEX = `<!doctype html><html><head><title>ClinicPass</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'clinicpass-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), SCRIPT_BR);
  writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), SCRIPT_GZ);
  database = await createTestDatabase({ seeded: true });
  const policy = await testFactories(database.db).policy();
  FINDER = `/api/customer/policy/service-point?policy_number=${policy.policyNumber}&page_size=20`;
  app = await buildApp({ config: testConfig({ WEB_DIST_DIR: webDist }), db: database.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(webDist, { recursive: true, force: true });
});

let address = 0;
function get(url: string, acceptEncoding?: string, accept?: string) {
  address += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': `10.9.0.${address}` };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  if (accept !== undefined) headers.accept = accept;
  return app.inject({ url, headers });
}

describe('API answers', () => {
  it('sends a finder page over 1 KiB as brotli, gzip or plain by Accept-Encoding, with Vary', async () => {
    const plain = await get(`${FINDER}&search=`);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get(`${FINDER}&search=`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['content-range']).toBe(plain.headers['content-range']);

    const gzip = await get(`${FINDER}&search=`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('honours q-values: a refused encoding is never used', async () => {
    const gzipOnly = await get(FINDER, 'br;q=0, gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    const preferred = await get(FINDER, 'br;q=0.5, gzip;q=0.9');
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const none = await get(FINDER, 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    JSON.parse(none.body);
  });

  it('leaves an answer of 1 KiB or less as it is', async () => {
    const res = await get('/healthz', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThanOrEqual(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends a kept finder answer compressed, the same answer as the fresh one', async () => {
    const url = `${FINDER}&page=1`;
    const fresh = await get(url, 'br');
    await get(url, 'br'); // the second ask keeps the answer (decision 131)
    const kept = await get(url, 'br');
    const before = brotliCalls.count;
    const keptAgain = await get(url, 'br');
    await get(url, 'br');
    // Compressed once when kept: served again without compressing again.
    expect(brotliCalls.count).toBe(before);
    const keptGzip = await get(url, 'gzip');
    for (const res of [fresh, kept, keptAgain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-range']).toBe(fresh.headers['content-range']);
    }
    const body = brotliDecompressSync(fresh.rawPayload).toString();
    expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(body);
    expect(keptAgain.rawPayload.equals(kept.rawPayload)).toBe(true);
    expect(keptGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(keptGzip.rawPayload).toString()).toBe(body);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it('compresses an error answer over 1 KiB the same way, and a 400 stays a 400', async () => {
    const res = await get(`${FINDER}&page=abc`, 'br');
    expect(res.statusCode).toBe(400);
    const text =
      res.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(res.rawPayload).toString()
        : res.body;
    expect(JSON.parse(text)).toMatchObject({ code: expect.any(String) });
  });
});

describe('static files and the app page', () => {
  it('serves a script from its build-time .br or .gz, with Content-Encoding and Vary', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(SCRIPT_BR)).toBe(true);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the app page (every client route) compressed', async () => {
    const res = await get('/en/outpatient/e-card/member', 'br', 'text/html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>shell</p>');
  });
});

describe('choosing an encoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=1, br;q=0.1', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'],
    ['BR', 'br'],
  ] as const)('Accept-Encoding %j → %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
