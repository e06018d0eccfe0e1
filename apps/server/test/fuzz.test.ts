// Fuzzing every documented route (issue 15): for each operation of the OpenAPI document,
// fast-check generates malformed path parameters, queries, bodies, headers and cookies, driven
// by the route's own JSON schemas (right names, wrong or extreme values), and the address
// spelled in the ways that reach the same route (issue 37: percent-encoded, doubled slashes,
// dot segments, another case); the answer must never be a 5xx, and every error must be in the
// app's format `{ code, message }`. Every route's spellings also answer as its plain address.
// `npm test` runs FUZZ_RUNS (default 200) cases per route with a fixed seed; a longer run is
// `npm run fuzz -- --runs N --seed S`. A failure prints the seed and the request that failed.
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { client, cookiesOf, createUser, PASSWORD, signedInUser } from './identity-helpers';

// 200 cases per route: 45 s of requests for 118 routes, about 60 s for the file, on the shared
// 2-core machine at a load average of 9 (it took 195 s at a load of about 18).
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Routes fuzzed at once (FUZZ_CONCURRENCY); on this 2-core machine one is as fast as four. */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 1);
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 600_000);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  operation: Operation;
}

// ------------------------------------------------------------------------ value generators

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%',
  '%E0%A4%A',
  '2147483648',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '𝒳\u200b\ud800',
  "'; drop table users; --",
  '../../etc/passwd',
  'x'.repeat(5000),
  '2026-02-30',
  '9999-99-99',
  ',,,',
  'A123456(7)',
];
const NASTY_NUMBERS = [0, -1, 1.5, 2147483647, 2147483648, -2147483649, 1e308, -1e308, 2 ** 53];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double());
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value shaped like the schema, with extreme or wrong leaves now and then. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || depth > 4) return garbage;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants !== undefined && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)), garbage);
  }
  const shaped = shapedBy(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: garbage });
}

function shapedBy(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined && schema.enum.length > 0) {
    return fc.oneof(fc.constantFrom(...schema.enum), nastyString);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return nastyString;
    case 'integer':
    case 'number':
      return nastyNumber;
    case 'boolean':
      return fc.oneof(fc.boolean(), nastyString);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const names = Object.keys(properties);
      if (names.length === 0) return fc.dictionary(nastyString, garbage, { maxKeys: 4 });
      return fc.record(
        Object.fromEntries(names.map((name) => [name, fromSchema(properties[name], depth + 1)])),
        { requiredKeys: [] },
      );
    }
    case 'null':
    case undefined:
    default:
      return garbage;
  }
}

/** Percent-encoding; a lone surrogate (which encodeURIComponent refuses) becomes U+FFFD. */
function encode(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** Text for a URL: usually percent-encoded, sometimes raw bad encoding. */
const urlText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: value.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '%zz', '..', '%2F') },
  );

// ------------------------------------------------------------------------ requests

interface Identities {
  bearer: string;
  cookie: string;
}

/** Ways of writing an address that reach the same route (decision 250). */
const SPELLINGS = [
  'encoded',
  'encoded-last',
  'doubled',
  'dot',
  'encoded-dot',
  'detour',
  'case',
] as const;
type Spelling = (typeof SPELLINGS)[number];

const hexOf = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;

/** `path` (no query) written another way that reaches the same route. */
function spell(path: string, spelling: Spelling): string {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.length === 0 ? '' : `/${rest.join('/')}`;
  switch (spelling) {
    case 'encoded':
      return `/${hexOf(first.slice(0, 1))}${first.slice(1)}${tail}`;
    case 'encoded-last': {
      const last = path.at(-1) ?? '';
      return /[A-Za-z0-9._~-]/.test(last) ? `${path.slice(0, -1)}${hexOf(last)}` : path;
    }
    case 'doubled':
      return path.replaceAll('/', '//');
    case 'dot':
      return `${path}/.`;
    case 'encoded-dot':
      return `${path}/%2e`;
    case 'detour':
      return `/${first}/fuzz/..${tail}`;
    case 'case':
      return `/${first.toUpperCase()}${tail}`;
  }
}

