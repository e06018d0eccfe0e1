// Search that understands how Hong Kong people type (issue 17, decision 158), on a small fixed
// network built here (not the demo seed): Traditional and Simplified Chinese, romanised surnames
// across systems, places by abbreviation, station and estate, service words in both languages,
// and forgiving input. Every query runs on REST and on GraphQL and must give exactly the
// expected service points; must-not-match rows are named where the rule is the point.
import type { ServicePointList } from '@clinicpass/shared/schemas/finder';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rebuildFinderIndex } from '../src/modules/finder/finder.index';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { testFactories } from './factories';

const VENUES = {
  cwb: [
    'Harbour Medical Centre',
    '海港醫務中心',
    'B',
    '500 Hennessy Road, Causeway Bay',
    '銅鑼灣軒尼詩道500號',
  ],
  tst: [
    'Nathan Health Centre',
    '彌敦健康中心',
    'E',
    '1 Nathan Road, Tsim Sha Tsui',
    '尖沙咀彌敦道1號',
  ],
  meiFoo: [
    'Garden Medical Centre',
    '花園醫務中心',
    'F',
    'Shop 8, Mei Foo Sun Chuen, Broadway',
    '美孚新邨百老匯街8號',
  ],
  meiFooZh: ['Broadway Health Centre', '百老匯健康中心', 'F', '12 Broadway', '美孚百老匯街12號'],
  princeEdward: [
    'Kowloon Care Centre',
    '九龍護理中心',
    'E',
    '750 Nathan Road, Prince Edward',
    '太子彌敦道750號',
  ],
  mongKok: [
    'Argyle Medical Centre',
    '亞皆老醫務中心',
    'E',
    '88 Argyle Street, Mong Kok',
    '旺角亞皆老街88號',
  ],
  tko: [
    'Sea View Medical Centre',
    '海景醫務中心',
    'Q',
    'Shop 2, Metro Town, Tseung Kwan O',
    '將軍澳都會駅2號舖',
  ],
  kwunTong: [
    'Hoi Yuen Medical Centre',
    '開源醫務中心',
    'J',
    '10 Hoi Yuen Road, Kwun Tong',
    '觀塘開源道10號',
  ],
  central: [
    "Queen's Medical Centre",
    '皇后醫務中心',
    'A',
    "20 Queen's Road Central",
    '中環皇后大道中20號',
  ],
  shaTin: [
    'New Town Medical Centre',
    '新城市醫務中心',
    'R',
    '18 Sha Tin Centre Street',
    '沙田正街18號',
  ],
  tsuenWan: [
    'Riverside Medical Centre',
    '河畔醫務中心',
    'K',
    '8 Chung On Street, Tsuen Wan',
    '荃灣眾安街8號',
  ],
} as const;
type VenueKey = keyof typeof VENUES;

/** Doctor (English, Chinese), venue, service slug, specialty slug: one service point each. */
const POINTS = {
  chan: ['Dr. Chan Tai Man', '陳大文醫生', 'cwb', 'general-practitioner', null],
  wongH: ['Dr. Wong Siu Ming', '黃小明醫生', 'tst', 'specialist', 'dermatology-venereology'],
  wongW: ['Dr. Wong Ka Yan', '王家欣醫生', 'meiFoo', 'specialist', 'ophthalmology'],
  cheung: ['Dr. Cheung Wai Kit', '張偉傑醫生', 'princeEdward', 'specialist', 'paediatrics'],
  lee: ['Dr. Lee Mei Ling', '李美玲醫生', 'mongKok', 'physiotherapy', null],
  leeLi: ['Dr. Lee Chi Keung', '利志強醫生', 'tko', 'general-practitioner', null],
  lai: ['Dr. Lai Kin Wah', '黎建華醫生', 'kwunTong', 'general-practitioner', null],
  lam: [
    'Lam Yuk Fan (Chinese Medicine Practitioner)',
    '林玉芬中醫師',
    'meiFooZh',
    'bonesetter',
    null,
  ],
  auYeung: ['Dr. Au Yeung Chi Ho', '歐陽志豪醫生', 'central', 'general-practitioner', null],
  tsang: ['Dr. Tsang Ho Yin', '曾浩然醫生', 'cwb', 'dental-consultation', null],
  ho: ['Dr. Ho Wing Sze', '何詠詩醫生', 'kwunTong', 'specialist', 'cardiology'],
  szeto: ['Dr. Szeto Man Kit', '司徒文傑醫生', 'tko', 'specialist', 'dermatology-venereology'],
  yeung: ['Dr. Yeung Ka Ho', '楊家豪醫生', 'shaTin', 'general-practitioner', null],
  leung: ['Dr. Leung Kwok Wai', '梁國偉醫生', 'tsuenWan', 'chiropractic-service', null],
  ng: ['Dr. Ng Siu Fong', '吳小芳醫生', 'tst', 'physiotherapy', null],
} as const satisfies Record<string, readonly [string, string, VenueKey, string, string | null]>;
type Label = keyof typeof POINTS;

