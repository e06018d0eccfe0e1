// The finder's GraphQL path as the screen uses it (issues 14 and 17, decision 177): the known
// query sent as GET (query and variables in the address, with the CSRF header) is answered from
// the finder's written JSON, byte for byte what GraphQL's execution writes; a repeated question
// comes from the answer cache with its compressed bytes; GETs carry an ETag and Cache-Control and
// answer 304 to If-None-Match; a member never gets a guest's answer or tag, tickets are no-store.
import { brotliDecompressSync } from 'node:zlib';
import type * as FinderAnswersModule from '../src/modules/finder/finder.answers';
import type * as FinderServiceModule from '../src/modules/finder/finder.service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../src/db/seed/demo';
import { buildApp } from '../src/app';
import { buildTestApp, testConfig, type TestApp } from './build-app';
import { signedInUser } from './identity-helpers';

// Counts the searches the finder service makes (a kept answer makes none).
const calls = vi.hoisted(() => ({ json: 0, objects: 0 }));
vi.mock('../src/modules/finder/finder.service', async (importOriginal) => {
  const original = await importOriginal<typeof FinderServiceModule>();
  return {
    ...original,
    createFinderService: (...args: Parameters<typeof original.createFinderService>) => {
      const service = original.createFinderService(...args);
      const json = service.searchServicePointsJson.bind(service);
      service.searchServicePointsJson = (...searchArgs) => {
        calls.json += 1;
        return json(...searchArgs);
      };
      const objects = service.searchServicePoints.bind(service);
      service.searchServicePoints = (...searchArgs) => {
        calls.objects += 1;
        return objects(...searchArgs);
      };
      return service;
    },
  };
});

// The answer caches made (the first is the test app's), to read what they keep.
const caches = vi.hoisted(() => [] as FinderAnswersModule.AnswerCache[]);
vi.mock('../src/modules/finder/finder.answers', async (importOriginal) => {
  const original = await importOriginal<typeof FinderAnswersModule>();
  return {
    ...original,
    createAnswerCache: (...args: Parameters<typeof original.createAnswerCache>) => {
      const cache = original.createAnswerCache(...args);
      caches.push(cache);
      return cache;
    },
  };
});

let test: TestApp;
let member: { authorization: string };
beforeAll(async () => {
  test = await buildTestApp({ seeded: true });
  member = await signedInUser(test.app, 'graphql-cache@example.com');
});
afterAll(async () => {
  await test.close();
});

let address = 0;
function nextAddress(): string {
  address += 1;
  return `10.17.${address >> 8}.${address & 255}`;
}

const POLICY = DEMO.workingCard.policyNumber;

const CARD = `
  id is_bookmarked create_date update_date
  doctor { id name_en name_zh phones { no label }
    payment_info { service { code } amount marked_price
      treatment_properties { type quantity unit_en unit_zh treatment { name_en name_zh } } } }
  venue { id name_en name_zh district { code name name_en name_zh } address { line_one line_two }
    location { latitude longitude } }
  service { id slug code name name_en name_zh }
  specialty { id slug description_en description_zh }
  last_verified_at details_stale flagged distance_m
  opening { state until opens_at open_sunday hours_text { en zh } hours_note { en zh } }`;

const ARGS = `$panel: String!, $policy_number: String, $page: Int, $page_size: Int,
  $district_codes: [String!], $service_ids: [ID!], $search: String, $expand_until_found: Boolean`;
const PASS = `panel: $panel, policy_number: $policy_number, page: $page, page_size: $page_size,
  district_codes: $district_codes, service_ids: $service_ids, search: $search,
  expand_until_found: $expand_until_found`;

/** The screen's known query: every field of every result, pagination, expanded_from. */
const KNOWN = `query ServicePoints(${ARGS}) { servicePoints(${PASS}) {
  results { ${CARD} } pagination { start end total }
  expanded_from { district_codes level searched_district_codes } } }`;
/**
 * The same selection with a directive: GraphQL's execution answers it. (Through a fragment it
 * would cost more than the limit since cards say when they were checked and if open, issue 19.)
 */
const EXECUTED = `query ServicePoints(${ARGS}) { servicePoints(${PASS}) {
  results @include(if: true) { ${CARD} } pagination { start end total }
  expanded_from { district_codes level searched_district_codes } } }`;

const BASE = { 'x-graphql-yoga-csrf': '1', accept: 'application/json' };

function get(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
  return test.app.inject({
    method: 'GET',
    url: `/api/graphql?${params.toString()}`,
    headers: { ...BASE, 'x-forwarded-for': nextAddress(), ...headers },
  });
}

function post(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
      ...headers,
    },
    payload: JSON.stringify({ query, variables }),
  });
}

interface Answer {
  data?: {
    servicePoints?: {
      results: { id: number; is_bookmarked: boolean }[];
      pagination: { total: number };
    };
  };
  errors?: { extensions?: { code?: string } }[];
}

