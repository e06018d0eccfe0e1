// Issue 15, holes 1, 2, 5, 6, 9, 10 and 11: each probe an outsider ran over HTTP now answers
// 4xx with a code (or holds). One seeded database; apps with other settings share it.
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { requireExplicitEnvironment } from '../src/config';
import type * as FinderServiceModule from '../src/modules/finder/finder.service';
import { PANELS } from '@clinicpass/shared/constants';
import { buildTestApp, testConfig, type TestApp } from './build-app';
import { client, cookiesOf, createUser, PASSWORD, signedInUser } from './identity-helpers';

// Counts the finder resolver's calls into its service: a refused query makes none.
const calls = vi.hoisted(() => ({ search: 0 }));
vi.mock('../src/modules/finder/finder.service', async (importOriginal) => {
  const original = await importOriginal<typeof FinderServiceModule>();
  return {
    ...original,
    createFinderService: (...args: Parameters<typeof original.createFinderService>) => {
      const service = original.createFinderService(...args);
      const search = service.searchServicePoints.bind(service);
      service.searchServicePoints = (...searchArgs) => {
        calls.search += 1;
        return search(...searchArgs);
      };
      return service;
    },
  };
});

let test: TestApp;
const extraApps: FastifyInstance[] = [];
let bearer: { authorization: string };

/**
 * Another app on the same database with other settings. It only adds jobs (`JOBS: 'off'`): the
 * first app's runner works them, and a runner per app would hold a connection each of the one
 * test pool they share.
 */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ JOBS: 'off', ...env }), db: test.database.db });
  await app.ready();
  extraApps.push(app);
  return app;
}

beforeAll(async () => {
  test = await buildTestApp({ seeded: true });
  bearer = await signedInUser(test.app, 'hardening@example.com');
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await test.close();
});

const EVIL = 'https://evil.example';
const REGIONS = '{ countryRegions { results { code } } }';

function expectErrorBody(body: string, code: string) {
  const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
  expect(parsed.code).toBe(code);
  expect(typeof parsed.message).toBe('string');
}

function graphql(app: FastifyInstance, query: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.15.0.1', ...headers },
    payload: { query },
  });
}

