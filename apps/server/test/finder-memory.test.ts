// The finder's in-memory read model (decision 110) against its SQL reference: the same totals,
// the same ids in the same order and the same cards for a randomised set of queries (search
// text checked by a plain JavaScript scan over the same normalised text, decision 158); the REST
// body written without the response schema is what the schema would have written; and a
// rebuild is seen by every app instance on the database, not only the one that ran it.
import { type ServicePointList, ServicePointListSchema } from '@clinicpass/shared/schemas/finder';
import { hkWallClock } from '@clinicpass/shared/time/opening';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rebuildFinderIndex } from '../src/modules/finder/finder.index';
import { searchSnapshot } from '../src/modules/finder/finder.engine';
import { type FinderSnapshot, loadFinderSnapshot } from '../src/modules/finder/finder.snapshot';
import { cardJson, cardToServicePoint } from '../src/modules/finder/finder.writer';
import { matchesTerms, rowText, searchTerms } from '../src/modules/finder/text/search-text';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import {
  createFinderOracle,
  type FinderOracle,
  type OracleCriteria,
  toServicePoint,
} from './finder-oracle';
import { testFactories } from './factories';

/** The first instant the randomised "open now" questions ask about. */
const OPEN_FROM = '2026-12-20T00:00:00+08:00';

let database: TestDatabase;
let snapshot: FinderSnapshot;
let oracle: FinderOracle;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  // Rows read 97 at a time, so loading crosses many batch ends (the default is 5,000), with a
  // full collection every 500 rows (the default is 50,000).
  snapshot = await loadFinderSnapshot(database.db, { batch: 97, collectEvery: 500 });
  oracle = createFinderOracle(database.db);
});
afterAll(async () => {
  await database.drop();
});

