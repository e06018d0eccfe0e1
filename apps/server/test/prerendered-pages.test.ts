// Prerendered page shells (issue 16, decision 179): the web build writes each page's static
// shell under dist/prerendered with pages.json naming the addresses it serves; the SPA fallback
// sends that shell for those addresses and index.html for every other page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';

let database: TestDatabase;
let app: FastifyInstance;
let webDist: string;

const page = (name: string) => `<!doctype html><html><head></head><body>${name}</body></html>`;
const PAGES = [
  { pattern: '^/en/?$', file: 'prerendered/en/home.html' },
  { pattern: '^/zh-hk/outpatient/login/?$', file: 'prerendered/zh-hk/login.html' },
  {
    pattern: '^/en/outpatient/doctor-list/outpatient/[^/]+/?$',
    query: 'without',
    file: 'prerendered/en/finder-outpatient.html',
  },
  {
    pattern: '^/en/outpatient/doctor-list/outpatient/[^/]+/?$',
    query: 'with',
    file: 'prerendered/en/finder-results-outpatient.html',
  },
];

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'clinicpass-dist-'));
  mkdirSync(path.join(webDist, 'prerendered/en'), { recursive: true });
  mkdirSync(path.join(webDist, 'prerendered/zh-hk'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), page('index'));
  writeFileSync(path.join(webDist, 'prerendered/en/home.html'), page('home shell'));
  writeFileSync(path.join(webDist, 'prerendered/zh-hk/login.html'), page('login shell'));
  writeFileSync(path.join(webDist, 'prerendered/en/finder-outpatient.html'), page('finder shell'));
  writeFileSync(
    path.join(webDist, 'prerendered/en/finder-results-outpatient.html'),
    page('results shell'),
  );
  writeFileSync(path.join(webDist, 'prerendered/pages.json'), JSON.stringify(PAGES));
  database = await createTestDatabase({ seeded: false });
  app = await buildApp({ config: testConfig({ WEB_DIST_DIR: webDist }), db: database.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(webDist, { recursive: true, force: true });
});

const getPage = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

describe('the SPA fallback', () => {
  it.each([
    ['/en', 'home shell'],
    ['/en/', 'home shell'],
    ['/zh-hk/outpatient/login', 'login shell'],
    ['/zh-hk/outpatient/login?next=%2Fzh-hk', 'login shell'],
    ['/en/outpatient/doctor-list/outpatient/OP1000001', 'finder shell'],
    ['/en/outpatient/doctor-list/outpatient/OP1000001?', 'finder shell'],
    ['/en/outpatient/doctor-list/outpatient/OP1000001?districts=A', 'results shell'],
  ])('sends %s its prerendered shell', async (url, body) => {
    const response = await getPage(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(body);
  });

  it.each([
    // Another panel's finder has no shell here.
    '/en/outpatient/doctor-list/go/OP1000001?services=GP',
    // Only the canonical address: the app redirects the others.
    '/EN',
    '/en/outpatient/login/extra',
    '/zh-hk',
    '/en/no-such-page',
  ])('sends %s index.html', async (url) => {
    const response = await getPage(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('index');
  });
});
