// The product catalogue the seed loads (issue 6): the three products, their profiles, benefits,
// premium tables, eligibility groups, sum-assured ranges, documents, groups, options, release
// notes, service types and retention rewards. Data only: seed/products.ts loads it.
import { LIBRARY_PATH } from '@clinicpass/shared/platform/documents';

/** The products, in the order they are seeded (their ids follow it). */
export const PRODUCTS = [
  {
    code: 'OUTPATIENT-GO',
    productType: 'outpatient',
    nameEn: 'ClinicPass Outpatient Plan',
    nameZh: 'ClinicPass 門診計劃',
    medicalNetworkPanel: 'outpatient',
    bodyChecksPerYear: 1,
    /** Consultations a policy year (the 2026 schedule's general practitioner visits). */
    visitsPerYear: 24,
  },
  {
    code: 'VHIS-FLEXI',
    productType: 'vhis',
    nameEn: 'ClinicPass VHIS Flexi Plan',
    nameZh: 'ClinicPass 自願醫保靈活計劃',
    medicalNetworkPanel: null,
    bodyChecksPerYear: 0,
    visitsPerYear: null,
  },
  {
    code: 'TERM-10',
    productType: 'term',
    nameEn: 'ClinicPass 10-Year Term Life',
    nameZh: 'ClinicPass 十年定期人壽',
    medicalNetworkPanel: null,
    bodyChecksPerYear: 0,
    visitsPerYear: null,
  },
] as const;

/** The document library (decision 197): the server prints each file these records name. */
export const DOCS = LIBRARY_PATH;

export const PROFILES = {
  'OUTPATIENT-GO': {
    fullName: 'ClinicPass Outpatient Plan',
    shortName: 'Outpatient Plan',
    shortNameZh: '門診計劃',
    headline: 'See network doctors with a QR member card',
    description:
      'General practitioner, specialist, Chinese medicine and physiotherapy visits at network clinics, with a yearly body check.',
    line: null,
    annualLimit: 12000,
    lifetimeLimit: null,
    smmAnnualLimit: null,
    triannualLimit: null,
    minIssueAgeValue: 15,
    minIssueAgeUnit: 'day',
    maxIssueAgeValue: 64,
    maxIssueAgeUnit: 'year',
    maxRenewalAge: 100,
    waitingPeriodValue: 14,
    waitingPeriodUnit: 'day',
    renewalPeriod: 12,
    termYears: null,
    planOption: 'standard',
    planDetailsUrl: `${DOCS}/outpatient-go-plan-details.pdf`,
    provisionUrl: `${DOCS}/outpatient-go-provisions.pdf`,
    productRiskUrl: null,
    supplementaryProducts: [],
    allowFlexibleSelection: false,
    requireSumAssured: false,
    cashScheme: 'outpatient',
    retentionRewardSet: 'retention-outpatient',
  },
  'VHIS-FLEXI': {
    fullName: 'ClinicPass VHIS Flexi Plan',
    shortName: 'VHIS Flexi',
    shortNameZh: '自願醫保靈活計劃',
    headline: 'Certified plan under the Voluntary Health Insurance Scheme',
    description:
      'Hospital and surgical cover with full cover of prescribed diagnostic imaging, guaranteed renewal to age 100 and tax deduction.',
    line: 'vhis',
    annualLimit: 1000000,
    lifetimeLimit: null,
    smmAnnualLimit: 300000,
    triannualLimit: null,
    minIssueAgeValue: 15,
    minIssueAgeUnit: 'day',
    maxIssueAgeValue: 80,
    maxIssueAgeUnit: 'year',
    maxRenewalAge: 100,
    waitingPeriodValue: null,
    waitingPeriodUnit: null,
    renewalPeriod: 12,
    termYears: null,
    planOption: 'flexi',
    planDetailsUrl: `${DOCS}/vhis-flexi-plan-details.pdf`,
    provisionUrl: `${DOCS}/vhis-flexi-provisions.pdf`,
    productRiskUrl: `${DOCS}/vhis-flexi-product-risks.pdf`,
    supplementaryProducts: ['OUTPATIENT-GO'],
    allowFlexibleSelection: true,
    requireSumAssured: false,
    cashScheme: null,
    retentionRewardSet: 'retention-vhis',
  },
  'TERM-10': {
    fullName: 'ClinicPass 10-Year Term Life',
    shortName: 'Term 10',
    shortNameZh: '十年定期人壽',
    headline: 'Level life cover for ten years',
    description:
      'A lump sum to your beneficiaries if the insured life dies within the ten-year term; premiums level for the term.',
    line: 'term-life',
    annualLimit: null,
    lifetimeLimit: null,
    smmAnnualLimit: null,
    triannualLimit: null,
    minIssueAgeValue: 18,
    minIssueAgeUnit: 'year',
    maxIssueAgeValue: 60,
    maxIssueAgeUnit: 'year',
    maxRenewalAge: 70,
    waitingPeriodValue: null,
    waitingPeriodUnit: null,
    renewalPeriod: 120,
    termYears: 10,
    planOption: null,
    planDetailsUrl: `${DOCS}/term-10-plan-details.pdf`,
    provisionUrl: `${DOCS}/term-10-provisions.pdf`,
    productRiskUrl: `${DOCS}/term-10-product-risks.pdf`,
    supplementaryProducts: [],
    allowFlexibleSelection: false,
    requireSumAssured: true,
    cashScheme: null,
    retentionRewardSet: 'retention-term',
  },
} as const;

