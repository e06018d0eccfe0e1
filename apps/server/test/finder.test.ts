// The doctor finder's REST API against the seeded network. Expected answers come from an
// independent oracle: the same question asked of the normalised tables with a plain join, so a
// wrong read model, filter or order shows up as a difference.
import { PAGE_SIZE, NO_PAGINATION_CAP } from '@clinicpass/shared/api-client/pagination';
import { finderContract } from '@clinicpass/shared/contracts/finder';
import {
  type CountryRegionList,
  type HealthcareServiceList,
  MAX_PAGE,
  type ServicePointList,
} from '@clinicpass/shared/schemas/finder';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  matchesTerms,
  rowText,
  type SearchFields,
  searchTerms,
} from '../src/modules/finder/text/search-text';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { testFactories } from './factories';

let database: TestDatabase;
let app: FastifyInstance;
/** A signed-in customer, a policy with the medical network and one without (VHIS). */
let ownerId: string;
let POLICY: string;
let NO_NETWORK: string;

// Test-only sign-in: the identity plugin is built elsewhere; here a header names the user.
const TEST_USER_HEADER = 'x-test-user-id';

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  app = await buildApp({ config: testConfig(), db: database.db });
  app.addHook('onRequest', (request, _reply, done) => {
    const userId = request.headers[TEST_USER_HEADER];
    if (typeof userId === 'string') request.identity = { userId, email: 'test@example.com' };
    done();
  });
  await app.ready();
  const f = testFactories(database.db);
  ownerId = (await f.user()).id;
  POLICY = (await f.policy()).policyNumber;
  const vhis = await f.productByCode('VHIS-FLEXI');
  NO_NETWORK = (await f.policy({ productId: vhis.id })).policyNumber;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

let address = 0;
/** A client address of its own per request, so the per-address limit never interferes. */
function nextAddress(): string {
  address += 1;
  return `10.1.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

const PRIMARY = '/api/customer/policy/service-point';
const SECOND = '/api/customer/policy/service-point/outpatient-go';
const GROUP = '/api/customer/group-policy/service-point';

async function get(
  url: string,
  query: Record<string, string | number | boolean> = {},
  headers: Record<string, string> = {},
) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const path = params.size > 0 ? `${url}?${params.toString()}` : url;
  return app.inject({ url: path, headers: { 'x-forwarded-for': nextAddress(), ...headers } });
}

async function search(
  url: string,
  query: Record<string, string | number | boolean>,
  headers: Record<string, string> = {},
) {
  const res = await get(url, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: res.json<ServicePointList>() };
}

interface OracleFilter {
  panel?: string;
  districts?: string[];
  serviceIds?: number[];
  specialties?: string[];
  words?: string[];
  price?: [number, number];
}

/** Service point ids matching a filter, in the finder's order, from the normalised tables. */
async function oracle(filter: OracleFilter): Promise<number[]> {
  const conditions: SQL[] = [sql`sp.panel = ${filter.panel ?? 'outpatient'}`];
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  if (filter.districts) conditions.push(sql`v.district_code IN (${list(filter.districts)})`);
  if (filter.serviceIds) conditions.push(sql`sp.service_id IN (${list(filter.serviceIds)})`);
  if (filter.specialties) conditions.push(sql`spec.slug IN (${list(filter.specialties)})`);
  if (filter.price)
    conditions.push(sql`pi.amount >= ${filter.price[0]} AND pi.amount <= ${filter.price[1]}`);
  const result = await database.db.execute<SearchFields & { id: number }>(sql`
    SELECT sp.id, doc.name_en AS doctor_name_en, doc.name_zh AS doctor_name_zh,
      v.name_en AS venue_name_en, v.name_zh AS venue_name_zh, v.address_line_one,
      v.address_line_two, d.name_en AS district_name_en, d.name_zh AS district_name_zh,
      hs.slug AS service_slug, hs.name_en AS service_name_en, hs.name_zh AS service_name_zh,
      spec.slug AS specialty_slug, spec.description_en AS specialty_description_en,
      spec.description_zh AS specialty_description_zh
    FROM service_point sp
    JOIN doctor doc ON doc.id = sp.doctor_id
    JOIN venue v ON v.id = sp.venue_id
    JOIN district d ON d.code = v.district_code
    JOIN healthcare_service hs ON hs.id = sp.service_id
    LEFT JOIN specialty spec ON spec.id = sp.specialty_id
    LEFT JOIN payment_info pi ON pi.doctor_id = sp.doctor_id AND pi.service_code = hs.code
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY d.sequence, lower(doc.name_en), sp.id`);
  // Search words: a plain scan over the rows' normalised text (decision 158).
  const terms = searchTerms(filter.words?.join(' '));
  return result.rows
    .filter((row) => {
      const text = rowText(row);
      return matchesTerms(`${text.doctor}\n${text.venue}\n${text.service}`, terms);
    })
    .map((row) => row.id);
}

/** All ids of a search, reading every page (or one no_pagination page). */
async function allIds(url: string, query: Record<string, string | number | boolean>) {
  const { body } = await search(url, { ...query, no_pagination: true });
  expect(body.pagination.total).toBeLessThanOrEqual(NO_PAGINATION_CAP);
  return { ids: body.results.map((point) => point.id), body };
}

async function serviceId(code: string): Promise<number> {
  const result = await database.db.execute<{ id: number }>(
    sql`SELECT id FROM healthcare_service WHERE code = ${code}`,
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no service ${code}`);
  return id;
}

