// The deterministic synthetic medical network: clinic venues over the districts, doctors with
// bilingual Cantonese names, the doctors' prices per service code (payment info) and the service
// points that pair a doctor, a venue and a service on a panel. Pure: a seed and a size in, plain
// rows out, with ids 1..n so rows can reference each other before anything is inserted.
//
// Insert order for the whole seed (every row carries its id; reset the serial sequences after):
// countryRegionRows → districtRows → districtNearbyRows (reference.ts) → serviceRows →
// serviceProvisionRows → specialtyRows → serviceSpecialtyRows (catalogue.ts) → doctors →
// paymentInfos → venues → servicePoints (here).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { doctor, paymentInfo, servicePoint, TreatmentProperty, venue } from '../schema';
import { type Panel, PANELS, PAYMENT_ONLY_CODES, SERVICES, SPECIALTIES } from './catalogue';
import { createRandom, DEFAULT_SEED, type Random, WeightedTable } from './random';
import {
  ADDRESS_CITY,
  type AreaName,
  DISTRICT_AREAS,
  type DistrictInfo,
  loadAllDistricts,
  loadAreaStreets,
  loadDistricts,
  loadNearby,
  loadStreets,
  type StreetName,
} from './reference';

// ---------------------------------------------------------------- row shapes

export type DoctorRow = Pick<typeof doctor.$inferSelect, 'id' | 'nameEn' | 'nameZh' | 'phones'>;
export type PaymentInfoRow = typeof paymentInfo.$inferSelect;
export type VenueRow = Pick<
  typeof venue.$inferSelect,
  'id' | 'nameEn' | 'nameZh' | 'districtCode' | 'addressLineOne' | 'addressLineTwo'
>;
export type ServicePointRow = Pick<
  typeof servicePoint.$inferSelect,
  'id' | 'doctorId' | 'venueId' | 'serviceId' | 'specialtyId'
> & { panel: Panel };

export interface Network {
  doctors: DoctorRow[];
  paymentInfos: PaymentInfoRow[];
  venues: VenueRow[];
  servicePoints: ServicePointRow[];
}

export interface NetworkOptions {
  /** Exact number of service points to generate (both panels together). Default 1600. */
  servicePoints?: number;
  seed?: number;
}

export const DEFAULT_SERVICE_POINTS = 1600;

// ---------------------------------------------------------------- tuning

/** Venues per service point: 1,600 service points → 432 venues. */
const VENUES_PER_SERVICE_POINT = 0.27;
/** Share of eligible primary-panel service points that are also on the second panel. */
const GO_SHARE = 0.2;

/** Relative clinic density per Hong Kong district (busy urban districts high, Islands lowest). */
export const DISTRICT_WEIGHTS: Readonly<Record<string, number>> = {
  A: 9, // Central and Western
  B: 9, // Wan Chai
  C: 8, // Eastern
  D: 3, // Southern
  E: 12, // Yau Tsim Mong
  F: 7, // Sham Shui Po
  G: 6, // Kowloon City
  H: 4, // Wong Tai Sin
  J: 8, // Kwun Tong
  K: 6, // Tsuen Wan
  L: 4, // Tuen Mun
  M: 6, // Yuen Long
  N: 3, // North
  P: 3, // Tai Po
  Q: 4, // Sai Kung
  R: 7, // Sha Tin
  S: 4, // Kwai Tsing
  T: 1.5, // Islands
};
/** The Macau and Mainland districts get a token share. */
const NON_HK_DISTRICT_WEIGHT = 0.25;
const MIN_VENUES_HK = 2;
const MIN_VENUES_NON_HK = 1;

/**
 * Districts where a service has deliberately no service point, per panel, so that a search there
 * comes back empty and "expand search" (to nearby districts) has something to do. The second
 * panel's service points are drawn from the primary panel's, so its gaps include the primary
 * gaps too (see gapDistricts). Only Hong Kong districts; all from the low-density end.
 */
export const SERVICE_GAPS: Readonly<Record<string, Readonly<Partial<Record<Panel, string[]>>>>> = {
  GP: { outpatient: ['T'], go: ['N', 'D'] },
  SP: { outpatient: ['N'], go: ['L', 'Q'] },
  CMC: { outpatient: ['D'], go: ['T', 'H'] },
  ACU: { outpatient: ['T', 'P'] },
  BST: { outpatient: ['D', 'Q'] },
  CHI: { outpatient: ['H', 'N', 'T'] },
  DOE: { outpatient: ['T'] },
  DEN: { outpatient: ['N'] },
  BC1: { outpatient: ['T', 'D'], go: ['N', 'P'] },
  BC2: { outpatient: ['T', 'N', 'L'], go: ['Q', 'H'] },
  PHS: { outpatient: ['P'], go: ['T', 'N'] },
  SPT: { outpatient: ['H', 'T'] },
  LAB: { outpatient: ['N', 'T'] },
  FLU: { outpatient: ['D'] },
  END: { outpatient: ['T', 'N', 'H'] },
  VAC: { outpatient: ['L'] },
  DIE: { outpatient: ['T', 'S'] },
  PAP: { outpatient: ['N', 'T'] },
  TEL: { outpatient: ['T'] },
};

/** The districts with no service point of a service on a panel, by construction. */
export function gapDistricts(serviceCode: string, panel: Panel): string[] {
  const gaps = SERVICE_GAPS[serviceCode] ?? {};
  const primary = gaps.outpatient ?? [];
  return panel === 'outpatient' ? [...primary] : [...new Set([...primary, ...(gaps.go ?? [])])];
}

// ---------------------------------------------------------------- venue kinds and professions

type VenueKind = 'medical' | 'specialist' | 'multi' | 'chinese-medicine' | 'dental' | 'rehab';

const VENUE_KINDS: readonly VenueKind[] = [
  'medical',
  'specialist',
  'multi',
  'chinese-medicine',
  'dental',
  'rehab',
];