export type ProductCode = keyof typeof PROFILES;

/** The day the 2026 benefit schedule took effect; earlier evaluation dates read the old one. */
export const BENEFIT_SCHEDULE_2026 = '2026-01-01';

/**
 * Benefits per product: [code, English name, Chinese name, limit, unit, waiting days, effective
 * from, effective to]; the 2026 schedule (BENEFIT_SCHEDULE_2026) raised the GP visits.
 */
export const BENEFITS = {
  'OUTPATIENT-GO': [
    [
      'general-practitioner',
      'General practitioner',
      '普通科醫生',
      20,
      'visit',
      null,
      '2020-01-01',
      '2025-12-31',
    ],
    [
      'general-practitioner',
      'General practitioner',
      '普通科醫生',
      24,
      'visit',
      null,
      '2026-01-01',
      null,
    ],
    ['specialist', 'Specialist', '專科醫生', 10, 'visit', null, '2020-01-01', null],
    [
      'chinese-medicine',
      'Chinese medicine practitioner',
      '中醫',
      10,
      'visit',
      null,
      '2020-01-01',
      null,
    ],
    ['physiotherapy', 'Physiotherapy', '物理治療', 6, 'visit', 30, '2020-01-01', null],
    ['body-check', 'Body check', '身體檢查', 1, 'check', 90, '2020-01-01', null],
  ],
  'VHIS-FLEXI': [
    ['room-and-board', 'Room and board', '病房及膳食', 1000, 'day', null, '2020-01-01', null],
    [
      'surgeon-fee',
      'Surgeon’s fee (complex)',
      '外科醫生費（複雜）',
      65000,
      'surgery',
      null,
      '2020-01-01',
      null,
    ],
    [
      'prescribed-imaging',
      'Prescribed diagnostic imaging tests',
      '訂明診斷成像檢測',
      50000,
      'year',
      null,
      '2020-01-01',
      null,
    ],
    [
      'psychiatric-treatment',
      'Psychiatric treatments',
      '精神科治療',
      30000,
      'year',
      90,
      '2020-01-01',
      null,
    ],
  ],
  'TERM-10': [
    ['death-benefit', 'Death benefit', '身故保障', null, 'sum-assured', null, '2020-01-01', null],
    [
      'terminal-illness',
      'Terminal illness benefit',
      '末期疾病保障',
      null,
      'sum-assured',
      365,
      '2020-01-01',
      null,
    ],
  ],
} as const;

/** Annual premium by attained-age band (TERM-10: per HK$1,000 of sum assured). */
export const PREMIUM_TABLE: Record<ProductCode, readonly (readonly [number, number, number])[]> = {
  'OUTPATIENT-GO': [
    [0, 17, 2400],
    [18, 39, 3600],
    [40, 54, 4800],
    [55, 64, 6600],
    [65, 100, 9000],
  ],
  'VHIS-FLEXI': [
    [0, 17, 2200],
    [18, 29, 2800],
    [30, 39, 3600],
    [40, 49, 5200],
    [50, 59, 8400],
    [60, 69, 13200],
    [70, 100, 21000],
  ],
  'TERM-10': [
    [18, 29, 0.9],
    [30, 39, 1.3],
    [40, 49, 2.6],
    [50, 59, 5.8],
    [60, 70, 12.4],
  ],
};

export const ELIGIBILITY: Record<
  ProductCode,
  readonly (readonly [string, string, number, string, number, string])[]
> = {
  'OUTPATIENT-GO': [
    ['child', 'Children', 15, 'day', 17, 'year'],
    ['adult', 'Adults', 18, 'year', 64, 'year'],
  ],
  'VHIS-FLEXI': [['standard', 'Individuals', 15, 'day', 80, 'year']],
  'TERM-10': [['adult', 'Adults', 18, 'year', 60, 'year']],
};