describe('hole 1: GraphQL CORS and CSRF', () => {
  it('gives another origin no CORS headers, on a preflight or a POST', async () => {
    for (const origin of [EVIL, 'null']) {
      const preflight = await test.app.inject({
        method: 'OPTIONS',
        url: '/api/graphql',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const post = await graphql(test.app, REGIONS, { origin });
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
      expect(post.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('names only an origin listed in CORS_ALLOWED_ORIGINS', async () => {
    const partner = 'https://partner.example';
    const app = await appWith({ CORS_ALLOWED_ORIGINS: partner });
    const listed = await app.inject({
      method: 'OPTIONS',
      url: '/api/graphql',
      headers: { origin: partner, 'access-control-request-method': 'POST' },
    });
    expect(listed.headers['access-control-allow-origin']).toBe(partner);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await graphql(app, REGIONS, { origin: EVIL });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a GET without the CSRF header and answers one with it', async () => {
    const url = `/api/graphql?query=${encodeURIComponent(REGIONS)}`;
    const bare = await test.app.inject({ method: 'GET', url });
    expect(bare.statusCode).toBe(403);
    expect(
      bare.json<{ errors: { extensions?: { code?: string } }[] }>().errors[0]?.extensions?.code,
    ).toBe('cross_site_request');
    const withHeader = await test.app.inject({
      method: 'GET',
      url,
      headers: { 'x-graphql-yoga-csrf': '1' },
    });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json<{ data: unknown }>().data).toBeTruthy();
  });
});

describe('hole 2: GraphQL amplification', () => {
  const servicePoint = `servicePoints(panel: "${PANELS.primary}", no_pagination: true) { results { id } }`;
  interface Answer {
    data?: unknown;
    errors?: { message: string; extensions?: { code?: string } }[];
  }

  it('refuses 200 aliases of servicePoints with 400 before any resolver runs', async () => {
    calls.search = 0;
    const aliases = Array.from({ length: 200 }, (_, i) => `a${i}: ${servicePoint}`).join('\n');
    const res = await graphql(test.app, `{ ${aliases} }`);
    expect(res.statusCode).toBe(400);
    expect(res.json<Answer>().errors?.[0]?.extensions?.code).toBe('query_too_complex');
    expect(calls.search).toBe(0);
  });

  it('refuses more than 5 aliases, and a costly query, with 400 before any resolver runs', async () => {
    calls.search = 0;
    const six = Array.from({ length: 6 }, (_, i) => `a${i}: ${servicePoint}`).join(' ');
    const aliased = await graphql(test.app, `{ ${six} }`);
    expect(aliased.statusCode).toBe(400);
    expect(aliased.json<Answer>().errors?.[0]?.message).toMatch(/alias/i);
    expect(aliased.json<Answer>().errors?.[0]?.extensions?.code).toBe('query_too_complex');
    const five = Array.from(
      { length: 5 },
      (_, i) =>
        `a${i}: servicePoints(panel: "${PANELS.primary}", page: ${i + 1}) { results { doctor { payment_info { treatment_properties { treatment { name_en name_zh } unit_en unit_zh quantity type } amount marked_price } name_en name_zh } venue { name_en name_zh district { code name name_en name_zh } address { line_one line_two } } } }`,
    ).join(' ');
    const costly = await graphql(test.app, `{ ${five} }`);
    expect(costly.statusCode).toBe(400);
    expect(costly.json<Answer>().errors?.[0]?.message).toMatch(/cost/i);
    expect(calls.search).toBe(0);
  });

  it('refuses a query with too many fields (tokens) with 400 query_too_complex', async () => {
    calls.search = 0;
    const fields = 'id sequence code name name_en name_zh '.repeat(200);
    const wide = `{ countryRegions { results { ${fields} } } servicePoints(panel: "${PANELS.primary}") { results { id } } }`;
    const res = await graphql(test.app, wide);
    expect(res.statusCode).toBe(400);
    expect(res.json<Answer>().errors?.[0]?.extensions?.code).toBe('query_too_complex');
    expect(calls.search).toBe(0);
    // A fragment counts as what it spreads: the web-sized query still runs, once.
    const fragments = `
      query { servicePoints(panel: "${PANELS.primary}") { ...A } }
      fragment A on ServicePointList { results { doctor { payment_info { treatment_properties { treatment { name_en name_zh } } } } } }
    `;
    expect((await graphql(test.app, fragments)).statusCode).toBe(200);
    expect(calls.search).toBe(1);
  });

  it('refuses a query nested past the depth limit', async () => {
    const nested = `{ servicePoints(panel: "${PANELS.primary}") { results { doctor { payment_info { treatment_properties { treatment { name_en } } } } venue { district { code } } } pagination { total } } countryRegions { results { districts { code } } } }`;
    expect((await graphql(test.app, nested)).statusCode).toBe(200);
    // Introspection types nest as deep as asked: __type → fields → type → ofType …
    const deep = `{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } }`;
    const res = await graphql(test.app, deep);
    expect(res.statusCode).toBe(400);
    expect(res.json<Answer>().errors?.[0]?.extensions?.code).toBe('query_too_complex');
  });

  it('refuses a NUL spelled in a GraphQL string argument', async () => {
    const res = await graphql(
      test.app,
      `{ servicePoints(panel: "${PANELS.primary}", search: "a\\u0000b") { results { id } } }`,
    );
    expect(res.json<Answer>().errors?.[0]?.extensions?.code).toBe('invalid_input');
  });

  it('refuses no_pagination on servicePoints over GraphQL', async () => {
    const res = await graphql(test.app, `{ ${servicePoint} }`);
    const answer = res.json<Answer>();
    expect(answer.errors?.[0]?.extensions?.code).toBe('validation_error');
    expect(answer.errors?.[0]?.message).toContain('no_pagination');
  });

  it('lets every query the web sends through the limits', async () => {
    // The finder's queries, and the tickets query the member card and the finder share.
    const source = ['features/doctor-finder/api/finder-queries.ts', 'lib/tickets.ts']
      .map((file) => readFileSync(path.resolve(import.meta.dirname, '../../web/src', file), 'utf8'))
      .join('\n');
    const queries = [...source.matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g)].map((m) => m[1] ?? '');
    expect(queries.length).toBeGreaterThanOrEqual(4);
    expect(queries.some((query) => query.includes('tickets('))).toBe(true);
    for (const query of queries) {
      const res = await graphql(
        test.app,
        query.replace(/\$\w+: [\w[\]!]+\s*/g, '').replace(/\(\s*\)/g, ''),
      );
      const codes = (res.json<Answer>().errors ?? []).map((e) => e.extensions?.code);
      expect(codes, query).not.toContain('query_too_complex');
    }
  });

  it('has no introspection and no "did you mean" in production', async () => {
    const app = await appWith({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    });
    const introspection = await graphql(app, '{ __schema { types { name } } }');
    expect(introspection.statusCode).toBe(400);
    // The same status whatever the client accepts (curl sends */*, fetch often application/json).
    for (const accept of ['*/*', 'application/json']) {
      const asked = await graphql(app, '{ __type(name: "Query") { name } }', { accept });
      expect(asked.statusCode, `${accept} ${asked.body}`).toBe(400);
      const aliases = Array.from(
        { length: 8 },
        (_, i) => `a${String(i)}: countryRegions { results { code } }`,
      ).join(' ');
      expect((await graphql(test.app, `{ ${aliases} }`, { accept })).statusCode, accept).toBe(400);
    }
    expect(introspection.body).not.toContain('"Query"');
    expect(introspection.json<Answer>().errors?.[0]?.message).toMatch(/introspection is off/i);
    const typo = await graphql(app, '{ countryRegion { results { code } } }');
    expect(typo.body).not.toMatch(/did you mean/i);
    // Outside production both still help a developer.
    expect((await graphql(test.app, '{ countryRegion { results { code } } }')).body).toMatch(
      /did you mean/i,
    );
  });
});

describe('hole 5: undecodable cookies count as absent', () => {
  const cookies = ['cp_access=%E0%A4%A', 'cp_renew=%', 'cp_refresh=%'];
  const urls = ['/', '/healthz', '/api/customer/policy', '/api/customer/product', '/en'];

  it('answers every route as for a guest, never 500', async () => {
    for (const cookie of cookies) {
      for (const url of urls) {
        const res = await test.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, `${cookie} ${url}`).toBeLessThan(500);
      }
      const refresh = await test.app.inject({
        method: 'POST',
        url: '/identity/refresh',
        headers: { cookie },
      });
      expect(refresh.statusCode).toBeLessThan(500);
    }
    const policy = await test.app.inject({
      url: '/api/customer/policy',
      headers: { cookie: 'cp_access=%E0%A4%A; cp_renew=%' },
    });
    expect(policy.statusCode).toBe(401);
  });
});

describe('hole 6: bad input answers 400 with a code', () => {
  it('refuses ids at or past 2147483648', async () => {
    for (const url of [
      '/api/customer/policy/2147483648',
      '/api/customer/policy/99999999999999999999',
    ]) {
      const res = await test.app.inject({ url, headers: bearer });
      expect(res.statusCode, url).toBe(400);
      expectErrorBody(res.body, 'validation_error');
    }
    const bookmark = await test.app.inject({
      method: 'PUT',
      url: '/api/customer/service-point/2147483648/bookmark',
      headers: bearer,
    });
    expect(bookmark.statusCode).toBe(400);
    const body = await test.app.inject({
      method: 'POST',
      url: '/api/customer/policy-survey-attempt',
      headers: bearer,
      payload: { policy: 2147483648, attempt: {} },
    });
    expect(body.statusCode).toBe(400);
  });

  it('refuses a NUL character in any query, path or body string', async () => {
    const probes = [
      { method: 'GET' as const, url: '/api/customer/service-request?search=%00' },
      { method: 'GET' as const, url: '/api/customer/invoice?company=%00' },
      { method: 'GET' as const, url: '/api/customer/stakeholder/1%00' },
      {
        method: 'POST' as const,
        url: '/api/customer/stakeholder',
        payload: { name_en: 'A\u0000B' },
      },
      {
        method: 'POST' as const,
        url: '/api/customer/policy-survey-attempt',
        payload: { policy: 1, attempt: { 'q\u0000': 'yes' } },
      },
    ];
    for (const probe of probes) {
      const res = await test.app.inject({ ...probe, headers: bearer });
      expect(res.statusCode, probe.url).toBe(400);
      expectErrorBody(res.body, 'invalid_input');
    }
  });

  it('refuses JSON nested 20,000 deep, and a free-form field past its limits', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/customer/policy-survey-attempt',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: `{"policy":1,"attempt":{"a":${deep}}}`,
    });
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.body, 'invalid_input');

    let nested: unknown = 'x';
    for (let i = 0; i < 12; i += 1) nested = { n: nested };
    const tooDeep = await test.app.inject({
      method: 'POST',
      url: '/api/customer/policy-survey-attempt',
      headers: bearer,
      payload: { policy: 1, attempt: nested as Record<string, unknown> },
    });
    expect(tooDeep.statusCode).toBe(400);
    expectErrorBody(tooDeep.body, 'validation_error');

    const tooBig = await test.app.inject({
      method: 'POST',
      url: '/api/customer/policy-survey-attempt',
      headers: bearer,
      payload: { policy: 1, attempt: { a: 'x'.repeat(40_000) } },
    });
    expect(tooBig.statusCode).toBe(400);
    expectErrorBody(tooBig.body, 'validation_error');
  });
});