const KIND_WEIGHT: Record<VenueKind, number> = {
  medical: 0.38,
  specialist: 0.17,
  multi: 0.07,
  'chinese-medicine': 0.17,
  dental: 0.11,
  rehab: 0.1,
};

/** How many doctors a venue of a kind tends to host, relatively. */
const KIND_CAPACITY: Record<VenueKind, number> = {
  medical: 1.4,
  specialist: 3,
  multi: 4,
  'chinese-medicine': 1.3,
  dental: 1.5,
  rehab: 1.2,
};

/** The service codes a venue of a kind can offer. */
const KIND_SERVICES: Record<VenueKind, ReadonlySet<string>> = {
  medical: new Set(['GP', 'FLU', 'VAC', 'TEL', 'PAP']),
  specialist: new Set(['SP', 'END', 'PAP', 'VAC', 'TEL']),
  multi: new Set(['GP', 'SP', 'BC1', 'BC2', 'LAB', 'END', 'FLU', 'VAC', 'PAP', 'PHS', 'DIE']),
  'chinese-medicine': new Set(['CMC', 'ACU', 'BST']),
  dental: new Set(['DOE', 'DEN']),
  rehab: new Set(['PHS', 'SPT', 'CHI', 'DIE']),
};

/** Outside Hong Kong the network has only clinics, specialist centres and dentists. */
const NON_HK_KINDS: ReadonlySet<VenueKind> = new Set(['medical', 'specialist', 'dental']);

type ProfessionKey =
  'gp' | 'specialist' | 'centre' | 'cmp' | 'dentist' | 'physio' | 'chiropractor' | 'dietitian';

interface Profession {
  key: ProfessionKey;
  /** Main services, each taken with its probability; at least one is always taken. */
  core: readonly (readonly [string, number])[];
  /** Extra services, each with its probability. */
  optional: readonly (readonly [string, number])[];
  /** Payment-only fee codes (no service point), each with its probability. */
  extraFees: readonly (readonly [string, number])[];
  /** Venue kinds and this profession's weight among a venue's doctors. */
  kinds: Partial<Record<VenueKind, number>>;
  titleEn: (name: string) => string;
  titleZh: (name: string) => string;
}

const PROFESSIONS: readonly Profession[] = [
  {
    key: 'gp',
    core: [['GP', 1]],
    optional: [
      ['FLU', 0.35],
      ['VAC', 0.2],
      ['TEL', 0.1],
      ['PAP', 0.06],
    ],
    extraFees: [['ROW', 0.3]],
    kinds: { medical: 1, multi: 0.2 },
    titleEn: (n) => `Dr. ${n}`,
    titleZh: (n) => `${n}醫生`,
  },
  {
    key: 'specialist',
    core: [['SP', 1]],
    optional: [['TEL', 0.05]],
    extraFees: [],
    kinds: { specialist: 1, multi: 0.25 },
    titleEn: (n) => `Dr. ${n}`,
    titleZh: (n) => `${n}醫生`,
  },
  {
    // A doctor of a medical centre: consultations, body checks, investigations.
    key: 'centre',
    core: [
      ['BC1', 0.7],
      ['BC2', 0.5],
      ['GP', 0.5],
    ],
    optional: [
      ['LAB', 0.6],
      ['FLU', 0.4],
      ['VAC', 0.3],
      ['END', 0.05],
    ],
    extraFees: [],
    kinds: { multi: 0.4 },
    titleEn: (n) => `Dr. ${n}`,
    titleZh: (n) => `${n}醫生`,
  },
  {
    key: 'cmp',
    core: [
      ['CMC', 0.85],
      ['ACU', 0.45],
      ['BST', 0.2],
    ],
    optional: [],
    extraFees: [['HER', 0.5]],
    kinds: { 'chinese-medicine': 1 },
    titleEn: (n) => `${n} (Chinese Medicine Practitioner)`,
    titleZh: (n) => `${n}中醫師`,
  },
  {
    key: 'dentist',
    core: [
      ['DEN', 0.85],
      ['DOE', 0.75],
    ],
    optional: [],
    extraFees: [],
    kinds: { dental: 1 },
    titleEn: (n) => `Dr. ${n}`,
    titleZh: (n) => `${n}牙科醫生`,
  },
  {
    key: 'physio',
    core: [
      ['PHS', 0.9],
      ['SPT', 0.4],
    ],
    optional: [],
    extraFees: [],
    kinds: { rehab: 0.65, multi: 0.05 },
    titleEn: (n) => `${n} (Physiotherapist)`,
    titleZh: (n) => `${n}物理治療師`,
  },
  {
    key: 'chiropractor',
    core: [['CHI', 1]],
    optional: [],
    extraFees: [],
    kinds: { rehab: 0.22 },
    titleEn: (n) => `Dr. ${n} (Chiropractor)`,
    titleZh: (n) => `${n}脊醫`,
  },
  {
    key: 'dietitian',
    core: [['DIE', 1]],
    optional: [],
    extraFees: [],
    kinds: { rehab: 0.13, multi: 0.1 },
    titleEn: (n) => `${n} (Dietitian)`,
    titleZh: (n) => `${n}營養師`,
  },
];

/** Extra services a specialist offers because of the specialty. */
const SPECIALTY_SERVICES: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  'gastroenterology-hepatology': [['END', 0.7]],
  'general-surgery': [['END', 0.5]],
  'obstetrics-gynaecology': [['PAP', 0.6]],
  paediatrics: [['VAC', 0.5]],
  'family-medicine': [['FLU', 0.3]],
};