describe('reference data', () => {
  it('lists the country regions with their districts, named in the request language', async () => {
    const en = await get('/api/customer/country-region');
    expect(en.statusCode).toBe(200);
    const body = en.json<CountryRegionList>();
    const regions = await database.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM country_region`,
    );
    expect(body.results).toHaveLength(regions.rows[0]?.count ?? -1);
    expect(en.headers['content-range']).toBe(
      `items 0-${body.results.length - 1}/${body.results.length}`,
    );
    const island = body.results.find((region) => region.code === 'hong-kong-island');
    expect(island?.name).toBe(island?.name_en);
    expect(island?.districts.map((district) => district.code)).toContain('A');

    const zh = await get(
      '/api/customer/country-region',
      {},
      { 'accept-language': 'zh-HK,zh;q=0.9' },
    );
    const zhIsland = zh
      .json<CountryRegionList>()
      .results.find((r) => r.code === 'hong-kong-island');
    expect(zhIsland?.name).toBe(zhIsland?.name_zh);
    expect(zhIsland?.districts[0]?.name).toBe(zhIsland?.districts[0]?.name_zh);
  });

  it('lists the services of each provision slug with their specialties', async () => {
    for (const slug of ['outpatient-doctors', 'outpatient-panel-doctors']) {
      const res = await get('/api/customer/health/healthcare-service', {
        no_pagination: true,
        provision_slug: slug,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<HealthcareServiceList>();
      const expected = await database.db.execute<{ id: number }>(sql`
        SELECT s.id FROM healthcare_service s JOIN service_provision p ON p.service_id = s.id
        WHERE p.provision_slug = ${slug} ORDER BY s.sequence, s.id`);
      expect(body.results.map((service) => service.id)).toEqual(expected.rows.map((r) => r.id));
      expect(body.pagination.total).toBe(expected.rows.length);
    }
    const primary = await get('/api/customer/health/healthcare-service', {
      provision_slug: 'outpatient-doctors',
    });
    const specialist = primary
      .json<HealthcareServiceList>()
      .results.find((service) => service.code === 'SP');
    expect(specialist?.category).toBe('specialist-practitioner');
    expect(specialist?.specialties.length).toBeGreaterThan(0);
  });

  it('rejects an unknown provision slug naming it', async () => {
    const res = await get('/api/customer/health/healthcare-service', { provision_slug: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    expect(res.json<{ message: string }>().message).toContain('provision_slug');
  });
});

describe('service-point search on the primary panel', () => {
  it('answers the first page of the whole panel in a stable order with the total', async () => {
    const { res, body } = await search(PRIMARY, { policy_number: POLICY });
    const expected = await oracle({});
    expect(body.pagination).toEqual({ start: 0, end: PAGE_SIZE - 1, total: expected.length });
    expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(res.headers['content-range']).toBe(`items 0-${PAGE_SIZE - 1}/${expected.length}`);
    const again = await search(PRIMARY, { policy_number: POLICY });
    expect(again.body.results.map((point) => point.id)).toEqual(expected.slice(0, PAGE_SIZE));
  });

  it('carries the doctor, venue, service, specialty and payment info of each service point', async () => {
    const specialistId = await serviceId('SP');
    const { body } = await search(PRIMARY, { policy_number: POLICY, service_ids: specialistId });
    const point = body.results[0];
    expect(point).toBeDefined();
    if (!point) return;
    expect(point.is_bookmarked).toBe(false);
    expect(point.service).toMatchObject({ id: specialistId, code: 'SP' });
    expect(point.specialty?.slug).toMatch(/^[a-z-]+$/);
    const payments = await database.db.execute<{ service_code: string; amount: string }>(
      sql`SELECT service_code, amount FROM payment_info WHERE doctor_id = ${point.doctor.id}`,
    );
    expect(point.doctor.payment_info.map((info) => info.service.code).sort()).toEqual(
      payments.rows.map((row) => row.service_code).sort(),
    );
    const own = point.doctor.payment_info.find((info) => info.service.code === 'SP');
    expect(typeof own?.amount).toBe('number');
    expect(point.venue.district.name).toBe(point.venue.district.name_en);
    expect(point.venue.address.line_one).not.toBe('');
  });

  it('sorts by distance from near=, nearest first, each card with its distance and point', async () => {
    const here = { latitude: 22.2799, longitude: 114.1588 };
    const { body } = await search(PRIMARY, {
      policy_number: POLICY,
      near: `${String(here.latitude)},${String(here.longitude)}`,
      page_size: '50',
    });
    expect(body.results).toHaveLength(50);
    const distances = body.results.map((point) => point.distance_m ?? Number.NaN);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const point of body.results) {
      const location = point.venue.location;
      if (location === null) throw new Error(`service point ${String(point.id)} has no point`);
      // The great-circle distance, worked out here on its own (haversine), to the metre.
      const rad = Math.PI / 180;
      const a =
        Math.sin(((location.latitude - here.latitude) * rad) / 2) ** 2 +
        Math.cos(here.latitude * rad) *
          Math.cos(location.latitude * rad) *
          Math.sin(((location.longitude - here.longitude) * rad) / 2) ** 2;
      const metres = 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
      expect(Math.abs((point.distance_m ?? 0) - metres)).toBeLessThanOrEqual(1);
    }
    // Central (A) is where the point is: the nearest are there.
    expect(body.results[0]?.venue.district.code).toBe('A');
    // The same search without near= is in the finder's order, with no distances.
    const plain = await search(PRIMARY, { policy_number: POLICY, page_size: '50' });
    expect(plain.body.results.every((point) => point.distance_m === null)).toBe(true);
    expect(plain.body.pagination.total).toBe(body.pagination.total);
  });

  it('filters by districts (any of them)', async () => {
    const { ids } = await allIds(PRIMARY, { policy_number: POLICY, district_codes: 'A,B' });
    expect(ids).toEqual(await oracle({ districts: ['A', 'B'] }));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('filters by services (any of them)', async () => {
    const ids = [await serviceId('GP'), await serviceId('DEN')];
    const { body } = await search(PRIMARY, {
      policy_number: POLICY,
      service_ids: ids.join(','),
      page_size: 100,
    });
    const expected = await oracle({ serviceIds: ids });
    expect(body.pagination.total).toBe(expected.length);
    expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, 100));
  });

  it('filters by specialty slugs (any of them)', async () => {
    const { ids } = await allIds(PRIMARY, {
      policy_number: POLICY,
      specialty_slug: 'cardiology,dermatology-venereology',
    });
    expect(ids).toEqual(await oracle({ specialties: ['cardiology', 'dermatology-venereology'] }));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('finds English text case-insensitively in names, addresses and districts', async () => {
    for (const text of ['CHAN', 'wan chai', 'Road']) {
      const { ids } = await allIds(PRIMARY, { policy_number: POLICY, search: text });
      const expected = await oracle({ words: text.toLowerCase().split(' ') });
      expect(ids, text).toEqual(expected.slice(0, NO_PAGINATION_CAP));
      expect(expected.length, text).toBeGreaterThan(0);
    }
  });

  it('finds Chinese text: a surname (陳) and a place (中環)', async () => {
    for (const text of ['陳', '中環']) {
      const { body } = await search(PRIMARY, {
        policy_number: POLICY,
        search: text,
        page_size: 100,
      });
      const expected = await oracle({ words: [text] });
      expect(expected.length, text).toBeGreaterThan(0);
      expect(body.pagination.total, text).toBe(expected.length);
      expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, 100));
    }
  });

  it('finds mixed Chinese and English text: every word must occur', async () => {
    const { body } = await search(PRIMARY, {
      policy_number: POLICY,
      search: '中環 Dr',
      page_size: 100,
    });
    const expected = await oracle({ words: ['中環', 'dr'] });
    const chineseOnly = await oracle({ words: ['中環'] });
    expect(body.pagination.total).toBe(expected.length);
    expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, 100));
    expect(expected.length).toBeLessThanOrEqual(chineseOnly.length);
  });

  it('takes LIKE wildcards literally', async () => {
    const { body } = await search(PRIMARY, { policy_number: POLICY, search: '%_%' });
    expect(body.pagination.total).toBe((await oracle({ words: ['%_%'] })).length);
  });

  it('filters by the member price of the service point’s own service', async () => {
    const { ids } = await allIds(PRIMARY, { policy_number: POLICY, price_range: '100,300' });
    expect(ids).toEqual((await oracle({ price: [100, 300] })).slice(0, NO_PAGINATION_CAP));
    expect(ids.length).toBeGreaterThan(0);
    const { body } = await search(PRIMARY, { policy_number: POLICY, price_range: '100,300' });
    for (const point of body.results) {
      const own = point.doctor.payment_info.find(
        (info) => info.service.code === point.service.code,
      );
      expect(own?.amount).toBeGreaterThanOrEqual(100);
      expect(own?.amount).toBeLessThanOrEqual(300);
    }
  });

  it('combines filters: AND across kinds, OR within a kind', async () => {
    const gp = await serviceId('GP');
    const sp = await serviceId('SP');
    const { ids } = await allIds(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'A,B,E',
      service_ids: `${gp},${sp}`,
      search: 'a',
      price_range: '0,2000',
    });
    const expected = await oracle({
      districts: ['A', 'B', 'E'],
      serviceIds: [gp, sp],
      words: ['a'],
      price: [0, 2000],
    });
    expect(ids).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    const withSpecialty = await allIds(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'A,B,E',
      service_ids: `${gp},${sp}`,
      specialty_slug: 'cardiology',
    });
    expect(withSpecialty.ids).toEqual(
      await oracle({
        districts: ['A', 'B', 'E'],
        serviceIds: [gp, sp],
        specialties: ['cardiology'],
      }),
    );
  });

  it('pages through results: later pages continue the order, beyond the end is empty', async () => {
    const expected = await oracle({ districts: ['K'] });
    expect(expected.length).toBeGreaterThan(10);
    const first = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'K',
      page_size: 7,
    });
    const second = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'K',
      page_size: 7,
      page: 2,
    });
    expect(first.body.results.map((p) => p.id)).toEqual(expected.slice(0, 7));
    expect(second.body.results.map((p) => p.id)).toEqual(expected.slice(7, 14));
    expect(second.body.pagination).toEqual({
      start: 7,
      end: Math.min(14, expected.length) - 1,
      total: expected.length,
    });

    const lastPage = Math.ceil(expected.length / 7);
    const beyond = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'K',
      page_size: 7,
      page: lastPage + 1,
    });
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.pagination.total).toBe(expected.length);
    expect(beyond.res.headers['content-range']).toBe(`items */${expected.length}`);
  });

  it('caps no_pagination at 1,000 rows', async () => {
    const { body } = await search(PRIMARY, { policy_number: POLICY, no_pagination: true });
    const total = (await oracle({})).length;
    expect(total).toBeGreaterThan(NO_PAGINATION_CAP);
    expect(body.results).toHaveLength(NO_PAGINATION_CAP);
    expect(body.pagination).toEqual({ start: 0, end: NO_PAGINATION_CAP - 1, total });
  });

  it('takes a policy number in any letter case', async () => {
    const { body } = await search(PRIMARY, { policy_number: POLICY.toLowerCase(), page_size: 1 });
    expect(body.pagination.total).toBe((await oracle({})).length);
  });
});

describe('access to the primary panel', () => {
  it('gives one and the same no_access answer for an unknown policy and one without a network', async () => {
    const unknown = await get(PRIMARY, { policy_number: 'OP9999999' });
    const noNetwork = await get(PRIMARY, { policy_number: NO_NETWORK });
    expect(unknown.statusCode).toBe(403);
    expect(noNetwork.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ code: 'no_access' });
    expect(noNetwork.body).toBe(unknown.body);
  });

  it('needs a policy number', async () => {
    const res = await get(PRIMARY, {});
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('policy_number');
  });

  it('is readable without sign-in', async () => {
    const res = await get(PRIMARY, { policy_number: POLICY, page_size: 1 });
    expect(res.statusCode).toBe(200);
  });
});

describe('expand_until_found', () => {
  // GP has deliberately no primary-panel service point in Islands (T).
  it('answers an empty chosen district with nothing unless asked to expand', async () => {
    const gp = await serviceId('GP');
    expect(await oracle({ districts: ['T'], serviceIds: [gp] })).toEqual([]);
    const { body } = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'T',
      service_ids: gp,
    });
    expect(body.pagination.total).toBe(0);
    expect(body.expanded_from).toBeUndefined();
  });

  it('widens to the nearby districts first', async () => {
    const gp = await serviceId('GP');
    const nearby = await database.db.execute<{ code: string }>(
      sql`SELECT nearby_code AS code FROM district_nearby WHERE district_code = 'T'`,
    );
    const codes = ['T', ...nearby.rows.map((row) => row.code)];
    const expected = await oracle({ districts: codes, serviceIds: [gp] });
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'T',
      service_ids: gp,
      expand_until_found: true,
      page_size: 100,
    });
    expect(body.expanded_from?.level).toBe('nearby');
    expect(body.expanded_from?.district_codes).toEqual(['T']);
    expect([...(body.expanded_from?.searched_district_codes ?? [])].sort()).toEqual(
      [...codes].sort(),
    );
    expect(body.pagination.total).toBe(expected.length);
    expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, 100));
    for (const point of body.results) expect(codes).toContain(point.venue.district.code);
  });

  it('then widens to the region, then everywhere, then gives up with zero', async () => {
    // A doctor found in exactly one district: search from a district of the same region that
    // is not nearby (→ region), and from a district of another region (→ everywhere).
    const districts = await database.db.execute<{ code: string; region_id: number }>(
      sql`SELECT code, region_id FROM district`,
    );
    const nearbyRows = await database.db.execute<{ district_code: string; nearby_code: string }>(
      sql`SELECT district_code, nearby_code FROM district_nearby`,
    );
    const regionOf = new Map(districts.rows.map((row) => [row.code, row.region_id]));
    const nearbyOf = (code: string) =>
      new Set([
        code,
        ...nearbyRows.rows.filter((r) => r.district_code === code).map((r) => r.nearby_code),
      ]);
    const candidates = await database.db.execute<{ name: string; district: string }>(sql`
      SELECT doc.name_en AS name, min(v.district_code) AS district
      FROM service_point sp JOIN doctor doc ON doc.id = sp.doctor_id JOIN venue v ON v.id = sp.venue_id
      WHERE sp.panel = 'outpatient'
      GROUP BY doc.name_en HAVING count(DISTINCT v.district_code) = 1
      ORDER BY doc.name_en LIMIT 200`);
    let regionCase: { name: string; from: string } | undefined;
    let everywhereCase: { name: string; from: string } | undefined;
    for (const candidate of candidates.rows) {
      const words = candidate.name.toLowerCase().split(/\s+/);
      // The name must not match elsewhere as a substring of other texts.
      const matches = await oracle({ words });
      const places = new Set(
        (
          await database.db.execute<{ code: string }>(sql`
            SELECT DISTINCT v.district_code AS code FROM service_point sp
            JOIN venue v ON v.id = sp.venue_id
            WHERE sp.id IN (${sql.join(
              matches.map((id) => sql`${id}`),
              sql`, `,
            )})`)
        ).rows.map((row) => row.code),
      );
      if (places.size !== 1) continue;
      const home = candidate.district;
      for (const [code, region] of regionOf) {
        if (regionCase === undefined && region === regionOf.get(home) && !nearbyOf(code).has(home))
          regionCase = { name: candidate.name, from: code };
        if (everywhereCase === undefined && region !== regionOf.get(home))
          everywhereCase = { name: candidate.name, from: code };
      }
      if (regionCase && everywhereCase) break;
    }
    expect(regionCase).toBeDefined();
    expect(everywhereCase).toBeDefined();
    if (!regionCase || !everywhereCase) return;

    const region = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: regionCase.from,
      search: regionCase.name,
      expand_until_found: true,
    });
    expect(region.body.expanded_from?.level).toBe('region');
    expect(region.body.pagination.total).toBe(
      (await oracle({ words: regionCase.name.toLowerCase().split(/\s+/) })).length,
    );

    const everywhere = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: everywhereCase.from,
      search: everywhereCase.name,
      expand_until_found: true,
    });
    expect(everywhere.body.expanded_from?.level).toBe('everywhere');
    expect(everywhere.body.expanded_from?.searched_district_codes).toEqual([]);
    expect(everywhere.body.pagination.total).toBeGreaterThan(0);

    const none = await search(PRIMARY, {
      policy_number: POLICY,
      district_codes: 'A',
      search: 'no such doctor anywhere',
      expand_until_found: true,
    });
    expect(none.body.pagination.total).toBe(0);
    expect(none.body.results).toEqual([]);
    expect(none.body.expanded_from).toBeUndefined();
  });
});

describe('bad input', () => {
  const cases: [string, string][] = [
    ['district_codes', 'A,,B'],
    ['district_codes', 'ZZ'],
    ['district_codes', 'A;B'],
    ['service_ids', '1,x'],
    ['service_ids', '-3'],
    ['specialty_slug', 'Not A Slug!'],
    ['price_range', '100'],
    ['price_range', 'abc,def'],
    ['price_range', '500,100'],
    ['page', '0'],
    ['page', 'two'],
    // Decimal digits only: an exponent or hex is not a page number.
    ['page', '1e1'],
    ['page', '0x10'],
    ['page', String(MAX_PAGE + 1)],
    ['page_size', '101'],
    ['page_size', '0'],
    ['no_pagination', 'yes'],
    ['expand_until_found', 'maybe'],
    ['search', 'x'.repeat(101)],
    ['policy_number', 'OP 1000001; drop'],
    ['near', '22.3'],
    ['near', 'abc,def'],
    ['near', '91,114'],
    ['near', '22.3,181'],
    ['near', '22.3,114.1,5'],
  ];
  // Each list with the query it needs to be searchable; the group list takes fewer parameters.
  const lists: { url: string; base: Record<string, string>; takes: (name: string) => boolean }[] = [
    {
      url: PRIMARY,
      // Read when a test runs: the policy is made in beforeAll.
      get base() {
        return { policy_number: POLICY };
      },
      takes: () => true,
    },
    { url: SECOND, base: {}, takes: () => true },
    { url: GROUP, base: {}, takes: (name) => name in finderContract.searchGroupPolicy.query.shape },
  ];
  const listCases = lists.flatMap((list) =>
    cases.map(([name, value]) => [list.url, name, value, list] as const),
  );

  it.each(listCases.filter(([, name, , list]) => list.takes(name)))(
    '%s answers %s=%s with 400 validation_error whose issue path names it',
    async (url, name, value, list) => {
      const res = await get(url, { ...list.base, [name]: value });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{
        code: string;
        message: string;
        details?: { issues?: { path: string }[] };
      }>();
      expect(body.code).toBe('validation_error');
      expect(body.details?.issues?.[0]?.path).toBe(`querystring.${name}`);
    },
  );

  it.each(listCases.filter(([, name, , list]) => !list.takes(name)))(
    '%s ignores %s=%s, a parameter it does not take',
    async (url, name, value, list) => {
      const res = await get(url, { ...list.base, [name]: value });
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it('answers the highest page accepted with an empty page and the right total', async () => {
    const total = (await search(PRIMARY, { policy_number: POLICY })).body.pagination.total;
    expect(total).toBeGreaterThan(0);
    const { res, body } = await search(PRIMARY, {
      policy_number: POLICY,
      page: MAX_PAGE,
      page_size: 100,
    });
    expect(body.results).toEqual([]);
    expect(body.pagination.start).toBe((MAX_PAGE - 1) * 100);
    expect(body.pagination.total).toBe(total);
    expect(body.pagination.end).toBe(body.pagination.start - 1);
    expect(res.headers['content-range']).toBe(`items */${total}`);
  });
});

describe('second panel and group policies', () => {
  it('searches the second panel without a policy number', async () => {
    const { body } = await search(SECOND, { district_codes: 'E', page_size: 100 });
    const expected = await oracle({ panel: 'go', districts: ['E'] });
    expect(body.pagination.total).toBe(expected.length);
    expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, 100));
  });

  it('gives no prices on the second panel, though its doctors have some and it filters by them', async () => {
    const { body } = await search(SECOND, { page_size: 100 });
    expect(body.results.length).toBeGreaterThan(0);
    for (const point of body.results) expect(point.doctor.payment_info).toEqual([]);
    const doctorIds = [...new Set(body.results.map((point) => point.doctor.id))];
    const priced = await database.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM payment_info
          WHERE doctor_id IN (${sql.join(
            doctorIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(priced.rows[0]?.count).toBeGreaterThan(0);
    // The price filter still applies to the second panel (stored state and address, spec §4).
    const cheap = await search(SECOND, { price_range: '0,1', page_size: 100 });
    expect(cheap.body.pagination.total).toBeLessThan(body.pagination.total);
  });

  it('searches the group-policy list by district, service and text', async () => {
    const gp = await serviceId('GP');
    const { body } = await search(GROUP, {
      district_codes: 'A',
      service_ids: gp,
      search: 'a',
      page_size: 100,
    });
    const expected = await oracle({ districts: ['A'], serviceIds: [gp], words: ['a'] });
    expect(body.pagination.total).toBe(expected.length);
    expect(body.results.map((point) => point.id)).toEqual(expected.slice(0, 100));
  });

  it('gives no member prices on the group-policy list without a policy number (decision 140)', async () => {
    const query = { page_size: 100 };
    // Asked three times: the answer cache (decision 131) keeps it on the second ask and serves
    // it on the third, which must be just as unpriced.
    for (let ask = 0; ask < 3; ask += 1) {
      const { body } = await search(GROUP, query);
      expect(body.results.length).toBeGreaterThan(0);
      for (const point of body.results) expect(point.doctor.payment_info).toEqual([]);
    }
    const withPolicy = await search(GROUP, { ...query, policy_number: POLICY });
    const prices = withPolicy.body.results.flatMap((point) => point.doctor.payment_info);
    expect(prices.length).toBeGreaterThan(0);
    const primary = await search(PRIMARY, { ...query, policy_number: POLICY });
    expect(withPolicy.body.results.map((point) => point.doctor.payment_info)).toEqual(
      primary.body.results.map((point) => point.doctor.payment_info),
    );
  });

  it('gives no_access on the group-policy list for a policy without a network', async () => {
    const res = await get(GROUP, { policy_number: NO_NETWORK });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'no_access' });
  });
});

describe('bookmarks', () => {
  it('refuses guests with 401 unauthenticated', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: '/api/customer/service-point/1/bookmark',
        headers: { 'x-forwarded-for': nextAddress() },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('sets and clears a signed-in customer’s bookmark, shown only to them', async () => {
    const first = (await search(PRIMARY, { policy_number: POLICY, page_size: 1 })).body.results[0];
    expect(first).toBeDefined();
    if (!first) return;
    const url = `/api/customer/service-point/${first.id}/bookmark`;
    const signedIn = { [TEST_USER_HEADER]: ownerId };

    const put = await app.inject({
      method: 'PUT',
      url,
      headers: { 'x-forwarded-for': nextAddress(), ...signedIn },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: first.id, is_bookmarked: true });
    const mine = await search(PRIMARY, { policy_number: POLICY, page_size: 1 }, signedIn);
    expect(mine.body.results[0]?.is_bookmarked).toBe(true);
    const guest = await search(PRIMARY, { policy_number: POLICY, page_size: 1 });
    expect(guest.body.results[0]?.is_bookmarked).toBe(false);

    const del = await app.inject({
      method: 'DELETE',
      url,
      headers: { 'x-forwarded-for': nextAddress(), ...signedIn },
    });
    expect(del.json()).toEqual({ id: first.id, is_bookmarked: false });
    const after = await search(PRIMARY, { policy_number: POLICY, page_size: 1 }, signedIn);
    expect(after.body.results[0]?.is_bookmarked).toBe(false);
  });

  it('answers 404 for an unknown service point and 400 for a bad id', async () => {
    const signedIn = { [TEST_USER_HEADER]: ownerId, 'x-forwarded-for': nextAddress() };
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/customer/service-point/99999999/bookmark',
      headers: signedIn,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/customer/service-point/abc/bookmark',
      headers: signedIn,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('answer cache (decision 131)', () => {
  it('answers the same address again with the same bytes and range, in the asker’s language', async () => {
    const query = { policy_number: POLICY, district_codes: 'A', page: 2 };
    const first = await search(PRIMARY, query);
    await search(PRIMARY, query); // kept the second time
    const again = await search(PRIMARY, query);
    expect(again.res.rawPayload.equals(first.res.rawPayload)).toBe(true);
    expect(again.res.headers['content-range']).toBe(first.res.headers['content-range']);
    expect(again.res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.res.headers['content-security-policy']).toBeDefined();

    const chinese = await search(PRIMARY, query, { 'accept-language': 'zh-HK' });
    expect(chinese.body.results.map((point) => point.id)).toEqual(
      first.body.results.map((point) => point.id),
    );
    expect(chinese.body.results[0]?.venue.district.name).toBe(
      chinese.body.results[0]?.venue.district.name_zh,
    );
    expect(first.body.results[0]?.venue.district.name).toBe(
      first.body.results[0]?.venue.district.name_en,
    );
  });

  it('still counts every kept answer against the per-address limit', async () => {
    const client = '203.0.113.79';
    const url = `${SECOND}?search=clinic`;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await app.inject({ url, headers: { 'x-forwarded-for': client } })).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('rate limit', () => {
  it('limits each client address to 120 finder requests a minute, counted in PostgreSQL', async () => {
    const client = '203.0.113.77';
    let last = 0;
    for (let i = 0; i < 121; i += 1) {
      const res = await app.inject({
        url: '/api/customer/country-region',
        headers: { 'x-forwarded-for': client },
      });
      last = res.statusCode;
      if (i < 120) expect(res.statusCode).toBe(200);
    }
    expect(last).toBe(429);
    const limited = await app.inject({
      url: '/api/customer/country-region',
      headers: { 'x-forwarded-for': client },
    });
    expect(limited.json()).toMatchObject({ code: 'limit_exceeded' });
    // GraphQL counts against the same limit.
    const graphql = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'x-forwarded-for': client, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ countryRegions { pagination { total } } }' }),
    });
    expect(graphql.statusCode).toBe(429);
    const other = await get('/api/customer/country-region');
    expect(other.statusCode).toBe(200);
    // Written to PostgreSQL in batches every 100 ms: every hit arrives.
    const stored = async () =>
      (
        await database.db.execute<{ count: number }>(
          sql`SELECT count FROM finder_rate_limit WHERE key = ${`finder:${client}`}`,
        )
      ).rows[0]?.count;
    await expect.poll(stored, { timeout: 5000 }).toBe(123);
  });

  it("is shared by every server process on the database, each learning the others' counts", async () => {
    const second = await buildApp({ config: testConfig(), db: database.db });
    await second.ready();
    try {
      const client = '203.0.113.78';
      const hit = (server: FastifyInstance) =>
        server.inject({
          url: '/api/customer/country-region',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 100; i += 1) expect((await hit(app)).statusCode).toBe(200);
      // The first process writes its 100; the second's first hit learns them with its write.
      const stored = async () =>
        (
          await database.db.execute<{ count: number }>(
            sql`SELECT count FROM finder_rate_limit WHERE key = ${`finder:${client}`}`,
          )
        ).rows[0]?.count;
      await expect.poll(stored, { timeout: 5000 }).toBe(100);
      expect((await hit(second)).statusCode).toBe(200);
      await expect.poll(stored, { timeout: 5000 }).toBe(101);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answers: number[] = [];
      for (let i = 0; i < 20; i += 1) answers.push((await hit(second)).statusCode);
      expect(answers.filter((status) => status === 200)).toHaveLength(19);
      expect(answers.at(-1)).toBe(429);
    } finally {
      await second.close();
    }
  });
});