describe('hole 9: cross-site state changes with cookies', () => {
  async function cookieSession(): Promise<string> {
    const email = `cross-site-${Date.now()}-${Math.random()}@example.com`;
    await createUser(test.app, email, { password: PASSWORD });
    const res = await client(test.app).post('/identity/sign-in', { email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const access = cookiesOf(res).cp_access ?? '';
    return access.split(';')[0] ?? '';
  }

  it('refuses a cross-site POST that relies on cookies with 403 cross_site_request', async () => {
    const cookie = await cookieSession();
    for (const headers of [
      { origin: EVIL },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      for (const url of ['/identity/sign-out', '/api/customer/outpatient/submit/1']) {
        const res = await test.app.inject({ method: 'POST', url, headers: { cookie, ...headers } });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expectErrorBody(res.body, 'cross_site_request');
      }
    }
    // The session was not signed out by any of them.
    const still = await test.app.inject({ url: '/api/customer/policy', headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it('keeps the app’s own requests and cookie-less ones working', async () => {
    const cookie = await cookieSession();
    const sameOrigin = await test.app.inject({
      method: 'POST',
      url: '/identity/sign-out',
      headers: { cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBeLessThan(300);
    // Behind a proxy or the dev server: the page's origin is the Host the request came to.
    const viaHost = await test.app.inject({
      method: 'POST',
      url: '/identity/sign-out',
      headers: {
        cookie: await cookieSession(),
        host: 'members.clinicpass.example:8443',
        origin: 'https://members.clinicpass.example:8443',
      },
    });
    expect(viaHost.statusCode).toBeLessThan(300);
    // No cookies: nothing to forge (a partner server, a bearer client).
    const noCookie = await test.app.inject({
      method: 'POST',
      url: '/api/customer/outpatient/submit/1',
      headers: { origin: EVIL, ...bearer },
    });
    expect(noCookie.statusCode).not.toBe(403);
  });
});

describe('hole 10: transport and caching', () => {
  it('sends HSTS and Secure cookies when PUBLIC_URL is https, without TRUST_PROXY', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://clinicpass.example', TRUST_PROXY: 'false' });
    const home = await app.inject('/healthz');
    const hsts = String(home.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    const email = 'secure-cookie@example.com';
    await createUser(app, email, { password: PASSWORD });
    const res = await client(app).post('/identity/sign-in', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookies = Object.values(cookiesOf(res));
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) expect(line).toMatch(/; Secure/);
    // Plain http on a laptop: no HSTS.
    expect(
      (await test.app.inject('/healthz')).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it('marks personal and authenticated answers no-store', async () => {
    for (const url of ['/api/customer/policy', '/api/customer/payment-method', '/identity/me']) {
      const res = await test.app.inject({ url, headers: bearer });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const tickets = await graphql(test.app, '{ tickets(policy_id: "1") { token } }', bearer);
    expect(tickets.headers['cache-control']).toBe('no-store');
  });

  it('answers framework errors in the app’s error format', async () => {
    const badUrl = await test.app.inject('/api/customer/policy/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expectErrorBody(badUrl.body, 'bad_request');
    expect(badUrl.body).not.toContain('FST_ERR');
    const badJson = await test.app.inject({
      method: 'POST',
      url: '/api/customer/stakeholder',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"name_en":',
    });
    expect(badJson.statusCode).toBe(400);
    expectErrorBody(badJson.body, 'invalid_json');
    const tooLarge = await test.app.inject({
      method: 'POST',
      url: '/api/customer/stakeholder',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name_en: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expectErrorBody(tooLarge.body, 'payload_too_large');
    const missing = await test.app.inject('/api/customer/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expectErrorBody(missing.body, 'route_not_found');
    const longParam = await test.app.inject(`/api/customer/policy/${'1'.repeat(300)}`);
    expect(longParam.statusCode).toBeLessThan(500);
    expect(longParam.body).not.toContain('FST_ERR');
  });
});

describe('hole 11: an external database needs an explicit NODE_ENV', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'clinicpass-env-'));

  it('refuses to start on DATABASE_URL with no NODE_ENV, saying why in one sentence', () => {
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const result = spawnSync(tsx, [path.resolve(import.meta.dirname, '../src/server.ts')], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/NODE_ENV/);
    expect(lines[0]).toMatch(/DATABASE_URL/);
  });

  it('accepts NODE_ENV=test with DATABASE_URL (CI), and no DATABASE_URL (npm start)', () => {
    expect(() => {
      requireExplicitEnvironment({ DATABASE_URL: 'postgres://x@h/db', NODE_ENV: 'test' });
    }).not.toThrow();
    expect(() => {
      requireExplicitEnvironment({});
    }).not.toThrow();
    expect(() => {
      requireExplicitEnvironment({ DATABASE_URL: 'postgres://x@h/db' });
    }).toThrow(/NODE_ENV/);
  });
});
