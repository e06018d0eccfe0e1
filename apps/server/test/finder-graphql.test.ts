// GraphQL at /api/graphql answers the finder's queries with the same data as REST, and its
// errors carry the API error codes.
import {
  type CountryRegionList,
  type HealthcareServiceList,
  MAX_PAGE,
  type ServicePointList,
} from '@clinicpass/shared/schemas/finder';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { testFactories } from './factories';

let test: TestApp;
/** A policy with the medical network (outpatient panel), and one without (a VHIS policy). */
let POLICY: string;
let NO_NETWORK: string;
beforeAll(async () => {
  test = await buildTestApp({ seeded: true });
  const f = testFactories(test.database.db);
  POLICY = (await f.policy()).policyNumber;
  const vhis = await f.productByCode('VHIS-FLEXI');
  NO_NETWORK = (await f.policy({ productId: vhis.id })).policyNumber;
});
afterAll(async () => {
  await test.close();
});

let address = 0;
function nextAddress(): string {
  address += 1;
  return `10.2.0.${address}`;
}

interface GraphQLAnswer<Data> {
  data?: Data | null;
  errors?: {
    message: string;
    path?: string[];
    extensions?: { code?: string; details?: { issues?: { path: string }[] } };
  }[];
}

async function graphql<Data>(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    payload: JSON.stringify({ query, variables }),
  });
  return { res, body: res.json<GraphQLAnswer<Data>>() };
}

