// Geography for the seed: the five country regions, the 18 Hong Kong districts (from the
// government reference files beside the schema) plus two districts each for Macau and Mainland
// China, the curated `nearby` districts used to widen a doctor search, street names per district
// and the everyday area names (Central, Mong Kok, …) clinics put in their names and addresses.
// Pure data: reads only the reference files, never the database.
import { readFileSync } from 'node:fs';
import { serverFile } from '../../server-root';
import type { countryRegion, district, districtNearby } from '../schema';

export type RegionCode =
  'hong-kong-island' | 'kowloon' | 'new-territories' | 'macau' | 'mainland-china';

export interface DistrictInfo {
  /** A–T for Hong Kong (Home Affairs Department numbering), MO-… and CN-… outside it. */
  code: string;
  nameEn: string;
  nameZh: string;
  regionCode: RegionCode;
  /** 1-based display order over all districts. */
  sequence: number;
}

export interface CountryRegionInfo {
  code: RegionCode;
  nameEn: string;
  nameZh: string;
  sequence: number;
  districts: DistrictInfo[];
}

export interface StreetName {
  en: string;
  zh: string;
}

export interface AreaName {
  en: string;
  zh: string;
  /** Relative share of the district's clinics. */
  weight: number;
  /** The area's main shopping streets (English, as in loadStreets), where clinics cluster. */
  streets?: readonly string[];
}

export type CountryRegionRow = Pick<
  typeof countryRegion.$inferSelect,
  'id' | 'code' | 'sequence' | 'nameEn' | 'nameZh'
>;
export type DistrictRow = typeof district.$inferSelect;
export type DistrictNearbyRow = typeof districtNearby.$inferSelect;

const referenceFile = (name: string): string => serverFile('src', 'db', 'reference', name);

interface RawDistrict {
  code: string;
  abbrev: string;
  name_en: string;
  name_zh_hant: string;
  region_code: string;
}

const REGION_BY_FILE_CODE: Record<string, RegionCode> = {
  HKI: 'hong-kong-island',
  KLN: 'kowloon',
  NT: 'new-territories',
};

let rawDistrictsCache: RawDistrict[] | undefined;

function rawDistricts(): RawDistrict[] {
  if (!rawDistrictsCache) {
    const parsed = JSON.parse(readFileSync(referenceFile('hk_districts.json'), 'utf8')) as {
      districts: RawDistrict[];
    };
    rawDistrictsCache = parsed.districts;
  }
  return rawDistrictsCache;
}

/** The 18 Hong Kong districts, in the reference file's order (A, B, C, … T). */
export function loadDistricts(): DistrictInfo[] {
  return rawDistricts().map((raw, i) => {
    const regionCode = REGION_BY_FILE_CODE[raw.region_code];
    if (!regionCode) throw new Error(`district ${raw.code}: unknown region ${raw.region_code}`);
    return {
      code: raw.code,
      nameEn: raw.name_en,
      nameZh: raw.name_zh_hant,
      regionCode,
      sequence: i + 1,
    };
  });
}

/** Districts outside Hong Kong: the data carries them; the web leaves their regions out. */
export const NON_HK_DISTRICTS: readonly DistrictInfo[] = [
  {
    code: 'MO-PEN',
    nameEn: 'Macau Peninsula',
    nameZh: '澳門半島',
    regionCode: 'macau',
    sequence: 19,
  },
  { code: 'MO-TAI', nameEn: 'Taipa', nameZh: '氹仔', regionCode: 'macau', sequence: 20 },
  { code: 'CN-SZ', nameEn: 'Shenzhen', nameZh: '深圳', regionCode: 'mainland-china', sequence: 21 },
  {
    code: 'CN-GZ',
    nameEn: 'Guangzhou',
    nameZh: '廣州',
    regionCode: 'mainland-china',
    sequence: 22,
  },
];

const REGION_NAMES: readonly Omit<CountryRegionInfo, 'districts'>[] = [
  { code: 'hong-kong-island', nameEn: 'Hong Kong Island', nameZh: '香港島', sequence: 1 },
  { code: 'kowloon', nameEn: 'Kowloon', nameZh: '九龍', sequence: 2 },
  { code: 'new-territories', nameEn: 'New Territories', nameZh: '新界', sequence: 3 },
  { code: 'macau', nameEn: 'Macau', nameZh: '澳門', sequence: 4 },
  { code: 'mainland-china', nameEn: 'Mainland China', nameZh: '中國內地', sequence: 5 },
];

