// The policy owner's portal (issue 20, decision 194): a page of its own in the web build,
// dist/portal/index.html, served at /portal/ (its routes are in the hash); /portal goes there.
// Its prerendered shell (decision 211) is chosen by the visitor's Accept-Language.
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

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'clinicpass-dist-'));
  mkdirSync(path.join(webDist, 'portal/prerendered'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), page('member app'));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(webDist, 'portal/index.html'), page('portal page'));
  writeFileSync(path.join(webDist, 'portal/prerendered/en.html'), page('portal page, en shell'));
  writeFileSync(
    path.join(webDist, 'portal/prerendered/zh-hk.html'),
    page('portal page, zh-hk shell'),
  );
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

describe('the icon', () => {
  it('answers /favicon.ico (asked by a browser for a PDF in its own tab) with the SVG icon', async () => {
    const response = await app.inject({ url: '/favicon.ico' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

describe('the portal page', () => {
  it.each(['/portal/', '/portal/?from=membership', '/portal/index.html'])(
    'answers %s with the portal',
    async (url) => {
      const response = await getPage(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('portal page');
    },
  );

  it.each([
    ['zh-HK,zh;q=0.9,en;q=0.8', 'zh-hk shell'],
    ['zh-TW', 'zh-hk shell'],
    ['en-GB,en;q=0.9', 'en shell'],
    ['fr-FR', 'en shell'],
    [undefined, 'en shell'],
  ])('sends Accept-Language %s the %s', async (acceptLanguage, shell) => {
    const response = await app.inject({
      url: '/portal/',
      headers: {
        accept: 'text/html',
        ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(shell);
    expect(response.headers.vary).toContain('accept-language');
  });

  it('sends /portal on to /portal/, query kept', async () => {
    const bare = await getPage('/portal');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/portal/');
    const withQuery = await getPage('/portal?x=1');
    expect(withQuery.headers.location).toBe('/portal/?x=1');
  });

  it('keeps the member app everywhere else, the /portal-like ones included', async () => {
    for (const url of ['/en', '/en/portal', '/portals']) {
      const response = await getPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('member app');
    }
  });

  it('answers a missing portal script with 404, not a page', async () => {
    const response = await app.inject({ url: '/portal/assets/nothing.js' });
    expect(response.statusCode).toBe(404);
  });
});