function requestFor(route: Route, identities: Identities): fc.Arbitrary<InjectOptions> {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;

  const spelling = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(...SPELLINGS) },
  );
  const path = fc
    .tuple(fc.tuple(...pathParams.map((p) => urlText(fromSchema(p.schema)))), spelling)
    .map(([values, how]) => {
      const plain = pathParams.reduce(
        (url, param, index) => url.replace(`{${param.name}}`, values[index] ?? ''),
        route.path,
      );
      return how === null ? plain : spell(plain, how);
    });
  const query = fc
    .tuple(fc.subarray(queryParams), fc.array(fc.tuple(nastyString, garbage), { maxLength: 2 }))
    .chain(([chosen, extra]) =>
      fc
        .tuple(
          ...chosen.map((p) => urlText(fromSchema(p.schema)).map((v) => `${p.name}=${v}`)),
          ...extra.map(([key, value]) =>
            urlText(fc.constant(value)).map((v) => `${encode(key)}=${v}`),
          ),
        )
        .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`)),
    );
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fromSchema(bodySchema).map((v) => (v === undefined ? 'null' : JSON.stringify(v))),
    },
    { weight: 1, arbitrary: nastyString },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"a":',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ),
    },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  );
  const identity = fc.constantFrom<Record<string, string>>(
    {},
    { authorization: identities.bearer },
    { cookie: identities.cookie },
    { authorization: 'Bearer not-a-token' },
    { cookie: 'cp_access=%E0%A4%A; cp_renew=%; cp_refresh=%' },
  );
  const extraHeaders = fc.record(
    {
      'accept-language': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      'x-captcha': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      'idempotency-key': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      'x-member-view-token': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      'x-clinic-key': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    },
    { requiredKeys: [] },
  );
  const address = fc.tuple(fc.nat(250), fc.nat(250)).map(([a, b]) => `10.77.${a}.${b + 1}`);
  return fc
    .record({ path, query, body, contentType, identity, extraHeaders, address })
    .map(({ path: url, query: qs, body: payload, contentType: type, ...rest }) => {
      const headers: Record<string, string> = {
        'x-forwarded-for': rest.address,
        ...rest.extraHeaders,
        ...rest.identity,
      };
      const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
      if (sendsBody && type !== undefined) headers['content-type'] = type;
      return {
        method: route.method,
        url: `${url}${qs}`,
        headers,
        ...(sendsBody ? { payload } : {}),
      };
    });
}

function describeRequest(options: InjectOptions): string {
  const payload = typeof options.payload === 'string' ? options.payload.slice(0, 300) : '';
  const url = typeof options.url === 'string' ? options.url : JSON.stringify(options.url);
  return `${String(options.method)} ${url} ${JSON.stringify(options.headers)} ${payload}`;
}

// ------------------------------------------------------------------------ the run

let test: TestApp;
let routes: Route[] = [];
let identities: Identities;

async function documentedRoutes(app: FastifyInstance): Promise<Route[]> {
  const res = await app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Partial<Record<string, Operation>>> }>();
  const found: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (operation === undefined) continue;
      found.push({ method: method.toUpperCase() as Route['method'], path, operation });
    }
  }
  return found;
}

beforeAll(async () => {
  test = await buildTestApp({ seeded: true });
  // The finder's read model loads in the background; until then its routes answer 503.
  for (let tries = 0; (await test.app.inject('/readyz')).statusCode !== 200; tries += 1) {
    if (tries > 600) throw new Error('the app did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const bearer = await signedInUser(test.app, 'fuzz-bearer@example.com');
  await createUser(test.app, 'fuzz-cookie@example.com', { password: PASSWORD });
  const signIn = await client(test.app).post('/identity/sign-in', {
    email: 'fuzz-cookie@example.com',
    password: PASSWORD,
  });
  const cookie = Object.values(cookiesOf(signIn))
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
  identities = { bearer: bearer.authorization, cookie };
  routes = await documentedRoutes(test.app);
}, 120_000);
afterAll(async () => {
  await test.close();
});

describe(`fuzzing every documented route (${RUNS} cases each, seed ${SEED})`, () => {
  it('finds the documented routes', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it(
    'answers every spelling of each route’s address as its plain address (issue 37)',
    async () => {
      const differences: string[] = [];
      let address = 0;
      const answer = async (
        method: Route['method'],
        url: string,
        headers: Record<string, string>,
      ) => {
        address += 1;
        const res = await test.app.inject({
          method,
          url,
          headers: { 'x-forwarded-for': `10.78.${address >> 8}.${address & 255}`, ...headers },
        });
        let code: unknown;
        try {
          code = res.json<{ code?: unknown }>().code;
        } catch {
          code = undefined;
        }
        return `${res.statusCode} ${String(code)} ${String(res.headers['cache-control'])}`;
      };
      for (const route of routes) {
        const url = route.path.replace(/\{[^}]+\}/g, '1');
        for (const headers of [{}, { authorization: identities.bearer }] as Record<
          string,
          string
        >[]) {
          const plain = await answer(route.method, url, headers);
          for (const how of SPELLINGS) {
            const spelled = spell(url, how);
            const got = await answer(route.method, spelled, headers);
            if (got !== plain)
              differences.push(`${route.method} ${spelled}: ${got}, plain ${plain}`);
          }
        }
      }
      expect(differences).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'never answers 5xx, and every error is { code, message }',
    async () => {
      const failures: string[] = [];
      const durations: [string, number][] = [];
      const fuzzRoute = async (route: Route, index: number) => {
        const seed = SEED + index;
        const started = performance.now();
        try {
          await fc.assert(
            fc.asyncProperty(requestFor(route, identities), async (options) => {
              const res = await test.app.inject(options);
              if (res.statusCode >= 500) {
                throw new Error(`${res.statusCode} for ${describeRequest(options)}: ${res.body}`);
              }
              if (res.statusCode >= 400) {
                let body: { code?: unknown; message?: unknown };
                try {
                  body = res.json();
                } catch {
                  body = {};
                }
                if (typeof body.code !== 'string' || typeof body.message !== 'string') {
                  throw new Error(
                    `${res.statusCode} not in the error format for ${describeRequest(options)}: ${res.body.slice(0, 300)}`,
                  );
                }
              }
            }),
            { numRuns: RUNS, seed, endOnFailure: true },
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures.push(
            `${route.method} ${route.path} (seed ${seed}; rerun: npm run fuzz -- --runs ${RUNS} --seed ${SEED}):\n${message.split('\n').slice(0, 6).join('\n')}`,
          );
        }
        durations.push([`${route.method} ${route.path}`, performance.now() - started]);
      };
      let next = 0;
      const worker = async () => {
        for (let index = next++; index < routes.length; index = next++) {
          const route = routes[index];
          if (route !== undefined) await fuzzRoute(route, index);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const total = durations.reduce((sum, [, ms]) => sum + ms, 0);
      const slowest = durations.sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(
        `fuzz: ${routes.length} routes × ${RUNS} cases, seed ${SEED}, ${Math.round(total / 1000)} s; slowest: ${slowest.map(([key, ms]) => `${key} ${Math.round(ms)} ms`).join(', ')}`,
      );
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