/** A small deterministic PRNG, so a failure names a query that fails again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('in-memory finder search', () => {
  it('loads the same snapshot whatever the batch size', async () => {
    const whole = await loadFinderSnapshot(database.db);
    expect(whole.size).toBe(snapshot.size);
    expect(whole.size).toBeGreaterThan(1000);
    for (const [panel, rows] of whole.panels) {
      expect(snapshot.panels.get(panel)?.cards.map((card) => card.id)).toEqual(
        rows.cards.map((card) => card.id),
      );
    }
  });

  it('agrees with the SQL search on totals, order and cards for random queries', async () => {
    const values = await database.db.execute<{
      district_code: string;
      service_id: number;
      specialty_slug: string | null;
      search_text: string;
    }>(
      sql`SELECT district_code, service_id, specialty_slug, search_text FROM service_point_search`,
    );
    const rows = values.rows;
    expect(rows.length).toBeGreaterThan(1000);
    const next = random(20261122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const districts = [...new Set(rows.map((row) => row.district_code)), 'ZZ'];
    const services = [...new Set(rows.map((row) => row.service_id)), 999_999];
    const specialties = [
      ...new Set(rows.flatMap((row) => (row.specialty_slug ? [row.specialty_slug] : []))),
      'no-such-specialty',
    ];
    /** A word: a piece of a real search text (Chinese, English, across a space) or nonsense. */
    const word = (): string => {
      const roll = next();
      if (roll < 0.1) return pick(['陳', '中環', 'dr', 'road', 'zzqx', '%', '_', 'a_b', '100%']);
      if (roll < 0.25)
        return pick([
          '铜锣湾',
          'TST',
          'Huang',
          'wong',
          'Dr.',
          'skin',
          '跌打',
          'ＣＨＡＮ',
          '陈医生',
          'mk',
        ]);
      const text = pick(rows).search_text;
      const from = Math.floor(next() * text.length);
      // Up to 7 characters: words of 1–3 characters are grams of the engine's postings
      // (exact), longer ones are candidates checked against the text (decision 175).
      const piece = text.slice(from, from + 1 + Math.floor(next() * 7));
      return piece.split(/\s+/u).find((part) => part !== '') ?? 'a';
    };

    const venuePoints = await database.db.execute<{ latitude: number; longitude: number }>(
      sql`SELECT latitude, longitude FROM venue WHERE latitude IS NOT NULL ORDER BY id`,
    );
    const points = venuePoints.rows;
    expect(points.length).toBeGreaterThan(100);

    let nonEmpty = 0;
    let nearNonEmpty = 0;
    for (let i = 0; i < 300; i += 1) {
      const criteria: OracleCriteria = { panel: next() < 0.8 ? 'outpatient' : 'go' };
      if (next() < 0.4)
        criteria.district_codes = [pick(districts), ...(next() < 0.3 ? [pick(districts)] : [])];
      if (next() < 0.4)
        criteria.service_ids = [pick(services), ...(next() < 0.3 ? [pick(services)] : [])];
      if (next() < 0.15) criteria.specialty_slug = [pick(specialties)];
      if (next() < 0.6)
        criteria.words = [word(), ...(next() < 0.3 ? [word()] : [])].map((w) => w.toLowerCase());
      if (next() < 0.3) {
        const min = Math.floor(next() * 800);
        criteria.priceRange = { min, max: min + Math.floor(next() * 800) };
      }
      const offset = next() < 0.7 ? 0 : Math.floor(next() * 60);
      const limit = pick([1, 20, 100]);
      // Issue 19: open at a minute of 20–29 December 2026 (Sundays, Christmas holidays), and
      // open on Sundays.
      if (next() < 0.2) {
        const minute = Math.floor(next() * 10 * 1440);
        criteria.openAt = hkWallClock(new Date(Date.parse(OPEN_FROM) + minute * 60_000));
      }
      if (next() < 0.15) criteria.openSunday = true;
      // Issue 41: nearest first from a point in Hong Kong (now and then a venue's own point, so
      // equal distances occur), or from far away.
      if (next() < 0.3) {
        const roll = next();
        criteria.near =
          roll < 0.15
            ? { latitude: 51.5072, longitude: -0.1276 }
            : roll < 0.4
              ? (points[Math.floor(next() * points.length)] ?? {
                  latitude: 22.3,
                  longitude: 114.17,
                })
              : { latitude: 22.2 + next() * 0.3, longitude: 113.9 + next() * 0.4 };
      }

      const label = JSON.stringify({ criteria, offset, limit });
      // The SQL search for every filter but the text, then a plain scan of the text.
      const { words, ...filters } = criteria;
      const terms = searchTerms(words?.join(' '));
      let total: number;
      let page: Awaited<ReturnType<FinderOracle['page']>>;
      if (words === undefined) {
        total = await oracle.count(criteria);
        page = await oracle.page(criteria, offset, limit, null);
      } else {
        const all = (await oracle.page(filters, 0, 1_000_000, null)).filter((row) => {
          const text = rowText(row);
          return matchesTerms(`${text.doctor}\n${text.venue}\n${text.service}`, terms);
        });
        total = all.length;
        page = all.slice(offset, offset + limit);
      }
      const memory = searchSnapshot(snapshot, { ...filters, terms }, offset, limit);
      expect(memory.total, label).toBe(total);
      expect(
        memory.cards.map((card) => card.id),
        label,
      ).toEqual(page.map((row) => row.id));
      if (criteria.near !== undefined) {
        expect(memory.distances, label).toEqual(page.map((row) => row.distance_m));
        if (total > 0) nearNonEmpty += 1;
      } else {
        expect(memory.distances, label).toBeUndefined();
      }
      for (const [index, row] of page.entries()) {
        const card = memory.cards[index];
        if (card === undefined) throw new Error(`missing card ${String(row.id)}`);
        const distance = memory.distances?.[index] ?? null;
        for (const language of ['en', 'zh-HK'] as const) {
          const expected = toServicePoint(row, language, undefined, row.distance_m);
          // The second panel shows no prices (DESIGN.md "Panels"): its cards carry none.
          if (criteria.panel === 'go') expected.doctor.payment_info = [];
          expect(cardToServicePoint(card, language, false, undefined, distance)).toEqual(expected);
          // The JSON written from the card's kept parts is what the object serialises to.
          const bookmarked = index % 2 === 1;
          expect(
            cardJson(snapshot, card, language, bookmarked, undefined, distance).toString(),
          ).toBe(
            JSON.stringify(cardToServicePoint(card, language, bookmarked, undefined, distance)),
          );
        }
      }
      if (total > 0) nonEmpty += 1;
    }
    // The random queries must exercise real matches, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(80);
    expect(nearNonEmpty).toBeGreaterThan(15);
  });
});