/** How common each specialty is among the network's specialists. */
const SPECIALTY_WEIGHT: Readonly<Record<string, number>> = {
  cardiology: 2,
  'cardio-thoracic-surgery': 0.4,
  'clinical-microbiology-and-infection': 0.3,
  'clinical-oncology': 0.8,
  'dermatology-venereology': 2.5,
  'endocrinology-diabetes-metabolism': 1.5,
  'family-medicine': 3,
  'gastroenterology-hepatology': 2,
  'general-surgery': 2,
  'geriatric-medicine': 1,
  nephrology: 0.8,
  neurology: 1,
  neurosurgery: 0.5,
  'obstetrics-gynaecology': 3,
  ophthalmology: 2,
  'orthopaedics-traumatology': 3,
  otorhinolaryngology: 2.5,
  paediatrics: 3,
  'paediatric-surgery': 0.4,
  'plastic-surgery': 0.8,
  psychiatry: 1.5,
  'respiratory-medicine': 1.5,
  rheumatology: 0.8,
  urology: 1.5,
  'sports-medicine': 0.6,
  'aesthetic-medicine': 0.6,
};

// ---------------------------------------------------------------- names

/** Cantonese surnames, romanised as Hong Kong registers them, weighted by frequency. */
const SURNAMES: readonly (readonly [StreetName, number])[] = [
  [{ en: 'Chan', zh: '陳' }, 10],
  [{ en: 'Wong', zh: '黃' }, 8],
  [{ en: 'Lee', zh: '李' }, 7],
  [{ en: 'Cheung', zh: '張' }, 6],
  [{ en: 'Lau', zh: '劉' }, 5],
  [{ en: 'Ho', zh: '何' }, 4],
  [{ en: 'Leung', zh: '梁' }, 4],
  [{ en: 'Lam', zh: '林' }, 4],
  [{ en: 'Tsang', zh: '曾' }, 3],
  [{ en: 'Ng', zh: '吳' }, 3],
  [{ en: 'Yip', zh: '葉' }, 2],
  [{ en: 'Cheng', zh: '鄭' }, 3],
  [{ en: 'Tang', zh: '鄧' }, 3],
  [{ en: 'Chow', zh: '周' }, 3],
  [{ en: 'Kwok', zh: '郭' }, 2],
  [{ en: 'Fung', zh: '馮' }, 2],
  [{ en: 'Choi', zh: '蔡' }, 2],
  [{ en: 'Mak', zh: '麥' }, 2],
  [{ en: 'Lo', zh: '羅' }, 2],
  [{ en: 'Yuen', zh: '袁' }, 1.5],
  [{ en: 'Wu', zh: '胡' }, 1.5],
  [{ en: 'Tse', zh: '謝' }, 1.5],
  [{ en: 'Poon', zh: '潘' }, 1.5],
  [{ en: 'Siu', zh: '蕭' }, 1],
  [{ en: 'Chu', zh: '朱' }, 2],
  [{ en: 'Ma', zh: '馬' }, 1.5],
  [{ en: 'Hui', zh: '許' }, 1.5],
  [{ en: 'Kwan', zh: '關' }, 1.2],
  [{ en: 'Law', zh: '羅' }, 1],
  [{ en: 'Chung', zh: '鍾' }, 1.2],
  [{ en: 'Au', zh: '區' }, 1],
  [{ en: 'Kong', zh: '江' }, 1],
  [{ en: 'So', zh: '蘇' }, 1],
  [{ en: 'Yeung', zh: '楊' }, 2],
  [{ en: 'Tam', zh: '譚' }, 1.5],
  [{ en: 'Liu', zh: '廖' }, 1],
  [{ en: 'Mok', zh: '莫' }, 1],
  [{ en: 'Sze', zh: '施' }, 0.6],
  [{ en: 'Fong', zh: '方' }, 1],
  [{ en: 'Lai', zh: '黎' }, 1],
  [{ en: 'Wan', zh: '溫' }, 0.8],
  [{ en: 'Tsui', zh: '徐' }, 1],
  [{ en: 'Pang', zh: '彭' }, 0.8],
  [{ en: 'Yu', zh: '余' }, 1],
];

/** Cantonese given-name syllables with their characters. */
const GIVEN_SYLLABLES: readonly StreetName[] = [
  { en: 'Tai', zh: '大' },
  { en: 'Man', zh: '文' },
  { en: 'Ka', zh: '家' },
  { en: 'Wai', zh: '偉' },
  { en: 'Chi', zh: '志' },
  { en: 'Ming', zh: '明' },
  { en: 'Kwok', zh: '國' },
  { en: 'Wing', zh: '榮' },
  { en: 'Siu', zh: '小' },
  { en: 'Mei', zh: '美' },
  { en: 'Yan', zh: '欣' },
  { en: 'Hoi', zh: '凱' },
  { en: 'Kin', zh: '健' },
  { en: 'Chun', zh: '俊' },
  { en: 'Hing', zh: '興' },
  { en: 'Pui', zh: '佩' },
  { en: 'Shan', zh: '珊' },
  { en: 'Ying', zh: '瑩' },
  { en: 'Ho', zh: '浩' },
  { en: 'Yu', zh: '宇' },
  { en: 'Lok', zh: '樂' },
  { en: 'Sze', zh: '詩' },
  { en: 'Wah', zh: '華' },
  { en: 'Fai', zh: '輝' },
  { en: 'Kit', zh: '傑' },
  { en: 'Tsz', zh: '子' },
  { en: 'Yee', zh: '儀' },
  { en: 'Kei', zh: '琪' },
  { en: 'Lai', zh: '麗' },
  { en: 'Fung', zh: '鋒' },
  { en: 'Sum', zh: '心' },
  { en: 'Ting', zh: '婷' },
  { en: 'Hung', zh: '雄' },
  { en: 'Keung', zh: '強' },
  { en: 'On', zh: '安' },
  { en: 'Po', zh: '寶' },
  { en: 'Shing', zh: '成' },
  { en: 'Suet', zh: '雪' },
  { en: 'Wan', zh: '雲' },
  { en: 'Yin', zh: '燕' },
  { en: 'Kwan', zh: '君' },
  { en: 'Hei', zh: '熙' },
  { en: 'Long', zh: '朗' },
  { en: 'Tak', zh: '德' },
  { en: 'Choi', zh: '彩' },
  { en: 'King', zh: '敬' },
  { en: 'Yuk', zh: '玉' },
  { en: 'Sing', zh: '星' },
];