/** A query, the service points it must find (exactly), and those it must not, for the record. */
type Case = readonly [search: string, expected: readonly Label[], mustNot?: readonly Label[]];

const GP: readonly Label[] = ['chan', 'leeLi', 'lai', 'auYeung', 'yeung'];
const SPECIALISTS: readonly Label[] = ['wongH', 'wongW', 'cheung', 'ho', 'szeto'];

const CASES: Record<string, readonly Case[]> = {
  'Traditional and Simplified Chinese': [
    ['铜锣湾', ['chan', 'tsang']],
    ['銅鑼灣', ['chan', 'tsang']],
    ['陈', ['chan']],
    ['陳', ['chan']],
    ['黄', ['wongH'], ['wongW']],
    ['王', ['wongW'], ['wongH']],
    ['张伟杰', ['cheung']],
    ['皇后大道', ['auYeung']],
    ['后', ['auYeung']],
    ['尖沙咀', ['wongH', 'ng']],
    ['观塘', ['lai', 'ho']],
    ['沙田', ['yeung']],
    ['欧阳', ['auYeung']],
    ['荃湾', ['leung']],
    ['将军澳', ['leeLi', 'szeto']],
    [
      '医务中心',
      ['chan', 'tsang', 'wongW', 'lee', 'leeLi', 'szeto', 'lai', 'ho', 'auYeung', 'yeung', 'leung'],
    ],
  ],
  'romanised surnames': [
    ['Zhang', ['cheung']],
    ['Cheung', ['cheung']],
    ['zoeng1', ['cheung']],
    ['Huang', ['wongH'], ['wongW']],
    ['Wong', ['wongH', 'wongW']],
    ['wong4', ['wongH', 'wongW']],
    ['Wang', ['wongW'], ['wongH']],
    ['Chen', ['chan']],
    ['Chan', ['chan']],
    ['can4', ['chan']],
    ['Li', ['lee', 'leeLi', 'lai'], ['lam']],
    ['Lee', ['lee', 'leeLi'], ['lai']],
    ['lei5', ['lee', 'leeLi']],
    ['Lai', ['lai']],
    ['Au Yeung', ['auYeung'], ['yeung']],
    ['Ouyang', ['auYeung'], ['yeung']],
    ['auyeung', ['auYeung']],
    ['Yeung', ['auYeung', 'yeung']],
    ['Yang', ['yeung'], ['auYeung']],
    ['Situ', ['szeto']],
    ['Sze To', ['szeto'], ['ho']],
    ['Zeng', ['tsang']],
    ['Tsang', ['tsang']],
    // Pinyin Wu is 吳; the letters also occur in Kwun Tong.
    ['Wu', ['ng', 'lai', 'ho']],
    ['Lin', ['lam', 'lee']],
    ['Liang', ['leung']],
    ['Leung', ['leung']],
    ['Guo', []],
  ],
  places: [
    ['TST', ['wongH', 'ng']],
    ['tst', ['wongH', 'ng']],
    ['Tsim Sha Tsui', ['wongH', 'ng']],
    ['tsimshatsui', ['wongH', 'ng']],
    ['MK', ['lee']],
    ['Mong Kok', ['lee']],
    ['旺角', ['lee']],
    ['CWB', ['chan', 'tsang']],
    ['Causeway Bay', ['chan', 'tsang']],
    ['TKO', ['leeLi', 'szeto']],
    ['Tseung Kwan O', ['leeLi', 'szeto']],
    ['KT', ['lai', 'ho']],
    ['Kwun Tong', ['lai', 'ho']],
    ['Prince Edward', ['cheung']],
    ['太子', ['cheung']],
    ['Mei Foo', ['wongW', 'lam']],
    ['美孚', ['wongW', 'lam']],
    ['meifoo', ['wongW', 'lam']],
    ['Central', ['auYeung']],
    ['中環', ['auYeung']],
    ['Sha Tin', ['yeung']],
    ['shatin', ['yeung']],
    ['TW', ['leung']],
    ['Lai King', []],
  ],
  'service words': [
    ['skin', ['wongH', 'szeto']],
    ['皮膚', ['wongH', 'szeto']],
    ['皮肤', ['wongH', 'szeto']],
    ['dermatology', ['wongH', 'szeto']],
    ['Dermatology & Venereology', ['wongH', 'szeto']],
    ['皮膚及性病科', ['wongH', 'szeto']],
    ['bone setting', ['lam']],
    ['bonesetting', ['lam']],
    ['跌打', ['lam']],
    ['eye', ['wongW']],
    ['眼科', ['wongW']],
    ['kid', ['cheung']],
    ['kids', ['cheung']],
    ['兒科', ['cheung']],
    ['儿科', ['cheung']],
    ['physio', ['lee', 'ng']],
    ['物理治療', ['lee', 'ng']],
    ['physiotherapy', ['lee', 'ng']],
    ['heart', ['ho']],
    ['dentist', ['tsang']],
    ['牙科', ['tsang']],
    ['chiro', ['leung']],
    ['gp', GP],
    ['Specialist Practitioner', SPECIALISTS],
    ['cialist', []],
  ],
  'forgiving input and combinations': [
    ['  CHAN  ', ['chan']],
    ['Chan,', ['chan']],
    ['Dr.Chan', ['chan']],
    ['Dr Chan', ['chan']],
    ['Dr. Huang', ['wongH'], ['wongW']],
    ['HUANG', ['wongH']],
    ['Ｈｕａｎｇ', ['wongH']],
    ['ｔｓｔ', ['wongH', 'ng']],
    ['陳醫生', ['chan']],
    ['醫生 陳', ['chan']],
    ['Tai-Man', ['chan']],
    ["Queen's Road", ['auYeung']],
    ['Mei Foo Dr Wong', ['wongW']],
    ['TST skin', ['wongH']],
    ['铜锣湾 牙科', ['tsang']],
    ['skin Huang', ['wongH']],
    ['eye Huang', [], ['wongW', 'wongH']],
    ['KT heart', ['ho']],
  ],
};