describe('finder REST body written without the response schema', () => {
  let app: FastifyInstance;
  /** A policy with the medical network. */
  let policyNumber: string;
  beforeAll(async () => {
    policyNumber = (await testFactories(database.db).policy()).policyNumber;
    app = await buildApp({ config: testConfig(), db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is byte for byte what the response schema would have written, expansions included', async () => {
    // GP has deliberately no primary-panel service point in Islands (T): a search there widens.
    const gp = await database.db.execute<{ id: number }>(
      sql`SELECT id FROM healthcare_service WHERE code = 'GP'`,
    );
    const gpId = String(gp.rows[0]?.id);
    const queries = [
      `policy_number=${policyNumber}&district_codes=T&service_ids=${gpId}&expand_until_found=true`,
      `policy_number=${policyNumber}&search=${encodeURIComponent('中環 dr')}`,
      `policy_number=${policyNumber}&price_range=100,400&page=2&page_size=7`,
      `policy_number=${policyNumber}&district_codes=T&search=zzqx&expand_until_found=true`,
      `policy_number=${policyNumber}&district_codes=T&search=chan&expand_until_found=true`,
      `policy_number=${policyNumber}&page=999`,
      `policy_number=${policyNumber}&near=22.2799,114.1588&service_ids=${gpId}`,
      `policy_number=${policyNumber}&near=${encodeURIComponent('22.3193, 114.1694')}&page=3`,
    ];
    let expanded = 0;
    let near = 0;
    for (const [i, query] of queries.entries()) {
      for (const language of ['en', 'zh-HK']) {
        const res = await app.inject({
          url: `/api/customer/policy/service-point?${query}`,
          headers: { 'x-forwarded-for': `10.9.0.${String(i + 1)}`, 'accept-language': language },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const parsed = ServicePointListSchema.parse(JSON.parse(res.body));
        expect(res.body).toBe(JSON.stringify(parsed));
        if (parsed.expanded_from) expanded += 1;
        if (query.includes('near=')) {
          // Nearest first: the distances never go down, and every card has one (HK venues).
          const distances = parsed.results.map((result) => result.distance_m);
          expect(distances.length).toBeGreaterThan(0);
          expect(distances.every((d) => d !== null)).toBe(true);
          expect([...(distances as number[])].sort((a, b) => a - b)).toEqual(distances);
          near += 1;
        } else {
          expect(parsed.results.every((result) => result.distance_m === null)).toBe(true);
        }
      }
    }
    expect(expanded).toBeGreaterThan(0);
    expect(near).toBe(4);
  });
});

describe('read model refresh', () => {
  it('shows a rebuild to a second app instance on the same database', async () => {
    const other = await createTestDatabase({ seeded: true });
    const config = testConfig();
    const first = await buildApp({ config, db: other.db });
    const second = await buildApp({ config, db: other.db });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const find = async (app: FastifyInstance, text: string) => {
        const res = await app.inject({
          url: `/api/customer/policy/service-point/outpatient-go?search=${encodeURIComponent(text)}`,
          headers: { 'x-forwarded-for': `10.9.1.${String(Math.floor(Math.random() * 250) + 1)}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<ServicePointList>();
      };
      const before = await find(second, 'Qzxwv');
      expect(before.pagination.total).toBe(0);
      const doctor = (await find(second, '')).results[0]?.doctor;
      if (!doctor) throw new Error('no service point on the second panel');

      await other.db.execute(
        // A phone with its floor as its label, as an import keeps it (issue 41).
        sql`UPDATE doctor SET name_en = 'Dr Qzxwv Tester',
              phones = '[{"no":"24176511","label":"14/F"},{"no":"24176540"}]'::jsonb
            WHERE id = ${doctor.id}`,
      );
      await rebuildFinderIndex(other.db);

      for (const app of [second, first]) {
        const deadline = Date.now() + 15_000;
        let found = await find(app, 'Qzxwv');
        while (found.pagination.total === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          found = await find(app, 'Qzxwv');
        }
        expect(found.results.every((point) => point.doctor.id === doctor.id)).toBe(true);
        expect(found.results[0]?.doctor.name_en).toBe('Dr Qzxwv Tester');
        expect(found.results[0]?.doctor.phones).toEqual([
          { no: '24176511', label: '14/F' },
          { no: '24176540', label: null },
        ]);
      }
    } finally {
      await first.close();
      await second.close();
      await other.drop();
    }
  });
});