/** Invented clinic brand names (no real clinic group, charity or Hospital Authority name). */
const BRANDS: readonly StreetName[] = [
  { en: 'Kindcare', zh: '仁康' },
  { en: 'Evergreen', zh: '長青' },
  { en: 'Harbourside', zh: '海濱' },
  { en: 'Wellspring', zh: '泉源' },
  { en: 'Sunrise', zh: '旭日' },
  { en: 'Lotus', zh: '蓮心' },
  { en: 'Jade', zh: '翠玉' },
  { en: 'Pinewood', zh: '松林' },
  { en: 'Brightpath', zh: '明途' },
  { en: 'Heartwell', zh: '心康' },
  { en: 'Oakridge', zh: '橡嶺' },
  { en: 'Silverleaf', zh: '銀葉' },
  { en: 'Bamboo Grove', zh: '竹林' },
  { en: 'Amity', zh: '友愛' },
  { en: 'Serene', zh: '靜心' },
  { en: 'Vitality', zh: '活力' },
  { en: 'Pearl', zh: '明珠' },
  { en: 'Horizon', zh: '遠景' },
  { en: 'Kin Wah', zh: '建華' },
  { en: 'Tak Shing', zh: '德成' },
  { en: 'Hong Ning', zh: '康寧' },
  { en: 'Chi Lok', zh: '志樂' },
  { en: 'Sau Kei', zh: '壽祺' },
  { en: 'Wing Fat', zh: '永發' },
];

interface NameTemplate {
  en: (area: string, brand: string) => string;
  zh: (area: string, brand: string) => string;
}

const KIND_NAMES: Record<VenueKind, readonly NameTemplate[]> = {
  medical: [
    { en: (a) => `${a} Family Clinic`, zh: (a) => `${a}家庭診所` },
    { en: (a) => `${a} Medical Clinic`, zh: (a) => `${a}醫務所` },
    { en: (a, b) => `${b} Medical Centre (${a})`, zh: (a, b) => `${b}醫務中心（${a}）` },
    { en: (a, b) => `${b} Family Practice (${a})`, zh: (a, b) => `${b}家庭醫學診所（${a}）` },
  ],
  specialist: [
    { en: (a, b) => `${b} Specialist Centre (${a})`, zh: (a, b) => `${b}專科中心（${a}）` },
    { en: (a) => `${a} Specialist Medical Centre`, zh: (a) => `${a}專科醫療中心` },
    { en: (a, b) => `${b} Specialists Group (${a})`, zh: (a, b) => `${b}專科醫療集團（${a}）` },
  ],
  multi: [
    { en: (a) => `${a} Medical Centre`, zh: (a) => `${a}醫務中心` },
    {
      en: (a, b) => `${b} Health Screening Centre (${a})`,
      zh: (a, b) => `${b}健康檢查中心（${a}）`,
    },
    { en: (a) => `${a} Medical & Diagnostic Centre`, zh: (a) => `${a}醫療及診斷中心` },
  ],
  'chinese-medicine': [
    { en: (a) => `${a} Chinese Medicine Clinic`, zh: (a) => `${a}中醫診所` },
    { en: (a, b) => `${b} Chinese Medicine Clinic (${a})`, zh: (a, b) => `${b}中醫診所（${a}）` },
    {
      en: (a, b) => `${b} Acupuncture & Bonesetting Clinic (${a})`,
      zh: (a, b) => `${b}針灸跌打醫館（${a}）`,
    },
  ],
  dental: [
    { en: (a) => `${a} Dental Centre`, zh: (a) => `${a}牙科中心` },
    { en: (a, b) => `${b} Dental Clinic (${a})`, zh: (a, b) => `${b}牙科診所（${a}）` },
    { en: (a, b) => `${b} Dental Care (${a})`, zh: (a, b) => `${b}牙科護理中心（${a}）` },
  ],
  rehab: [
    { en: (a) => `${a} Physiotherapy Centre`, zh: (a) => `${a}物理治療中心` },
    { en: (a, b) => `${b} Sports Rehab Centre (${a})`, zh: (a, b) => `${b}運動復康中心（${a}）` },
    {
      en: (a, b) => `${b} Chiropractic & Physiotherapy Centre (${a})`,
      zh: (a, b) => `${b}脊骨及物理治療中心（${a}）`,
    },
  ],
};

/** Invented commercial building names for upper-floor clinics. */
const BUILDINGS: readonly StreetName[] = [
  { en: 'Kam Fung Commercial Building', zh: '金豐商業大廈' },
  { en: 'Tak Shing House', zh: '德成大廈' },
  { en: 'Hing Wah Centre', zh: '興華中心' },
  { en: 'Po Lung Building', zh: '寶隆大廈' },
  { en: 'Yee Kwan Mansion', zh: '怡君大廈' },
  { en: 'Fook Sing Building', zh: '福成大廈' },
  { en: 'Wai Lun Commercial Centre', zh: '偉倫商業中心' },
  { en: 'Ming Tak Plaza', zh: '明德廣場' },
  { en: 'Chung Hing Tower', zh: '中興大樓' },
  { en: 'Sun Lee Building', zh: '新利大廈' },
  { en: 'Kai Fat Medical Building', zh: '啟發醫務大廈' },
  { en: 'Wing Hong Centre', zh: '永康中心' },
  { en: 'On Yip Building', zh: '安業大廈' },
  { en: 'Wah Kit Commercial Centre', zh: '華傑商業中心' },
  { en: 'Yue Fung Building', zh: '裕豐大廈' },
  { en: 'Lok Tin Medical Plaza', zh: '樂天醫療廣場' },
];

// ---------------------------------------------------------------- prices

interface PriceRule {
  min: number;
  max: number;
  step: number;
  /** Chance of a half-dollar price (e.g. 268.5). */
  halfDollar?: number;
}