/** A policy with the medical network, the searches' access. */
let POLICY: string;
let database: TestDatabase;
let app: FastifyInstance;
const idOf = new Map<Label, number>();
const labelOf = new Map<number, Label>();

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const db = database.db;
  POLICY = (await testFactories(db).policy()).policyNumber;
  await db.execute(sql.raw('TRUNCATE service_point, payment_info, venue, doctor CASCADE'));
  const venueIds = new Map<VenueKey, number>();
  for (const [key, [en, zh, district, one, two]] of Object.entries(VENUES)) {
    const row = await db.execute<{ id: number }>(sql`
      INSERT INTO venue (name_en, name_zh, district_code, address_line_one, address_line_two)
      VALUES (${en}, ${zh}, ${district}, ${one}, ${two}) RETURNING id`);
    venueIds.set(key as VenueKey, row.rows[0]?.id as number);
  }
  for (const [label, [en, zh, venue, service, specialty]] of Object.entries(POINTS)) {
    const doctor = await db.execute<{ id: number }>(
      sql`INSERT INTO doctor (name_en, name_zh) VALUES (${en}, ${zh}) RETURNING id`,
    );
    const point = await db.execute<{ id: number }>(sql`
      INSERT INTO service_point (panel, doctor_id, venue_id, service_id, specialty_id)
      VALUES ('outpatient', ${doctor.rows[0]?.id}, ${venueIds.get(venue)},
        (SELECT id FROM healthcare_service WHERE slug = ${service}),
        (SELECT id FROM specialty WHERE slug = ${specialty}))
      RETURNING id`);
    idOf.set(label as Label, point.rows[0]?.id as number);
    labelOf.set(point.rows[0]?.id as number, label as Label);
  }
  await rebuildFinderIndex(db);
  app = await buildApp({ config: testConfig(), db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

let address = 0;
function nextAddress(): string {
  address += 1;
  return `10.17.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

async function rest(search: string, language: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ policy_number: POLICY, search, page_size: '50', ...extra });
  const res = await app.inject({
    url: `/api/customer/policy/service-point?${params.toString()}`,
    headers: { 'x-forwarded-for': nextAddress(), 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ServicePointList>();
}

const SERVICE_POINTS = `
  query ($policy_number: String, $search: String, $expand_until_found: Boolean) {
    servicePoints(panel: "outpatient", policy_number: $policy_number, page_size: 50,
      search: $search, expand_until_found: $expand_until_found) {
      results { id venue { district { code } } }
      pagination { total }
      expanded_from { district_codes level searched_district_codes }
    }
  }`;

async function graphql(search: string, language: string, expand = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
      'accept-language': language,
    },
    payload: JSON.stringify({
      query: SERVICE_POINTS,
      variables: { policy_number: POLICY, search, expand_until_found: expand },
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{
    data?: {
      servicePoints: Pick<ServicePointList, 'pagination' | 'expanded_from'> & {
        results: { id: string | number; venue: { district: { code: string } } }[];
      };
    };
    errors?: unknown;
  }>();
  expect(body.errors, res.body).toBeUndefined();
  if (!body.data) throw new Error(res.body);
  return body.data.servicePoints;
}

const labels = (ids: readonly (string | number)[]) =>
  ids.map((id) => labelOf.get(Number(id)) ?? `unknown ${String(id)}`);

describe('search that understands Hong Kong input', () => {
  it('has at least 80 queries across the categories, in both languages', () => {
    const all = Object.values(CASES).flat();
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(all.filter(([search]) => /\p{Script=Han}/u.test(search)).length).toBeGreaterThan(25);
    expect(all.filter(([, , mustNot]) => mustNot !== undefined).length).toBeGreaterThan(10);
  });

  for (const [category, cases] of Object.entries(CASES)) {
    it(`finds exactly the expected service points: ${category} (REST and GraphQL)`, async () => {
      for (const [index, [search, expected, mustNot]] of cases.entries()) {
        const language = index % 2 === 0 ? 'en' : 'zh-HK';
        const viaRest = await rest(search, language);
        const viaGraphql = await graphql(search, language);
        const found = labels(viaRest.results.map((point) => point.id));
        expect(found.toSorted(), `REST ${search}`).toEqual([...expected].toSorted());
        expect(viaRest.pagination.total, `REST ${search}`).toBe(expected.length);
        expect(labels(viaGraphql.results.map((point) => point.id)), `GraphQL ${search}`).toEqual(
          found,
        );
        expect(viaGraphql.pagination.total, `GraphQL ${search}`).toBe(expected.length);
        for (const label of mustNot ?? [])
          expect(found, `${search} must not find ${label}`).not.toContain(label);
      }
    });
  }

  it('widens from a named place through the district adjacency data when nothing matches', async () => {
    // Lai King (葵青 S) has no service point; its nearby districts are F, K, R and T.
    for (const search of ['Lai King', '荔景']) {
      const viaRest = await rest(search, 'en', { expand_until_found: 'true' });
      expect(viaRest.expanded_from).toEqual({
        district_codes: ['S'],
        level: 'nearby',
        searched_district_codes: ['S', 'F', 'K', 'R', 'T'],
      });
      expect(labels(viaRest.results.map((point) => point.id)).toSorted()).toEqual(
        ['lam', 'leung', 'wongW', 'yeung'].toSorted(),
      );
      const viaGraphql = await graphql(search, 'zh-HK', true);
      expect(viaGraphql.expanded_from).toEqual(viaRest.expanded_from);
      expect(viaGraphql.pagination.total).toBe(4);
    }
    // A place that matches is not widened; the rest of the text still applies when widening.
    expect(
      (await rest('Mei Foo', 'en', { expand_until_found: 'true' })).expanded_from,
    ).toBeUndefined();
    const withWord = await rest('Lai King chiro', 'en', { expand_until_found: 'true' });
    expect(labels(withWord.results.map((point) => point.id))).toEqual(['leung']);
    expect(withWord.expanded_from?.level).toBe('nearby');
  });

  it('keeps the finder order: district, then the doctor’s English name', async () => {
    const answer = await rest('医务中心', 'en');
    const order = labels(answer.results.map((point) => point.id));
    const districtOf = (label: Label) => VENUES[POINTS[label][2]][2];
    const sequence = 'ABCDEFGHJKLMNPQRST';
    const sorted = [...order].toSorted(
      (a, b) =>
        sequence.indexOf(districtOf(a as Label)) - sequence.indexOf(districtOf(b as Label)) ||
        POINTS[a as Label][0].toLowerCase().localeCompare(POINTS[b as Label][0].toLowerCase()),
    );
    expect(order).toEqual(sorted);
    expect(idOf.size).toBe(Object.keys(POINTS).length);
  });
});
