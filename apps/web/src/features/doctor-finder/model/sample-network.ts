// A small fixed network of the finder (regions, services, service points): what the build
// renders the finder's pages with for their CSS (app/prerender.tsx, decision 233), and what the
// component tests' stand-in for the GraphQL endpoint answers (testing/finder-fetch-stub.ts).
// Build input: nothing of a test runner here.
import type { CountryRegion, HealthcareService, ServicePoint } from '../model/types';

const district = (code: string, en: string, zh: string) => ({
  code,
  name: en,
  name_en: en,
  name_zh: zh,
});

export const REGIONS: CountryRegion[] = [
  {
    id: 1,
    sequence: 1,
    code: 'hong-kong-island',
    name: 'Hong Kong Island',
    name_en: 'Hong Kong Island',
    name_zh: '香港島',
    districts: [
      district('A', 'Central and Western', '中西區'),
      district('B', 'Wan Chai', '灣仔區'),
    ],
  },
  {
    id: 4,
    sequence: 4,
    code: 'macau',
    name: 'Macau',
    name_en: 'Macau',
    name_zh: '澳門',
    districts: [district('MO-PEN', 'Macau Peninsula', '澳門半島')],
  },
];

const serviceBase = {
  description: '',
  description_en: '',
  description_zh: '',
  create_date: '2026-01-01',
  update_date: '2026-01-01',
  specialties: [],
};

export const SERVICES: HealthcareService[] = [
  {
    ...serviceBase,
    id: 1,
    slug: 'general-practitioner',
    code: 'GP',
    category: 'general-practitioner',
    sequence: 1,
    name: 'General Practitioner',
    name_en: 'General Practitioner',
    name_zh: '普通科醫生',
  },
  {
    ...serviceBase,
    id: 2,
    slug: 'specialist',
    code: 'SP',
    category: 'specialist-practitioner',
    sequence: 2,
    name: 'Specialist',
    name_en: 'Specialist',
    name_zh: '專科醫生',
    specialties: [
      { id: 1, slug: 'cardiology', description_en: 'Cardiology', description_zh: '心臟科' },
    ],
  },
  {
    ...serviceBase,
    id: 3,
    slug: 'physiotherapy',
    code: 'PHS',
    category: 'others',
    sequence: 3,
    name: 'Physiotherapy',
    name_en: 'Physiotherapy',
    name_zh: '物理治療',
  },
];

export function servicePoint(id: number, districtCode = 'A'): ServicePoint {
  const d =
    REGIONS[0]?.districts.find((item) => item.code === districtCode) ??
    district(districtCode, districtCode, districtCode);
  return {
    id,
    is_bookmarked: false,
    create_date: '2026-01-01',
    update_date: '2026-01-01',
    doctor: {
      id,
      name_en: `Dr Chan ${id}`,
      name_zh: `陳醫生${id}`,
      // As the directory stores them: digits only; the first doctor's second number with its floor.
      phones: [
        { no: '23456789', label: null },
        ...(id === 1 ? [{ no: '+85223456790', label: '14/F' }] : []),
      ],
      payment_info: [
        { service: { code: 'PHS' }, amount: 150, marked_price: 230, treatment_properties: [] },
      ],
    },
    venue: {
      id,
      name_en: `Clinic ${id}`,
      name_zh: `診所${id}`,
      district: d,
      address: { line_one: `${id} Queen's Road Central`, line_two: `皇后大道中${id}號` },
      location: { latitude: 22.2815, longitude: 114.1581 },
    },
    service: {
      id: 3,
      slug: 'physiotherapy',
      code: 'PHS',
      name: 'Physiotherapy',
      name_en: 'Physiotherapy',
      name_zh: '物理治療',
    },
    specialty: null,
    last_verified_at: '2026-11-02T02:00:00.000Z',
    details_stale: false,
    flagged: false,
    distance_m: null,
    opening: {
      state: 'open',
      until: '13:00',
      opens_at: null,
      open_sunday: false,
      hours_text: null,
      hours_note: null,
    },
  };
}
