// Every route the app registers under /api is in the OpenAPI document (/api/docs/json), with the
// same method, and the document names no route the app does not serve. Routes are collected as
// the app registers them (an `onRoute` hook), so a new route is checked the moment it exists.
// A route left out of the document on purpose (`schema.hide`) must be listed in HIDDEN with why.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPolicyTestApp, type PolicyTestApp } from './policy-support';

/** Routes under /api deliberately kept out of the document, by `METHOD url`, and why. */
const HIDDEN: Record<string, string> = {
  'GET /api/graphql': 'GraphQL has its own schema (introspection), not OpenAPI paths',
  'POST /api/graphql': 'GraphQL has its own schema (introspection), not OpenAPI paths',
  'OPTIONS /api/graphql': 'GraphQL has its own schema (introspection), not OpenAPI paths',
};

/** The documentation's own pages (Swagger UI and the document itself). */
const DOCS_PREFIX = '/api/docs';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Collected {
  key: string;
  hidden: boolean;
}

const collected: Collected[] = [];
let t: PolicyTestApp;

function collect(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const hidden = route.schema?.hide === true;
  for (const method of methods) {
    if (method === 'HEAD') continue;
    collected.push({ key: `${method} ${openApiPath(route.url)}`, hidden });
  }
}

/** `/policy/:id/coverage` → `/policy/{id}/coverage`, as the document writes a path. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ onRoute: collect });
});
afterAll(async () => {
  await t.close();
});

async function documented(): Promise<string[]> {
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
  const keys: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      if (METHODS.includes(method.toUpperCase())) keys.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return keys;
}

describe('the OpenAPI document', () => {
  it('documents every route under /api the app serves, and nothing else', async () => {
    const served = collected.filter((route) => !route.hidden).map((route) => route.key);
    // Not vacuous: routes of every area the platform serves were collected.
    expect(served).toEqual(
      expect.arrayContaining([
        'GET /api/customer/policy/{id}',
        'POST /api/customer/payment-method',
        'GET /api/customer/policy/service-request/{id}/flow-page',
        'POST /api/root/secret/',
        'POST /api/clinic/outpatient/ticket/verify',
      ]),
    );
    const inDocument = new Set(await documented());
    expect(served.filter((key) => !inDocument.has(key))).toEqual([]);
    const servedSet = new Set(served);
    expect([...inDocument].filter((key) => key.includes(' /api/') && !servedSet.has(key))).toEqual(
      [],
    );
  });

  it('hides only the routes listed as deliberately hidden', () => {
    const hidden = collected.filter((route) => route.hidden).map((route) => route.key);
    expect(hidden.sort()).toEqual(Object.keys(HIDDEN).sort());
  });
});

// The contracts themselves, not only their routes: the whole OpenAPI document and the GraphQL
// schema text are kept as snapshots in the repository, so a change to any request, answer or
// error shape shows up in review as a diff of these two files (issue 14: moving the contracts
// into one route table must leave both unchanged, apart from the named twins).
describe('the published contracts', () => {
  it('the OpenAPI document matches its committed snapshot', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, unknown>>();
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/openapi.json',
    );
  });

  it('the GraphQL schema text matches its committed snapshot', async () => {
    const { printSchema, buildSchema } = await import('graphql');
    const { typeDefs } = await import('../src/graphql-contract');
    await expect(`${printSchema(buildSchema(typeDefs))}\n`).toMatchFileSnapshot(
      './__snapshots__/schema.graphql',
    );
  });
});