/** Every district: the 18 of Hong Kong, then Macau's and Mainland China's. */
export function loadAllDistricts(): DistrictInfo[] {
  return [...loadDistricts(), ...NON_HK_DISTRICTS];
}

/** The five country regions in display order, each with its districts. */
export const COUNTRY_REGIONS: readonly CountryRegionInfo[] = (() => {
  const all = loadAllDistricts();
  return REGION_NAMES.map((region) => ({
    ...region,
    districts: all.filter((d) => d.regionCode === region.code),
  }));
})();

/** Country-region rows with ids 1..5 in COUNTRY_REGIONS order. */
export function countryRegionRows(): CountryRegionRow[] {
  return COUNTRY_REGIONS.map((region, i) => ({
    id: i + 1,
    code: region.code,
    sequence: region.sequence,
    nameEn: region.nameEn,
    nameZh: region.nameZh,
  }));
}

/** District rows (22), each pointing at its country-region row id. */
export function districtRows(): DistrictRow[] {
  const regionIds = new Map(countryRegionRows().map((r) => [r.code, r.id]));
  return loadAllDistricts().map((d) => ({
    code: d.code,
    regionId: regionIds.get(d.regionCode) as number,
    sequence: d.sequence,
    nameEn: d.nameEn,
    nameZh: d.nameZh,
  }));
}

const NON_HK_NEARBY: Record<string, string[]> = {
  'MO-PEN': ['MO-TAI'],
  'MO-TAI': ['MO-PEN'],
  'CN-SZ': ['CN-GZ'],
  'CN-GZ': ['CN-SZ'],
};

/**
 * District code → the districts worth widening a search to: the reference file's curated
 * `nearby` lists (land borders, cross-harbour tunnels, Lantau links) plus the Macau and
 * Mainland pairs.
 */
export function loadNearby(): Record<string, string[]> {
  const parsed = JSON.parse(readFileSync(referenceFile('district_adjacency.json'), 'utf8')) as {
    nearby: Record<string, string[]>;
  };
  const out: Record<string, string[]> = {};
  for (const [code, nearby] of Object.entries(parsed.nearby)) out[code] = [...nearby];
  for (const [code, nearby] of Object.entries(NON_HK_NEARBY)) out[code] = [...nearby];
  return out;
}