async function rest<Body>(url: string, headers: Record<string, string> = {}) {
  const res = await test.app.inject({
    url,
    headers: { 'x-forwarded-for': nextAddress(), ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body>();
}

const SERVICE_POINT_FIELDS = `
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

const SERVICE_POINTS = `
  query ($panel: String!, $policy_number: String, $page: Int, $page_size: Int,
         $district_codes: [String!], $service_ids: [ID!], $specialty_slug: [String!],
         $search: String, $price_range: String, $expand_until_found: Boolean, $near: String) {
    servicePoints(panel: $panel, policy_number: $policy_number, page: $page, page_size: $page_size,
      district_codes: $district_codes, service_ids: $service_ids, specialty_slug: $specialty_slug,
      search: $search, price_range: $price_range, expand_until_found: $expand_until_found,
      near: $near) {
      results { ${SERVICE_POINT_FIELDS} }
      pagination { start end total }
      expanded_from { district_codes level searched_district_codes }
    }
  }`;

async function serviceId(code: string): Promise<number> {
  const result = await test.database.db.execute<{ id: number }>(
    sql`SELECT id FROM healthcare_service WHERE code = ${code}`,
  );
  return result.rows[0]?.id ?? -1;
}

/** REST's body with GraphQL's absent optional field written as null. */
function asGraphQL(list: ServicePointList) {
  return { ...list, expanded_from: list.expanded_from ?? null };
}

describe('GraphQL finder queries', () => {
  it('servicePoints on the primary panel returns what REST returns', async () => {
    const gp = await serviceId('GP');
    const sp = await serviceId('SP');
    const { body } = await graphql<{ servicePoints: ServicePointList }>(SERVICE_POINTS, {
      panel: 'outpatient',
      policy_number: POLICY,
      page: 2,
      page_size: 5,
      district_codes: ['A', 'B'],
      service_ids: [String(gp), String(sp)],
      search: 'a',
      price_range: '0,1500',
    });
    expect(body.errors).toBeUndefined();
    const expected = await rest<ServicePointList>(
      `/api/customer/policy/service-point?policy_number=${POLICY}&page=2&page_size=5&district_codes=A,B&service_ids=${gp},${sp}&search=a&price_range=0,1500`,
    );
    expect(expected.results.length).toBeGreaterThan(0);
    expect(body.data?.servicePoints).toEqual(asGraphQL(expected));
  });

  it('servicePoints near a point returns what REST returns, nearest first, and refuses a bad point', async () => {
    const { body } = await graphql<{ servicePoints: ServicePointList }>(SERVICE_POINTS, {
      panel: 'outpatient',
      policy_number: POLICY,
      page: 2,
      page_size: 5,
      near: '22.3193,114.1694',
    });
    expect(body.errors).toBeUndefined();
    const expected = await rest<ServicePointList>(
      `/api/customer/policy/service-point?policy_number=${POLICY}&page=2&page_size=5&near=22.3193,114.1694`,
    );
    expect(expected.results.every((point) => point.distance_m !== null)).toBe(true);
    expect(body.data?.servicePoints).toEqual(asGraphQL(expected));

    const bad = await graphql<{ servicePoints: ServicePointList }>(SERVICE_POINTS, {
      panel: 'outpatient',
      policy_number: POLICY,
      near: '22.3193',
    });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('validation_error');
    expect(bad.body.errors?.[0]?.message).toMatch(/near/);
  });

  it('servicePoints in Chinese text, on the second panel, and expanded, match REST', async () => {
    const zh = { 'accept-language': 'zh-HK' };
    const second = await graphql<{ servicePoints: ServicePointList }>(
      SERVICE_POINTS,
      { panel: 'go', search: '陳', page_size: 10 },
      zh,
    );
    const secondRest = await rest<ServicePointList>(
      `/api/customer/policy/service-point/outpatient-go?search=${encodeURIComponent('陳')}&page_size=10`,
      zh,
    );
    expect(secondRest.pagination.total).toBeGreaterThan(0);
    expect(second.body.data?.servicePoints).toEqual(asGraphQL(secondRest));

    const gp = await serviceId('GP');
    const expanded = await graphql<{ servicePoints: ServicePointList }>(SERVICE_POINTS, {
      panel: 'outpatient',
      policy_number: POLICY,
      district_codes: ['T'],
      service_ids: [gp],
      expand_until_found: true,
    });
    const expandedRest = await rest<ServicePointList>(
      `/api/customer/policy/service-point?policy_number=${POLICY}&district_codes=T&service_ids=${gp}&expand_until_found=true`,
    );
    expect(expandedRest.expanded_from?.level).toBe('nearby');
    expect(expanded.body.data?.servicePoints).toEqual(asGraphQL(expandedRest));
  });

  it('services and countryRegions return what REST returns', async () => {
    const { body } = await graphql<{
      services: HealthcareServiceList;
      countryRegions: CountryRegionList;
    }>(`
      query {
        services(no_pagination: true, provision_slug: "outpatient-doctors") {
          results {
            id
            slug
            code
            category
            sequence
            name
            name_en
            name_zh
            description
            description_en
            description_zh
            specialties {
              id
              slug
              description_en
              description_zh
            }
            create_date
            update_date
          }
          pagination {
            start
            end
            total
          }
        }
        countryRegions {
          results {
            id
            sequence
            code
            name
            name_en
            name_zh
            districts {
              code
              name
              name_en
              name_zh
            }
          }
          pagination {
            start
            end
            total
          }
        }
      }
    `);
    expect(body.errors).toBeUndefined();
    expect(body.data?.services).toEqual(
      await rest(
        '/api/customer/health/healthcare-service?no_pagination=true&provision_slug=outpatient-doctors',
      ),
    );
    expect(body.data?.countryRegions).toEqual(await rest('/api/customer/country-region'));
  });
});

describe('GraphQL errors', () => {
  it('answers an unknown policy and a policy without a network with one no_access error', async () => {
    const unknown = await graphql(SERVICE_POINTS, {
      panel: 'outpatient',
      policy_number: 'OP9999999',
    });
    const noNetwork = await graphql(SERVICE_POINTS, {
      panel: 'outpatient',
      policy_number: NO_NETWORK,
    });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('no_access');
    expect(noNetwork.body).toEqual(unknown.body);
  });

  it('answers bad arguments with validation_error naming the argument', async () => {
    for (const [name, value] of [
      ['price_range', '9,1'],
      ['page_size', 500],
      ['district_codes', ['ZZ']],
      ['panel', 'nope'],
    ] as const) {
      const { body } = await graphql(SERVICE_POINTS, {
        panel: 'outpatient',
        policy_number: POLICY,
        [name]: value,
      });
      expect(body.errors?.[0]?.extensions?.code, name).toBe('validation_error');
      expect(body.errors?.[0]?.message, name).toContain(name);
    }
    const slug = await graphql(`
      query {
        services(provision_slug: "nope") {
          results {
            id
          }
        }
      }
    `);
    expect(slug.body.errors?.[0]?.extensions?.code).toBe('validation_error');
  });

  it('answers a page below 1, a page above the cap and a malformed list naming the argument', async () => {
    for (const [name, value] of [
      ['page', 0],
      ['page', -1],
      ['page', MAX_PAGE + 1],
      ['page', 2_147_483_647],
      ['district_codes', ['A', '']],
      ['district_codes', ['A;B']],
      ['service_ids', ['1', 'x']],
      ['specialty_slug', ['Not A Slug!']],
    ] as const) {
      const { body } = await graphql(SERVICE_POINTS, {
        panel: 'outpatient',
        policy_number: POLICY,
        [name]: value,
      });
      expect(body.data ?? null, `${name}=${String(value)}`).toBeNull();
      expect(body.errors?.[0]?.extensions?.code, `${name}=${String(value)}`).toBe(
        'validation_error',
      );
      expect(body.errors?.[0]?.extensions?.details?.issues?.[0]?.path).toBe(`args.${name}`);
    }
  });

  it('answers a page beyond the end, up to the cap, with an empty page and the right total', async () => {
    const total = (
      await rest<ServicePointList>(`/api/customer/policy/service-point?policy_number=${POLICY}`)
    ).pagination.total;
    expect(total).toBeGreaterThan(0);
    for (const page of [Math.ceil(total / 100) + 1, MAX_PAGE]) {
      const { body } = await graphql<{ servicePoints: ServicePointList }>(SERVICE_POINTS, {
        panel: 'outpatient',
        policy_number: POLICY,
        page,
        page_size: 100,
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.servicePoints.results).toEqual([]);
      expect(body.data?.servicePoints.pagination.start).toBe((page - 1) * 100);
      expect(body.data?.servicePoints.pagination.total).toBe(total);
    }
  });

  it('hides internal errors and keeps GraphiQL off', async () => {
    const syntax = await graphql('query { servicePoints(');
    expect(syntax.body.errors?.length).toBeGreaterThan(0);
    const page = await test.app.inject({
      url: '/api/graphql',
      headers: { accept: 'text/html', 'x-forwarded-for': nextAddress() },
    });
    expect(page.headers['content-type'] ?? '').not.toContain('text/html');
    expect(page.body).not.toContain('<script');
  });

  it('answers variables that are not JSON with a 400 that says so, on GET and POST', async () => {
    const query =
      'query ($page: Int) { servicePoints(panel: "outpatient", policy_number: "OP1000001", page: $page) { pagination { total } } }';
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const get = await test.app.inject({
        url: `/api/graphql?${new URLSearchParams({ query, variables: '{page:' }).toString()}`,
        headers: { accept, 'x-graphql-yoga-csrf': '1', 'x-forwarded-for': nextAddress() },
      });
      expect(get.statusCode, accept).toBe(400);
      const answer = get.json<GraphQLAnswer<unknown>>();
      expect(answer.errors?.[0]?.extensions?.code).toBe('validation_error');
      expect(answer.errors?.[0]?.message).toMatch(/variables/i);
    }
    const post = await test.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      payload: `{"query":${JSON.stringify(query)},"variables":"{page:"}`,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json<GraphQLAnswer<unknown>>().errors?.[0]?.extensions?.code).toBe(
      'validation_error',
    );
  });
});