export const SUM_ASSURED_RANGES = [
  {
    product: 'TERM-10',
    minIssueAge: 18,
    maxIssueAge: 45,
    minSumAssured: 100000,
    maxSumAssured: 5000000,
  },
  {
    product: 'TERM-10',
    minIssueAge: 46,
    maxIssueAge: 60,
    minSumAssured: 100000,
    maxSumAssured: 2000000,
  },
] as const;

/** Documents of one product beyond its provisions and brochure (products.ts makes those two). */
export const PRODUCT_DOCUMENTS = [
  {
    productCodes: ['OUTPATIENT-GO', 'VHIS-FLEXI'],
    category: 'claim',
    type: 'claim-form',
    platforms: ['web', 'app', 'portal'],
    nameEn: 'Medical claim form',
    nameZh: '醫療索償表格',
    fileEn: `${DOCS}/claim-form-en.pdf`,
    fileZh: `${DOCS}/claim-form-zh.pdf`,
    effectiveDate: '2022-07-01',
    expiryDate: null,
    purchaseDateFrom: null,
    purchaseDateTo: null,
  },
  {
    productCodes: ['OUTPATIENT-GO'],
    category: 'policy-provisions',
    type: 'endorsement',
    platforms: ['web'],
    nameEn: 'Physiotherapy endorsement for policies bought in 2025',
    nameZh: '2025年投保保單物理治療批註',
    fileEn: `${DOCS}/outpatient-go-physio-endorsement-en.pdf`,
    fileZh: `${DOCS}/outpatient-go-physio-endorsement-zh.pdf`,
    effectiveDate: '2025-01-01',
    expiryDate: null,
    purchaseDateFrom: '2025-01-01',
    purchaseDateTo: '2025-12-31',
  },
] as const;

export const PRODUCT_GROUPS = [
  {
    code: 'medical',
    nameEn: 'Medical',
    nameZh: '醫療',
    productCodes: ['OUTPATIENT-GO', 'VHIS-FLEXI'],
  },
  { code: 'life', nameEn: 'Life', nameZh: '人壽', productCodes: ['TERM-10'] },
] as const;

export const PRODUCT_OPTIONS = [
  {
    type: 'cross-sell',
    from: 'OUTPATIENT-GO',
    to: 'VHIS-FLEXI',
  },
  {
    type: 'supplementary',
    from: 'VHIS-FLEXI',
    to: 'OUTPATIENT-GO',
  },
  {
    type: 'sum-assured-increase',
    from: 'TERM-10',
    to: 'TERM-10',
  },
] as const;

export const RELEASE_CONTENT = [
  {
    product: 'OUTPATIENT-GO',
    version: '2026.1',
    contentEn: 'General practitioner visits rise from 20 to 24 a year.',
    contentZh: '普通科門診由每年20次增至24次。',
    effectiveDate: BENEFIT_SCHEDULE_2026,
  },
  {
    product: 'VHIS-FLEXI',
    version: '2025.2',
    contentEn: 'Prescribed diagnostic imaging is now covered in full up to the limit.',
    contentZh: '訂明診斷成像檢測現於限額內獲全數保障。',
    effectiveDate: '2025-07-01',
  },
] as const;

/**
 * One code, one meaning (decision 132): the finder catalogue's codes; BST is bonesetting there
 * and in the fee labels, so body check (BC1, BC2 in the catalogue) is BC.
 */
export const SERVICE_TYPES = [
  { code: 'GP', nameEn: 'General practitioner', nameZh: '普通科' },
  { code: 'SP', nameEn: 'Specialist', nameZh: '專科' },
  { code: 'CMC', nameEn: 'Chinese medicine', nameZh: '中醫' },
  { code: 'PHS', nameEn: 'Physiotherapy', nameZh: '物理治療' },
  { code: 'BC', nameEn: 'Body check', nameZh: '身體檢查' },
] as const;

export const REWARD_SET_COUPONS = [
  {
    rewardSet: 'retention-outpatient',
    rewardType: 'MF',
    rewardValue: 1,
    rewardLength: 1,
    validDays: 30,
  },
  {
    rewardSet: 'retention-vhis',
    rewardType: 'PO',
    rewardValue: 15,
    rewardLength: 12,
    validDays: 30,
  },
  {
    rewardSet: 'retention-term',
    rewardType: 'AMT',
    rewardValue: 300,
    rewardLength: 1,
    validDays: 30,
  },
] as const;