describe('GraphQL GET of the known finder query', () => {
  it('answers byte for byte what GraphQL execution answers, by GET and by POST', async () => {
    for (const [variables, headers] of [
      [{ panel: 'outpatient', policy_number: POLICY, page: 2, page_size: 5, search: 'a' }, {}],
      [{ panel: 'go', search: '陳', page_size: 10 }, { 'accept-language': 'zh-HK' }],
      [
        {
          panel: 'outpatient',
          policy_number: POLICY,
          district_codes: 'T',
          expand_until_found: true,
        },
        {},
      ],
    ] as const) {
      const executed = await post(EXECUTED, variables, headers);
      expect(executed.statusCode).toBe(200);
      const answer = executed.json<Answer>();
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.servicePoints?.pagination.total).toBeGreaterThan(0);
      const fast = await get(KNOWN, variables, headers);
      expect(fast.statusCode).toBe(200);
      expect(fast.headers['content-type']).toBe(executed.headers['content-type']);
      expect(fast.body).toBe(executed.body);
      expect((await post(KNOWN, variables, headers)).body).toBe(executed.body);
    }
    // Without expanded_from in the selection, none in the answer.
    const without = KNOWN.replace(
      'expanded_from { district_codes level searched_district_codes }',
      '',
    );
    const variables = { panel: 'go', page_size: 3 };
    expect((await get(without, variables)).body).toBe(
      (await post(without.replace('query ServicePoints', 'query Other'), variables)).body,
    );
  });

  it('refuses a GET without the CSRF header before any search', async () => {
    calls.json = 0;
    calls.objects = 0;
    const params = new URLSearchParams({ query: KNOWN, variables: '{"panel":"go"}' });
    const bare = await test.app.inject({
      method: 'GET',
      url: `/api/graphql?${params.toString()}`,
      headers: { accept: 'application/json', 'x-forwarded-for': nextAddress() },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json<Answer>().errors?.[0]?.extensions?.code).toBe('cross_site_request');
    expect(calls.json + calls.objects).toBe(0);
    expect((await get(KNOWN, { panel: 'go' })).statusCode).toBe(200);
    expect(calls.json).toBe(1);
  });

  it('answers refusals as GraphQL errors, not cached', async () => {
    const noAccess = await get(KNOWN, {
      panel: 'outpatient',
      policy_number: DEMO.noNetwork.policyNumber,
    });
    expect(noAccess.json<Answer>().errors?.[0]?.extensions?.code).toBe('no_access');
    expect(noAccess.headers.etag).toBeUndefined();
    expect(noAccess.headers['cache-control']).toBe('private, no-store');
    const bad = await get(KNOWN, { panel: 'outpatient', policy_number: POLICY, page: 0 });
    expect(bad.json<Answer>().errors?.[0]?.extensions?.code).toBe('validation_error');
    expect(bad.headers.etag).toBeUndefined();
    const wrongType = await get(KNOWN, { panel: 'go', page: 'two' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.headers.etag).toBeUndefined();
  });

  it('serves a repeated guest question from the answer cache and its compressed bytes', async () => {
    const variables = { panel: 'outpatient', policy_number: POLICY, search: 'clinic', page: 1 };
    const headers = { 'accept-encoding': 'br' };
    calls.json = 0;
    calls.objects = 0;
    const first = await get(KNOWN, variables, headers);
    const second = await get(KNOWN, variables, headers);
    // Kept the second time it is asked (decision 131); from then on no search at all.
    expect(calls.json).toBe(2);
    const third = await get(KNOWN, variables, headers);
    const fourth = await get(KNOWN, variables, headers);
    expect(calls.json).toBe(2);
    expect(calls.objects).toBe(0);
    for (const res of [first, second, third, fourth]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
    }
    expect(third.rawPayload.equals(fourth.rawPayload)).toBe(true);
    const plain = brotliDecompressSync(third.rawPayload).toString('utf8');
    expect(plain).toBe(brotliDecompressSync(first.rawPayload).toString('utf8'));
    expect(JSON.parse(plain)).toEqual((await post(EXECUTED, variables)).json());
    // New variables are a new question: searched again.
    await get(KNOWN, { ...variables, page: 2 });
    expect(calls.json).toBe(3);
  });
});

describe('answer cache memory on the GraphQL path', () => {
  it('counts the GraphQL body and each compressed form of a kept answer in its budget', async () => {
    const cache = caches[0];
    if (cache === undefined) throw new Error('no answer cache');
    const variables = { panel: 'outpatient', policy_number: POLICY, search: 'road', page: 1 };
    await get(KNOWN, variables);
    const before = cache.bytes;
    const sizeBefore = cache.size;
    // The second ask keeps the answer: its REST JSON and key are counted.
    const kept = await get(KNOWN, variables);
    expect(cache.size).toBe(sizeBefore + 1);
    expect(cache.bytes - before).toBeGreaterThan(kept.rawPayload.length / 2);
    // Served from the cache: the GraphQL body is written once, kept and counted.
    let at = cache.bytes;
    const plain = await get(KNOWN, variables);
    expect(plain.body).toBe(kept.body);
    const body = plain.rawPayload.length;
    expect(cache.bytes - at).toBeGreaterThanOrEqual(body);
    expect(cache.bytes - at).toBeLessThan(body + 256);
    // Each compressed form too, once per encoding.
    for (const encoding of ['br', 'gzip']) {
      at = cache.bytes;
      const compressed = await get(KNOWN, variables, { 'accept-encoding': encoding });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      const bytes = compressed.rawPayload.length;
      expect(cache.bytes - at).toBeGreaterThanOrEqual(bytes);
      expect(cache.bytes - at).toBeLessThan(bytes + 256);
      at = cache.bytes;
      const again = await get(KNOWN, variables, { 'accept-encoding': encoding });
      expect(again.rawPayload.equals(compressed.rawPayload)).toBe(true);
      expect(cache.bytes).toBe(at);
    }
    // Without expanded_from the query is another shape: another body, counted too.
    const without = KNOWN.replace(
      'expanded_from { district_codes level searched_district_codes }',
      '',
    );
    await get(without, variables);
    await get(without, variables);
    at = cache.bytes;
    const other = await get(without, variables);
    expect(cache.bytes - at).toBeGreaterThanOrEqual(other.rawPayload.length);
  });
});

describe('HTTP caching of GraphQL GETs', () => {
  // A question naming a policy is never cached (issue 37, decision 253): the second panel's.
  const variables = { panel: 'go', page_size: 4 };

  it('answers a question naming a policy private, no-store, with no ETag', async () => {
    const named = await get(KNOWN, { panel: 'outpatient', policy_number: POLICY, page_size: 4 });
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('private, no-store');
    expect(named.headers.etag).toBeUndefined();
  });

  it("gives a guest's answer an ETag and public revalidation, and answers 304 to it", async () => {
    const first = await get(KNOWN, variables);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"f\d+-/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(String(first.headers.vary)).toMatch(/accept-language/);
    const again = await get(KNOWN, variables, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another page, another language, another policy's question: other tags.
    const page = await get(KNOWN, { ...variables, page: 2 }, { 'if-none-match': etag });
    expect(page.statusCode).toBe(200);
    expect(page.headers.etag).not.toBe(etag);
    const zh = await get(KNOWN, variables, { 'if-none-match': etag, 'accept-language': 'zh-HK' });
    expect(zh.statusCode).toBe(200);
    const other = await get(
      KNOWN,
      { ...variables, policy_number: DEMO.bodyCheckNotDue.policyNumber },
      { 'if-none-match': etag },
    );
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("never gives a member a guest's answer or tag; a member's answer is private", async () => {
    const guest = await get(KNOWN, variables);
    const guestAnswer = guest.json<Answer>();
    const id = guestAnswer.data?.servicePoints?.results[0]?.id as number;
    expect(guestAnswer.data?.servicePoints?.results[0]?.is_bookmarked).toBe(false);
    await get(KNOWN, variables); // now kept for guests
    const bookmark = await test.app.inject({
      method: 'PUT',
      url: `/api/customer/service-point/${id}/bookmark`,
      headers: { ...member, 'x-forwarded-for': nextAddress() },
    });
    expect(bookmark.statusCode).toBe(200);
    const mine = await get(KNOWN, variables, {
      ...member,
      'if-none-match': guest.headers.etag as string,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.etag).toMatch(/^W\/"m/);
    const results = mine.json<Answer>().data?.servicePoints?.results ?? [];
    expect(results.find((result) => result.id === id)?.is_bookmarked).toBe(true);
    const again = await get(KNOWN, variables, {
      ...member,
      'if-none-match': mine.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    // The guest still gets the guest's answer.
    const guestAgain = await get(KNOWN, variables);
    expect(guestAgain.body).toBe(guest.body);
  });

  it('caches reference data GETs by their bytes, and never tickets', async () => {
    const regions = '{ countryRegions { results { code } } }';
    const first = await get(regions, {});
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await get(regions, {}, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const tickets = await get(
      'query ($id: String!) { tickets(policy_id: $id) { token } }',
      {
        id: '1',
      },
      member,
    );
    expect(tickets.headers['cache-control']).toBe('no-store');
    expect(tickets.headers.etag).toBeUndefined();
  });

  it('keeps CORS as Yoga answers it: a listed origin is named, with Vary: Origin', async () => {
    const partner = 'https://partner.example';
    const app = await buildApp({
      config: testConfig({ CORS_ALLOWED_ORIGINS: partner }),
      db: test.database.db,
    });
    try {
      await app.ready();
      const params = new URLSearchParams({
        query: KNOWN,
        variables: JSON.stringify({ panel: 'go', page_size: 2 }),
      });
      const ask = (origin: string) =>
        app.inject({
          method: 'GET',
          url: `/api/graphql?${params.toString()}`,
          headers: { ...BASE, origin, 'x-forwarded-for': nextAddress() },
        });
      const listed = await ask(partner);
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe(partner);
      expect(String(listed.headers.vary)).toMatch(/origin/i);
      expect(String(listed.headers.vary)).toMatch(/accept-language/);
      const other = await ask('https://evil.example');
      expect(other.statusCode).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.body).toBe(listed.body);
    } finally {
      await app.close();
    }
  });
});