export function districtNearbyRows(): DistrictNearbyRow[] {
  const nearby = loadNearby();
  const rows: DistrictNearbyRow[] = [];
  for (const d of loadAllDistricts()) {
    for (const nearbyCode of nearby[d.code] ?? []) {
      rows.push({ districtCode: d.code, nearbyCode });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- streets

/** Parses one CSV line with double-quoted fields (the file quotes names that hold commas). */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

const SMALL_WORDS = new Set(['of', 'and', 'the']);

/** "NATHAN ROAD" → "Nathan Road"; "BELCHER'S STREET" → "Belcher's Street". */
export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(
            /(^|[-(])([a-z])/g,
            (_m, lead: string, ch: string) => lead + ch.toUpperCase(),
          ),
    )
    .join(' ');
}

// Ordinary addressable streets: a name ending in Road, Street, Avenue… (optionally East, West…),
// letters only, and not a village lane, estate section, highway, tunnel or interchange.
// A long road's sections ("CASTLE PEAK ROAD - TSUEN WAN") are kept: "Castle Peak Road – Tsuen Wan".
const STREET_EN = new RegExp(
  "^[A-Z' ]+ (ROAD|STREET|AVENUE|DRIVE|TERRACE|SQUARE|CRESCENT|BOULEVARD|PLACE|CIRCUIT|STRAND)( (EAST|WEST|NORTH|SOUTH|CENTRAL))?( - [A-Z ]+)?$",
);
const STREET_EN_EXCLUDED =
  /\b(TSUEN(?! WAN)|VILLAGE|SAN UK|SECTION|HIGHWAY|INTERCHANGE|TUNNEL|BRIDGE|SERVICE ROAD|CORRIDOR|CATERING|CARGO|AIRPORT|RESERVOIR|CATCHWATER|COUNTRY PARK)\b/;
const STREET_ZH = /^[\u4e00-\u9fff]+$/;

const NON_HK_STREETS: Record<string, StreetName[]> = {
  'MO-PEN': [
    { en: 'Avenida de Almeida Ribeiro', zh: '亞美打利庇盧大馬路' },
    { en: 'Avenida do Infante D. Henrique', zh: '殷皇子大馬路' },
    { en: 'Rua do Campo', zh: '水坑尾街' },
    { en: 'Avenida Horta e Costa', zh: '高士德大馬路' },
  ],
  'MO-TAI': [
    { en: 'Rua de Bragança', zh: '布拉干薩街' },
    { en: 'Avenida de Kwong Tung', zh: '廣東大馬路' },
    { en: 'Rua de Seng Tou', zh: '成都街' },
  ],
  'CN-SZ': [
    { en: 'Shennan Boulevard', zh: '深南大道' },
    { en: 'Fuhua Road', zh: '福華路' },
    { en: 'Jianshe Road', zh: '建設路' },
    { en: 'Haide Third Road', zh: '海德三道' },
  ],
  'CN-GZ': [
    { en: 'Tianhe Road', zh: '天河路' },
    { en: 'Huacheng Avenue', zh: '花城大道' },
    { en: 'Zhongshan Fifth Road', zh: '中山五路' },
  ],
};

let streetsCache: Record<string, StreetName[]> | undefined;

/**
 * District code → real street names running through it (Lands Department list), title-cased,
 * de-duplicated by English name, in file order; plus a few hand-picked streets for the Macau and
 * Mainland districts.
 *
 * The districts come from the `DC` field (abbreviations joined by `-`, e.g. `SK-TP-ST`), not
 * from the per-district TRUE/FALSE columns: those were derived by substring match (the `TM`
 * column is TRUE for Yau Tsim Mong streets, `S` for Sham Shui Po, Sai Kung, Wong Tai Sin…) and
 * by English name (two different Administration Roads swap their districts), so Nathan Road
 * would land in Tuen Mun.
 */
export function loadStreets(): Record<string, StreetName[]> {
  if (streetsCache) return streetsCache;
  const codeByAbbrev = new Map(rawDistricts().map((d) => [d.abbrev, d.code]));
  const text = readFileSync(referenceFile('hkstreetnames20.csv'), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  if (parseCsvLine(lines[0] ?? '')[0] !== 'DC')
    throw new Error('hkstreetnames20.csv: unexpected header');
  const out: Record<string, StreetName[]> = {};
  const seen: Record<string, Set<string>> = {};
  for (const d of rawDistricts()) {
    out[d.code] = [];
    seen[d.code] = new Set();
  }
  for (const line of lines.slice(1)) {
    const fields = parseCsvLine(line);
    const en = (fields[1] ?? '').trim();
    // "青山公路 － 荃灣段" → "青山公路荃灣段"
    const zh = (fields[2] ?? '').trim().replace(/\s*－\s*/g, '');
    if (!STREET_EN.test(en) || STREET_EN_EXCLUDED.test(en) || !STREET_ZH.test(zh)) continue;
    const street = { en: titleCase(en).replace(' - ', ' – '), zh };
    for (const abbrev of (fields[0] ?? '').split('-')) {
      const code = codeByAbbrev.get(abbrev);
      if (!code) throw new Error(`hkstreetnames20.csv: unknown district ${abbrev} for ${en}`);
      const districtSeen = seen[code] as Set<string>;
      if (districtSeen.has(street.en)) continue;
      districtSeen.add(street.en);
      (out[code] as StreetName[]).push(street);
    }
  }
  for (const [code, streets] of Object.entries(NON_HK_STREETS)) out[code] = [...streets];
  streetsCache = out;
  return out;
}

// ---------------------------------------------------------------- areas

/**
 * Everyday area names within each district, as clinics use them in their names and addresses,
 * weighted by how many clinics an area has (Central and Mong Kok busiest).
 */
export const DISTRICT_AREAS: Readonly<Record<string, readonly AreaName[]>> = {
  A: [
    {
      en: 'Central',
      zh: '中環',
      weight: 5,
      streets: [
        "Queen's Road Central",
        'Des Voeux Road Central',
        'Wellington Street',
        'Wyndham Street',
      ],
    },
    {
      en: 'Sheung Wan',
      zh: '上環',
      weight: 3,
      streets: ["Queen's Road Central", 'Bonham Strand', 'Wing Lok Street', 'Jervois Street'],
    },
    {
      en: 'Sai Ying Pun',
      zh: '西營盤',
      weight: 2,
      streets: ["Queen's Road West", 'Des Voeux Road West', 'High Street', 'Centre Street'],
    },
    {
      en: 'Kennedy Town',
      zh: '堅尼地城',
      weight: 2,
      streets: ['Catchick Street', "Belcher's Street", 'North Street'],
    },
    {
      en: 'Mid-Levels',
      zh: '半山',
      weight: 1,
      streets: ['Caine Road', 'Robinson Road', 'Conduit Road'],
    },
  ],
  B: [
    {
      en: 'Wan Chai',
      zh: '灣仔',
      weight: 4,
      streets: ['Hennessy Road', 'Johnston Road', 'Lockhart Road', "Queen's Road East"],
    },
    {
      en: 'Causeway Bay',
      zh: '銅鑼灣',
      weight: 5,
      streets: ['Hennessy Road', 'Yee Wo Street', 'Percival Street', 'Great George Street'],
    },
    {
      en: 'Happy Valley',
      zh: '跑馬地',
      weight: 1,
      streets: ['Wong Nai Chung Road', 'Sing Woo Road'],
    },
    { en: 'Tai Hang', zh: '大坑', weight: 1, streets: ['Tung Lo Wan Road'] },
  ],
  C: [
    {
      en: 'North Point',
      zh: '北角',
      weight: 4,
      streets: ["King's Road", 'Java Road', 'Tong Shui Road'],
    },
    { en: 'Quarry Bay', zh: '鰂魚涌', weight: 2, streets: ["King's Road", 'Hoi Wan Street'] },
    { en: 'Tai Koo', zh: '太古', weight: 3, streets: ['Taikoo Shing Road', "King's Road"] },
    { en: 'Sai Wan Ho', zh: '西灣河', weight: 1, streets: ['Shau Kei Wan Road', 'Tai On Street'] },
    {
      en: 'Shau Kei Wan',
      zh: '筲箕灣',
      weight: 2,
      streets: ['Shau Kei Wan Road', 'Shau Kei Wan Main Street East'],
    },
    { en: 'Chai Wan', zh: '柴灣', weight: 2, streets: ['Chai Wan Road', 'Wan Tsui Road'] },
  ],
  D: [
    { en: 'Aberdeen', zh: '香港仔', weight: 3, streets: ['Aberdeen Main Road', 'Chengtu Road'] },
    { en: 'Ap Lei Chau', zh: '鴨脷洲', weight: 2, streets: ['Ap Lei Chau Drive'] },
    { en: 'Wong Chuk Hang', zh: '黃竹坑', weight: 1, streets: ['Wong Chuk Hang Road'] },
    { en: 'Pok Fu Lam', zh: '薄扶林', weight: 1, streets: ['Pok Fu Lam Road'] },
    {
      en: 'Stanley',
      zh: '赤柱',
      weight: 1,
      streets: ['Stanley Main Street', 'Stanley New Street'],
    },
  ],
  E: [
    {
      en: 'Mong Kok',
      zh: '旺角',
      weight: 5,
      streets: ['Nathan Road', 'Argyle Street', 'Sai Yeung Choi Street South', 'Shantung Street'],
    },
    {
      en: 'Yau Ma Tei',
      zh: '油麻地',
      weight: 3,
      streets: ['Nathan Road', 'Waterloo Road', 'Shanghai Street', 'Pitt Street'],
    },
    {
      en: 'Tsim Sha Tsui',
      zh: '尖沙咀',
      weight: 4,
      streets: ['Nathan Road', 'Carnarvon Road', 'Granville Road', 'Hankow Road'],
    },
    {
      en: 'Jordan',
      zh: '佐敦',
      weight: 3,
      streets: ['Nathan Road', 'Jordan Road', 'Parkes Street'],
    },
    { en: 'Tai Kok Tsui', zh: '大角咀', weight: 1, streets: ['Tai Kok Tsui Road', 'Ivy Street'] },
    {
      en: 'Prince Edward',
      zh: '太子',
      weight: 2,
      streets: ['Prince Edward Road West', 'Nathan Road'],
    },
  ],
  F: [
    {
      en: 'Sham Shui Po',
      zh: '深水埗',
      weight: 4,
      streets: ['Cheung Sha Wan Road', 'Apliu Street', 'Kweilin Street', 'Pei Ho Street'],
    },
    {
      en: 'Cheung Sha Wan',
      zh: '長沙灣',
      weight: 3,
      streets: ['Cheung Sha Wan Road', 'Castle Peak Road'],
    },
    {
      en: 'Lai Chi Kok',
      zh: '荔枝角',
      weight: 2,
      streets: ['Lai Chi Kok Road', 'Cheung Sha Wan Road'],
    },
    {
      en: 'Shek Kip Mei',
      zh: '石硤尾',
      weight: 1,
      streets: ['Nam Cheong Street', 'Woh Chai Street'],
    },
    { en: 'Mei Foo', zh: '美孚', weight: 2, streets: ['Nassau Street', 'Lai Chi Kok Road'] },
  ],
  G: [
    {
      en: 'Kowloon City',
      zh: '九龍城',
      weight: 3,
      streets: ['Nga Tsin Wai Road', 'Prince Edward Road West', 'Lion Rock Road'],
    },
    { en: 'To Kwa Wan', zh: '土瓜灣', weight: 3, streets: ['To Kwa Wan Road', 'Ma Tau Wai Road'] },
    {
      en: 'Hung Hom',
      zh: '紅磡',
      weight: 3,
      streets: ['Wuhu Street', 'Tak Man Street', 'Ma Tau Wai Road'],
    },
    { en: 'Ho Man Tin', zh: '何文田', weight: 1, streets: ['Waterloo Road', 'Pui Ching Road'] },
    { en: 'Kowloon Tong', zh: '九龍塘', weight: 2, streets: ['Waterloo Road', 'Cornwall Street'] },
  ],
  H: [
    {
      en: 'Wong Tai Sin',
      zh: '黃大仙',
      weight: 3,
      streets: ['Lung Cheung Road', 'Ching Tak Street'],
    },
    { en: 'Diamond Hill', zh: '鑽石山', weight: 1, streets: ['Lung Poon Street'] },
    {
      en: 'San Po Kong',
      zh: '新蒲崗',
      weight: 2,
      streets: ['Tai Yau Street', 'Hong Keung Street'],
    },
    { en: 'Tsz Wan Shan', zh: '慈雲山', weight: 1, streets: ['Tsz Wan Shan Road'] },
    {
      en: 'Lok Fu',
      zh: '樂富',
      weight: 2,
      streets: ['Junction Road', 'Wang Tau Hom Central Road'],
    },
  ],
  J: [
    {
      en: 'Kwun Tong',
      zh: '觀塘',
      weight: 5,
      streets: [
        'Hoi Yuen Road',
        'How Ming Street',
        'Hip Wo Street',
        'Mut Wah Street',
        'Kwun Tong Road',
      ],
    },
    { en: 'Ngau Tau Kok', zh: '牛頭角', weight: 2, streets: ['Ngau Tau Kok Road'] },
    { en: 'Kowloon Bay', zh: '九龍灣', weight: 3, streets: ['Wang Chiu Road', 'Sheung Yuet Road'] },
    { en: 'Lam Tin', zh: '藍田', weight: 2, streets: ['Kai Tin Road'] },
    { en: 'Yau Tong', zh: '油塘', weight: 1, streets: ['Ko Chiu Road'] },
  ],
  K: [
    {
      en: 'Tsuen Wan',
      zh: '荃灣',
      weight: 6,
      streets: [
        'Sha Tsui Road',
        'Chung On Street',
        'Castle Peak Road – Tsuen Wan',
        'Yeung Uk Road',
      ],
    },
    { en: 'Sham Tseng', zh: '深井', weight: 1, streets: ['Castle Peak Road – Sham Tseng'] },
  ],
  L: [
    {
      en: 'Tuen Mun',
      zh: '屯門',
      weight: 5,
      streets: ['Tuen Mun Heung Sze Wui Road', 'Castle Peak Road – San Hui', 'Tsing Hoi Circuit'],
    },
    { en: 'Siu Hong', zh: '兆康', weight: 1, streets: ['Ming Kum Road'] },
    { en: 'Tai Hing', zh: '大興', weight: 1, streets: ['Tai Hing Street'] },
  ],
  M: [
    {
      en: 'Yuen Long',
      zh: '元朗',
      weight: 5,
      streets: ['Castle Peak Road – Yuen Long', 'Kau Yuk Road', 'Tai Tong Road'],
    },
    { en: 'Tin Shui Wai', zh: '天水圍', weight: 3, streets: ['Tin Shui Road', 'Tin Wu Road'] },
    { en: 'Kam Tin', zh: '錦田', weight: 1, streets: ['Kam Tin Road'] },
  ],
  N: [
    {
      en: 'Sheung Shui',
      zh: '上水',
      weight: 3,
      streets: ['San Hong Street', 'San Fung Avenue', 'Lung Sum Avenue'],
    },
    {
      en: 'Fanling',
      zh: '粉嶺',
      weight: 3,
      streets: ['Luen Wo Road', 'Sha Tau Kok Road – Lung Yeuk Tau'],
    },
  ],
  P: [
    {
      en: 'Tai Po',
      zh: '大埔',
      weight: 4,
      streets: ['Kwong Fuk Road', 'On Fu Road', 'Po Heung Street'],
    },
    { en: 'Tai Wo', zh: '太和', weight: 1, streets: ['Tai Po Tai Wo Road'] },
  ],
  Q: [
    {
      en: 'Tseung Kwan O',
      zh: '將軍澳',
      weight: 5,
      streets: ['Tong Ming Street', 'Chung Wa Road', 'Po Hong Road', 'Tong Chun Street'],
    },
    { en: 'Sai Kung', zh: '西貢', weight: 2, streets: ['Po Tung Road', 'Man Nin Street'] },
    { en: 'Hang Hau', zh: '坑口', weight: 1, streets: ['Hang Hau Road'] },
    { en: 'Po Lam', zh: '寶琳', weight: 1, streets: ['Po Lam Road North'] },
  ],
  R: [
    {
      en: 'Sha Tin',
      zh: '沙田',
      weight: 4,
      streets: ['Sha Tin Centre Street', 'Sha Tin Rural Committee Road'],
    },
    { en: 'Tai Wai', zh: '大圍', weight: 2, streets: ['Tai Wai Road', 'Chik Fuk Street'] },
    { en: 'Ma On Shan', zh: '馬鞍山', weight: 2, streets: ['Sai Sha Road', 'On Chun Street'] },
    { en: 'Fo Tan', zh: '火炭', weight: 1, streets: ['Au Pui Wan Street'] },
  ],
  S: [
    {
      en: 'Kwai Chung',
      zh: '葵涌',
      weight: 3,
      streets: ['Kwai Chung Road', 'Hing Fong Road', 'Tai Pak Tin Street'],
    },
    { en: 'Kwai Fong', zh: '葵芳', weight: 2, streets: ['Kwai Fung Crescent', 'Hing Ning Road'] },
    { en: 'Tsing Yi', zh: '青衣', weight: 2, streets: ['Tsing Luk Street', 'Tsing Yi Road'] },
  ],
  T: [
    { en: 'Tung Chung', zh: '東涌', weight: 3, streets: ['Tat Tung Road', 'Mei Tung Street'] },
    { en: 'Cheung Chau', zh: '長洲', weight: 1, streets: ['Tung Wan Road', 'Pak She Street'] },
    { en: 'Discovery Bay', zh: '愉景灣', weight: 1, streets: ['Discovery Bay Road'] },
    { en: 'Mui Wo', zh: '梅窩', weight: 1, streets: ['Mui Wo Ferry Pier Road'] },
  ],
  'MO-PEN': [{ en: 'Macau', zh: '澳門', weight: 1 }],
  'MO-TAI': [{ en: 'Taipa', zh: '氹仔', weight: 1 }],
  'CN-SZ': [
    { en: 'Futian', zh: '福田', weight: 2 },
    { en: 'Nanshan', zh: '南山', weight: 1 },
  ],
  'CN-GZ': [{ en: 'Tianhe', zh: '天河', weight: 1 }],
};

/** The city an address outside Hong Kong ends (English) or starts (Chinese) with. */
export const ADDRESS_CITY: Readonly<Record<string, StreetName>> = {
  'MO-TAI': { en: 'Macau', zh: '澳門' },
  'CN-SZ': { en: 'Shenzhen', zh: '深圳' },
  'CN-GZ': { en: 'Guangzhou', zh: '廣州' },
};

/**
 * District code → area English name → the area's main streets resolved to bilingual names from
 * loadStreets. Throws when a listed street is not a street of the district.
 */
export function loadAreaStreets(): Map<string, Map<string, StreetName[]>> {
  const streets = loadStreets();
  const out = new Map<string, Map<string, StreetName[]>>();
  for (const [code, areas] of Object.entries(DISTRICT_AREAS)) {
    const byEn = new Map((streets[code] ?? []).map((s) => [s.en, s]));
    const byArea = new Map<string, StreetName[]>();
    for (const area of areas) {
      byArea.set(
        area.en,
        (area.streets ?? []).map((en) => {
          const street = byEn.get(en);
          if (!street)
            throw new Error(`area ${area.en}: ${en} is not a street of district ${code}`);
          return street;
        }),
      );
    }
    out.set(code, byArea);
  }
  return out;
}