/** Member price (`amount`) ranges in HK$ by fee code. */
const PRICE_RULES: Readonly<Record<string, PriceRule>> = {
  GP: { min: 150, max: 350, step: 10 },
  SP: { min: 400, max: 900, step: 10 },
  CMC: { min: 120, max: 300, step: 10 },
  ACU: { min: 200, max: 450, step: 10 },
  BST: { min: 180, max: 400, step: 10 },
  CHI: { min: 450, max: 900, step: 10 },
  DOE: { min: 300, max: 600, step: 10 },
  DEN: { min: 250, max: 500, step: 10 },
  BC1: { min: 800, max: 1500, step: 50 },
  BC2: { min: 1800, max: 3800, step: 100 },
  PHS: { min: 350, max: 700, step: 10 },
  SPT: { min: 400, max: 800, step: 10 },
  LAB: { min: 150, max: 600, step: 10, halfDollar: 0.2 },
  FLU: { min: 120, max: 250, step: 10, halfDollar: 0.2 },
  END: { min: 3000, max: 8000, step: 100 },
  VAC: { min: 150, max: 500, step: 10, halfDollar: 0.2 },
  DIE: { min: 400, max: 800, step: 10 },
  PAP: { min: 250, max: 450, step: 10 },
  TEL: { min: 150, max: 300, step: 10 },
  HER: { min: 60, max: 150, step: 5 },
  ROW: { min: 80, max: 200, step: 10 },
};

/** Saving off the marked price in percent; null: no marked price. Never above 50. */
const SAVINGS: readonly (readonly [number | null, number])[] = [
  [null, 0.15],
  [0, 0.08],
  [10, 0.1],
  [15, 0.07],
  [20, 0.14],
  [25, 0.1],
  [30, 0.12],
  [40, 0.09],
  [50, 0.15],
];

const round2 = (n: number): number => Math.round(n * 100) / 100;

function price(code: string, random: Random): { amount: number; markedPrice: number | null } {
  const rule = PRICE_RULES[code];
  if (!rule) throw new Error(`no price rule for ${code}`);
  let amount = rule.min + rule.step * random.int(0, Math.floor((rule.max - rule.min) / rule.step));
  if (rule.halfDollar && random.chance(rule.halfDollar)) amount -= 0.5;
  const saving = random.weightedPick(SAVINGS);
  if (saving === null) return { amount, markedPrice: null };
  if (saving === 50) return { amount, markedPrice: round2(amount * 2) };
  const raw = Math.round(amount / (1 - saving / 100) / 10) * 10;
  const markedPrice = round2(Math.min(Math.max(raw, amount), amount * 2));
  return { amount, markedPrice };
}

function quantity(
  n: number,
  one: StreetName,
  many: StreetName,
): Pick<TreatmentProperty, 'quantity' | 'unit_en' | 'unit_zh'> {
  const unit = n === 1 ? one : many;
  return { quantity: n, unit_en: unit.en, unit_zh: unit.zh };
}

const DAY = { en: 'day', zh: '天' };
const DAYS = { en: 'days', zh: '天' };
const DOSE = { en: 'dose', zh: '劑' };
const DOSES = { en: 'doses', zh: '劑' };
const SESSION = { en: 'session', zh: '節' };
const SESSIONS = { en: 'sessions', zh: '節' };
const TIME = { en: 'time', zh: '次' };
const TIMES = { en: 'times', zh: '次' };
const ITEM = { en: 'item', zh: '項' };
const ITEMS = { en: 'items', zh: '項' };
const PIECE = { en: 'piece', zh: '塊' };
const PIECES = { en: 'pieces', zh: '塊' };

const treatment = (en: string, zh: string): TreatmentProperty['treatment'] => ({
  name_en: en,
  name_zh: zh,
});

const WESTERN_MEDICINE = treatment('Western medicine', '西藥');
const HERBAL_MEDICINE = treatment('Chinese herbal medicine', '中藥');

