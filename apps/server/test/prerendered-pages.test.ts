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
  // A member page: the form's shell to a device holding no member (decision 232).
  {
    pattern: '^/en/outpatient/e-card/member/(?:qr|body-check)/?$',
    withoutCookie: 'cp_member',
    file: 'prerendered/en/member-card-expired.html',
  },
  { pattern: '^/en/outpatient/e-card/member/qr/?$', file: 'prerendered/en/member-qr.html' },
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
  writeFileSync(path.join(webDist, 'prerendered/en/member-card-expired.html'), page('form shell'));
  writeFileSync(path.join(webDist, 'prerendered/en/member-qr.html'), page('qr shell'));
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

  describe('a member page, by whether the device holds a member (decision 232)', () => {
    const withCookie = (url: string, cookie: string) =>
      app.inject({ url, headers: { accept: 'text/html', cookie } });

    it.each([
      ['/en/outpatient/e-card/member/qr', 'form shell'],
      ['/en/outpatient/e-card/member/body-check', 'form shell'],
    ])('sends %s the form’s shell without the cookie', async (url, body) => {
      const response = await getPage(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(body);
      expect(response.headers.vary).toMatch(/\bcookie\b/i);
      // The service worker does not keep it as the address's offline shell.
      expect(response.headers['x-shell-stand-in']).toBe('1');
    });

    it('sends the service worker the page’s own shell, to keep offline', async () => {
      // As it installs, before any look-up: no cookie.
      const kept = await app.inject({
        url: '/en/outpatient/e-card/member/qr',
        headers: { accept: 'text/html', 'x-shell-offline': '1' },
      });
      expect(kept.body).toContain('qr shell');
      expect(kept.headers['x-shell-stand-in']).toBeUndefined();
      expect(kept.headers.vary).toMatch(/\bx-shell-offline\b/i);
    });

    it('sends the QR page its own shell with the cookie, among others', async () => {
      const response = await withCookie(
        '/en/outpatient/e-card/member/qr',
        'cp_lang=en; cp_member=1; other=x',
      );
      expect(response.body).toContain('qr shell');
      expect(response.headers.vary).toMatch(/\bcookie\b/i);
      expect(response.headers['x-shell-stand-in']).toBeUndefined();
    });

    it('sends index.html to a member page without a shell of its own, with the cookie', async () => {
      const response = await withCookie('/en/outpatient/e-card/member/body-check', 'cp_member=1');
      expect(response.body).toContain('index');
    });

    it('does not vary a page without such a shell by cookie', async () => {
      const response = await getPage('/en');
      expect(response.headers.vary ?? '').not.toMatch(/\bcookie\b/i);
    });

    it.each(['cp_member=', 'cp_member=0', 'cp_member=%zz'])(
      'takes %s as no member',
      async (cookie) => {
        const response = await withCookie('/en/outpatient/e-card/member/qr', cookie);
        expect(response.body).toContain('form shell');
      },
    );

    it('answers a HEAD for a member page as its GET', async () => {
      const response = await app.inject({
        method: 'HEAD',
        url: '/en/outpatient/e-card/member/qr',
        headers: { accept: 'text/html', cookie: 'cp_member=1' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-shell-stand-in']).toBeUndefined();
    });
  });
});