/** What a price includes (or leaves out), by fee code. */
function treatmentProperties(code: string, random: Random): TreatmentProperty[] {
  const out: TreatmentProperty[] = [];
  const include = (t: TreatmentProperty['treatment'], q: ReturnType<typeof quantity>): void => {
    out.push({ type: 'include', ...q, treatment: t });
  };
  const exclude = (t: TreatmentProperty['treatment'], q: ReturnType<typeof quantity>): void => {
    out.push({ type: 'exclude', ...q, treatment: t });
  };
  switch (code) {
    case 'GP':
    case 'TEL':
      if (random.chance(0.65)) include(WESTERN_MEDICINE, quantity(random.int(2, 4), DAY, DAYS));
      if (random.chance(0.15)) exclude(treatment('Injection', '注射'), quantity(1, ITEM, ITEMS));
      break;
    case 'SP':
      if (random.chance(0.4))
        include(WESTERN_MEDICINE, quantity(random.pick([3, 5, 7]), DAY, DAYS));
      if (random.chance(0.3)) {
        exclude(
          treatment('Investigations and procedures', '檢查及手術程序'),
          quantity(1, ITEM, ITEMS),
        );
      }
      break;
    case 'CMC':
      if (random.chance(0.7)) include(HERBAL_MEDICINE, quantity(random.int(2, 3), DOSE, DOSES));
      break;
    case 'HER':
      include(HERBAL_MEDICINE, quantity(random.int(3, 5), DOSE, DOSES));
      break;
    case 'ROW':
      if (random.chance(0.8))
        include(WESTERN_MEDICINE, quantity(random.pick([7, 14, 28]), DAY, DAYS));
      break;
    case 'ACU':
      include(treatment('Acupuncture', '針灸'), quantity(1, SESSION, SESSIONS));
      if (random.chance(0.2)) exclude(treatment('Cupping', '拔罐'), quantity(1, SESSION, SESSIONS));
      break;
    case 'BST':
      if (random.chance(0.4))
        include(treatment('Herbal plaster', '藥膏'), quantity(random.int(1, 2), PIECE, PIECES));
      break;
    case 'PHS':
    case 'SPT':
      if (random.chance(0.5))
        include(treatment('Treatment session', '治療'), quantity(1, SESSION, SESSIONS));
      if (random.chance(0.2))
        exclude(treatment('Shockwave therapy', '衝擊波治療'), quantity(1, SESSION, SESSIONS));
      break;
    case 'DOE':
      include(treatment('Scaling and polishing', '洗牙'), quantity(1, TIME, TIMES));
      if (random.chance(0.3))
        exclude(treatment('Dental X-ray', '牙科X光'), quantity(1, ITEM, ITEMS));
      break;
    case 'DEN':
      if (random.chance(0.3))
        exclude(treatment('Fillings and extractions', '補牙及脫牙'), quantity(1, ITEM, ITEMS));
      break;
    case 'BC1':
    case 'BC2':
      include(
        treatment('Doctor consultation on the report', '醫生講解報告'),
        quantity(1, TIME, TIMES),
      );
      break;
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------- phones

/**
 * A random 8-digit Hong Kong number that libphonenumber's full metadata accepts (isValid) as the
 * wanted type. `prefixTypes` remembers the type of each 4-digit prefix: in the Hong Kong metadata
 * the first four digits decide an 8-digit number's type (the patterns end in \d{4}), and getType
 * is the expensive call, so it runs once per prefix while every number still goes through
 * isValid. The memo belongs to one generateNetwork call, so runs never depend on each other.
 */
function phoneNumber(
  random: Random,
  kind: 'fixed' | 'mobile',
  prefixTypes: Map<string, string | undefined>,
): string {
  const wanted = kind === 'fixed' ? 'FIXED_LINE' : 'MOBILE';
  for (;;) {
    const first =
      kind === 'fixed' ? (random.chance(0.8) ? '2' : '3') : random.pick(['5', '6', '9']);
    const candidate = first + String(random.int(0, 9_999_999)).padStart(7, '0');
    const prefix = candidate.slice(0, 4);
    if (prefixTypes.has(prefix) && prefixTypes.get(prefix) !== wanted) continue;
    const parsed = parsePhoneNumberFromString(candidate, 'HK');
    if (!parsed?.isValid()) continue;
    if (!prefixTypes.has(prefix)) prefixTypes.set(prefix, parsed.getType());
    if (prefixTypes.get(prefix) === wanted) return candidate;
  }
}

// ---------------------------------------------------------------- generation

interface VenueState {
  row: VenueRow;
  kind: VenueKind;
  district: string;
  phone: string;
  /** Service codes with a primary-panel service point possible here. */
  offered: ReadonlySet<string>;
  /** Service codes with a second-panel service point possible in the district. */
  goOpen: ReadonlySet<string>;
}

/** Splits `total` over weights with a floor per entry (largest remainder, ties in list order). */
function allocate(
  entries: readonly { key: string; weight: number; min: number }[],
  total: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const base = entries.reduce((sum, e) => sum + e.min, 0);
  const rest = Math.max(0, total - base);
  const weightSum = entries.reduce((sum, e) => sum + e.weight, 0);
  const remainders: { key: string; fraction: number; index: number }[] = [];
  let given = 0;
  entries.forEach((e, index) => {
    const exact = (rest * e.weight) / weightSum;
    const whole = Math.floor(exact);
    out.set(e.key, e.min + whole);
    given += whole;
    remainders.push({ key: e.key, fraction: exact - whole, index });
  });
  remainders.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let i = 0; i < rest - given; i++) {
    const r = remainders[i % remainders.length] as { key: string };
    out.set(r.key, (out.get(r.key) ?? 0) + 1);
  }
  return out;
}

/** Generates the network; the same options give the same rows on every run and machine. */
export function generateNetwork(options: NetworkOptions = {}): Network {
  const target = options.servicePoints ?? DEFAULT_SERVICE_POINTS;
  if (!Number.isInteger(target) || target < 1) {
    throw new RangeError(`servicePoints must be a positive integer, got ${target}`);
  }
  const random = createRandom(options.seed ?? DEFAULT_SEED);
  const prefixTypes = new Map<string, string | undefined>();

  const hkCodes = new Set(loadDistricts().map((d) => d.code));
  const districts: DistrictInfo[] = loadAllDistricts();
  const streets = loadStreets();
  const areaStreets = loadAreaStreets();
  const nearby = loadNearby();

  const serviceIdByCode = new Map(SERVICES.map((s, i) => [s.code, i + 1]));
  const specialtyIdBySlug = new Map(SPECIALTIES.map((s, i) => [s.slug, i + 1]));
  const goCodes = new Set(SERVICES.filter((s) => s.panels.includes('go')).map((s) => s.code));

  // Per district: the services with a service point there on each panel (gaps removed).
  const notGapped = new Map<string, Record<Panel, ReadonlySet<string>>>();
  for (const d of districts) {
    const byPanel = {} as Record<Panel, ReadonlySet<string>>;
    for (const panel of PANELS) {
      byPanel[panel] = new Set(
        SERVICES.filter((s) => !gapDistricts(s.code, panel).includes(d.code)).map((s) => s.code),
      );
    }
    notGapped.set(d.code, byPanel);
  }
  // Per venue kind and district: the service codes a venue there offers.
  const offeredCache = new Map<string, ReadonlySet<string>>();
  const offeredSet = (kind: VenueKind, districtCode: string): ReadonlySet<string> => {
    const key = `${kind}|${districtCode}`;
    let set = offeredCache.get(key);
    if (!set) {
      const open = notGapped.get(districtCode)?.outpatient ?? new Set<string>();
      set = new Set([...KIND_SERVICES[kind]].filter((code) => open.has(code)));
      offeredCache.set(key, set);
    }
    return set;
  };
  const offeredAt = (code: string, kind: VenueKind, districtCode: string): boolean =>
    offeredSet(kind, districtCode).has(code);

  // Professions that can practise at a venue of a kind in a district: one of their main
  // services is offered there.
  const professionCache = new Map<string, (readonly [Profession, number])[]>();
  const feasibleProfessions = (
    kind: VenueKind,
    districtCode: string,
  ): (readonly [Profession, number])[] => {
    const key = `${kind}|${districtCode}`;
    let list = professionCache.get(key);
    if (!list) {
      list = PROFESSIONS.filter(
        (p) =>
          (p.kinds[kind] ?? 0) > 0 && p.core.some(([code]) => offeredAt(code, kind, districtCode)),
      ).map((p) => [p, p.kinds[kind] ?? 0] as const);
      professionCache.set(key, list);
    }
    return list;
  };

  // Until each kind, profession, specialty, service (per panel) and fee code has appeared once,
  // the generator prefers it, so even a small network holds everything.
  const pendingKinds = new Set<VenueKind>(VENUE_KINDS);
  const pendingProfessions = new Set<ProfessionKey>(PROFESSIONS.map((p) => p.key));
  const pendingSpecialties = SPECIALTIES.map((s) => s.slug);
  const pendingServices = new Set(SERVICES.map((s) => s.code));
  const pendingGo = new Set(goCodes);
  const pendingFees = new Set<string>(Object.keys(PAYMENT_ONLY_CODES));

  // ---- venues
  const venueCount = Math.max(
    hkCodes.size * MIN_VENUES_HK + (districts.length - hkCodes.size) * MIN_VENUES_NON_HK,
    Math.round(target * VENUES_PER_SERVICE_POINT),
  );
  const perDistrict = allocate(
    districts.map((d) => {
      const hk = hkCodes.has(d.code);
      return {
        key: d.code,
        weight: hk ? (DISTRICT_WEIGHTS[d.code] ?? 1) : NON_HK_DISTRICT_WEIGHT,
        min: hk ? MIN_VENUES_HK : MIN_VENUES_NON_HK,
      };
    }),
    venueCount,
  );
  const venueDistricts: string[] = [];
  for (const d of districts) {
    for (let i = 0; i < (perDistrict.get(d.code) ?? 0); i++) venueDistricts.push(d.code);
  }

  const areaTables = new Map<string, WeightedTable<AreaName>>();
  for (const d of districts) {
    const areas = DISTRICT_AREAS[d.code];
    if (!areas?.length) throw new Error(`no areas for district ${d.code}`);
    areaTables.set(d.code, new WeightedTable(areas.map((a) => [a, a.weight] as const)));
  }

  const venues: VenueState[] = [];
  const venueNames = new Set<string>();
  const venuesByDistrictKind = new Map<string, number[]>();

  for (const districtCode of random.shuffle(venueDistricts)) {
    const hk = hkCodes.has(districtCode);
    const kinds = VENUE_KINDS.filter(
      (k) => (hk || NON_HK_KINDS.has(k)) && feasibleProfessions(k, districtCode).length > 0,
    );
    const pending = kinds.find((k) => pendingKinds.has(k));
    const kind = pending ?? random.weightedPick(kinds.map((k) => [k, KIND_WEIGHT[k]] as const));
    pendingKinds.delete(kind);

    const area = (areaTables.get(districtCode) as WeightedTable<AreaName>).pick(random);
    const brand = random.pick(BRANDS);
    // Clinics cluster on an area's main streets; the rest anywhere in the district.
    const mainStreets = areaStreets.get(districtCode)?.get(area.en) ?? [];
    const street =
      mainStreets.length > 0 && random.chance(0.6)
        ? random.pick(mainStreets)
        : random.pick(streets[districtCode] ?? []);
    const number = random.int(1, 250);
    const template = random.pick(KIND_NAMES[kind]);
    let nameEn = template.en(area.en, brand.en);
    let nameZh = template.zh(area.zh, brand.zh);
    if (venueNames.has(nameEn)) {
      nameEn = `${nameEn} (${number} ${street.en})`;
      nameZh = `${nameZh}（${street.zh}${number}號）`;
    }
    venueNames.add(nameEn);

    let lineOne: string;
    let lineTwo: string;
    if (random.chance(0.55)) {
      const shop = random.chance(0.8)
        ? String(random.int(1, 40))
        : random.pick(['A', 'B', 'C', 'D', 'E']);
      const firstFloor = random.chance(0.25);
      // First-floor shops are numbered 101, 102…; lettered shops keep their letter.
      const unit = firstFloor && /^\d+$/.test(shop) ? `1${shop.padStart(2, '0')}` : shop;
      lineOne = `Shop ${unit}, ${firstFloor ? '1/F' : 'G/F'}, ${number} ${street.en}, ${area.en}`;
      lineTwo = `${area.zh}${street.zh}${number}號${firstFloor ? '1樓' : '地下'}${unit}號舖`;
    } else {
      const building = random.pick(BUILDINGS);
      const floor = random.int(2, 28);
      const room = `${floor}${String(random.int(1, 12)).padStart(2, '0')}`;
      lineOne = `Room ${room}, ${floor}/F, ${building.en}, ${number} ${street.en}, ${area.en}`;
      lineTwo = `${area.zh}${street.zh}${number}號${building.zh}${floor}樓${room}室`;
    }
    const city = ADDRESS_CITY[districtCode];
    if (city) {
      lineOne = `${lineOne}, ${city.en}`;
      lineTwo = `${city.zh}${lineTwo}`;
    }

    const index = venues.length;
    venues.push({
      row: {
        id: index + 1,
        nameEn,
        nameZh,
        districtCode,
        addressLineOne: lineOne,
        addressLineTwo: lineTwo,
      },
      kind,
      district: districtCode,
      phone: phoneNumber(random, 'fixed', prefixTypes),
      offered: offeredSet(kind, districtCode),
      goOpen: (notGapped.get(districtCode) as Record<Panel, ReadonlySet<string>>).go,
    });
    const key = `${districtCode}|${kind}`;
    const list = venuesByDistrictKind.get(key);
    if (list) list.push(index);
    else venuesByDistrictKind.set(key, [index]);
  }

  // ---- doctors, payment info, service points
  const doctors: DoctorRow[] = [];
  const paymentInfos: PaymentInfoRow[] = [];
  const servicePoints: ServicePointRow[] = [];

  // Every venue is some doctor's main venue once, in a random order; after that, busier kinds
  // of venue (specialist and medical centres) take more doctors.
  const firstPass = random.shuffle(venues.map((_v, i) => i));
  const capacity = new WeightedTable(venues.map((v, i) => [i, KIND_CAPACITY[v.kind]] as const));
  const surnameTable = new WeightedTable(SURNAMES);
  const specialtyTable = new WeightedTable(
    SPECIALTIES.map((s) => [s.slug, SPECIALTY_WEIGHT[s.slug] ?? 1] as const),
  );
  let cursor = 0;

  while (servicePoints.length < target) {
    const homeIndex =
      cursor < firstPass.length ? (firstPass[cursor++] as number) : capacity.pick(random);
    const home = venues[homeIndex] as VenueState;

    const candidates = feasibleProfessions(home.kind, home.district);
    const pendingProfession = candidates.find(([p]) => pendingProfessions.has(p.key));
    const profession = pendingProfession ? pendingProfession[0] : random.weightedPick(candidates);
    pendingProfessions.delete(profession.key);

    let specialtySlug: string | null = null;
    if (profession.key === 'specialist') {
      specialtySlug = pendingSpecialties.shift() ?? specialtyTable.pick(random);
    }

    // Services: main ones by chance (at least one), extras by chance, anything not seen yet.
    const services: string[] = [];
    const offeredAtHome = (code: string): boolean => home.offered.has(code);
    for (const [code, p] of profession.core) {
      if (random.chance(p) && offeredAtHome(code)) services.push(code);
    }
    if (services.length === 0) {
      const possible = profession.core.filter(([code]) => offeredAtHome(code));
      services.push(random.weightedPick(possible));
    }
    const extras = [
      ...profession.optional,
      ...(specialtySlug ? (SPECIALTY_SERVICES[specialtySlug] ?? []) : []),
    ];
    for (const [code, p] of extras) {
      if (!services.includes(code) && random.chance(p) && offeredAtHome(code)) services.push(code);
    }
    for (const [code] of [...profession.core, ...extras]) {
      if (pendingServices.has(code) && !services.includes(code) && offeredAtHome(code)) {
        services.push(code);
      }
    }

    // Venues: the main one, then up to two more of a suitable kind, in the same district or a
    // nearby one, where the doctor has a service to offer.
    const doctorVenues: { venue: VenueState; services: string[] }[] = [{ venue: home, services }];
    const extraVenues = random.weightedPick([
      [0, 0.62],
      [1, 0.28],
      [2, 0.1],
    ] as const);
    const kindEntries = Object.entries(profession.kinds) as [VenueKind, number][];
    for (let i = 0; i < extraVenues; i++) {
      const districtCode = random.chance(0.6)
        ? home.district
        : random.pick(nearby[home.district] ?? [home.district]);
      const kind = random.weightedPick(kindEntries);
      const pool = venuesByDistrictKind.get(`${districtCode}|${kind}`);
      if (!pool) continue;
      const other = venues[random.pick(pool)] as VenueState;
      if (doctorVenues.some((dv) => dv.venue === other)) continue;
      const there = services.filter((code) => other.offered.has(code));
      if (there.length > 0) doctorVenues.push({ venue: other, services: there });
    }

    const doctorId = doctors.length + 1;
    const surname = surnameTable.pick(random);
    const given1 = random.pick(GIVEN_SYLLABLES);
    let given2 = random.pick(GIVEN_SYLLABLES);
    while (given2 === given1) given2 = random.pick(GIVEN_SYLLABLES);
    const nameEn = `${surname.en} ${given1.en} ${given2.en}`;
    const nameZh = `${surname.zh}${given1.zh}${given2.zh}`;

    const phones = [{ no: home.phone }];
    const second = doctorVenues[1];
    if (second && second.venue.phone !== home.phone && random.chance(0.5)) {
      phones.push({ no: second.venue.phone });
    }
    if (random.chance(0.2)) phones.push({ no: phoneNumber(random, 'mobile', prefixTypes) });

    doctors.push({
      id: doctorId,
      nameEn: profession.titleEn(nameEn),
      nameZh: profession.titleZh(nameZh),
      phones,
    });

    const fees = [...services];
    for (const [code, p] of profession.extraFees) {
      if (pendingFees.has(code) || random.chance(p)) {
        fees.push(code);
        pendingFees.delete(code);
      }
    }
    for (const code of fees) {
      const { amount, markedPrice } = price(code, random);
      paymentInfos.push({
        id: paymentInfos.length + 1,
        doctorId,
        serviceCode: code,
        amount,
        markedPrice,
        treatmentProperties: treatmentProperties(code, random),
      });
    }

    const specialtyId = specialtySlug ? (specialtyIdBySlug.get(specialtySlug) ?? null) : null;
    for (const { venue: v, services: codes } of doctorVenues) {
      for (const code of codes) {
        if (servicePoints.length >= target) break;
        const serviceId = serviceIdByCode.get(code) as number;
        const point = {
          doctorId,
          venueId: v.row.id,
          serviceId,
          specialtyId: code === 'SP' ? specialtyId : null,
        };
        servicePoints.push({ id: servicePoints.length + 1, panel: 'outpatient', ...point });
        pendingServices.delete(code);
        if (
          goCodes.has(code) &&
          servicePoints.length < target &&
          v.goOpen.has(code) &&
          (pendingGo.has(code) || random.chance(GO_SHARE))
        ) {
          servicePoints.push({ id: servicePoints.length + 1, panel: 'go', ...point });
          pendingGo.delete(code);
        }
      }
    }
  }

  return { doctors, paymentInfos, venues: venues.map((v) => v.row), servicePoints };
}

/** The fee code of a service point's service: what its payment info is keyed by. */
export function serviceCodeOf(serviceId: number): string {
  const service = SERVICES[serviceId - 1];
  if (!service) throw new Error(`unknown service id ${serviceId}`);
  return service.code;
}
