// Platform demo data (issue 6): the three products' profiles, benefits, ages, sum-assured
// ranges, premium tables, documents, groups and options, and what the demo policies carry
// (billing terms, parties, coupons, events). Runs after seedDemo, on its products and policies.
import { addDays, addMonths, hkToday, maxDate, type Clock } from '@clinicpass/shared/time/clock';
import { eq, inArray } from 'drizzle-orm';
import { redeemCodeHash } from '../../lib/redeem-code';
import type { Database } from '../client';
import {
  coupon,
  groupMemberPolicy,
  groupPolicy,
  groupPolicyDocument,
  policyBenefitUsage,
  policyProfileMapping,
  policyRedeemCode,
  policyRenewal,
  taxReport,
  policyCoupon,
  policyEvent,
  policyParty,
  policyTerms,
  premiumRate,
  productBenefit,
  productDocument,
  productEligibility,
  productGroup,
  productOption,
  productProfile,
  releaseContent,
  rewardSetCoupon,
  serviceType,
  sumAssuredRange,
} from '../platform-schema';
import { appUser, policy, product } from '../schema';
import { DEMO } from './demo';

const DOCS = 'https://www.clinicpass.example/documents';

const PROFILES = {
  'OUTPATIENT-GO': {
    fullName: 'ClinicPass Outpatient Plan',
    shortName: 'Outpatient Plan',
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
    planDetailsUrl: `${DOCS}/outpatient-go/plan-details.pdf`,
    provisionUrl: `${DOCS}/outpatient-go/provisions.pdf`,
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
    planDetailsUrl: `${DOCS}/vhis-flexi/plan-details.pdf`,
    provisionUrl: `${DOCS}/vhis-flexi/provisions.pdf`,
    productRiskUrl: `${DOCS}/vhis-flexi/product-risks.pdf`,
    supplementaryProducts: ['OUTPATIENT-GO'],
    allowFlexibleSelection: true,
    requireSumAssured: false,
    cashScheme: null,
    retentionRewardSet: 'retention-vhis',
  },
  'TERM-10': {
    fullName: 'ClinicPass 10-Year Term Life',
    shortName: 'Term 10',
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
    planDetailsUrl: `${DOCS}/term-10/plan-details.pdf`,
    provisionUrl: `${DOCS}/term-10/provisions.pdf`,
    productRiskUrl: `${DOCS}/term-10/product-risks.pdf`,
    supplementaryProducts: [],
    allowFlexibleSelection: false,
    requireSumAssured: true,
    cashScheme: null,
    retentionRewardSet: 'retention-term',
  },
} as const;

type ProductCode = keyof typeof PROFILES;

/** The day the 2026 benefit schedule took effect; earlier evaluation dates read the old one. */
export const BENEFIT_SCHEDULE_2026 = '2026-01-01';

function benefits(code: ProductCode) {
  const since = '2020-01-01';
  const until = addDays(BENEFIT_SCHEDULE_2026, -1);
  const rows = {
    'OUTPATIENT-GO': [
      [
        'general-practitioner',
        'General practitioner',
        '普通科醫生',
        20,
        'visit',
        null,
        since,
        until,
      ],
      [
        'general-practitioner',
        'General practitioner',
        '普通科醫生',
        24,
        'visit',
        null,
        BENEFIT_SCHEDULE_2026,
        null,
      ],
      ['specialist', 'Specialist', '專科醫生', 10, 'visit', null, since, null],
      ['chinese-medicine', 'Chinese medicine practitioner', '中醫', 10, 'visit', null, since, null],
      ['physiotherapy', 'Physiotherapy', '物理治療', 6, 'visit', 30, since, null],
      ['body-check', 'Body check', '身體檢查', 1, 'check', 90, since, null],
    ],
    'VHIS-FLEXI': [
      ['room-and-board', 'Room and board', '病房及膳食', 1000, 'day', null, since, null],
      [
        'surgeon-fee',
        'Surgeon’s fee (complex)',
        '外科醫生費（複雜）',
        65000,
        'surgery',
        null,
        since,
        null,
      ],
      [
        'prescribed-imaging',
        'Prescribed diagnostic imaging tests',
        '訂明診斷成像檢測',
        50000,
        'year',
        null,
        since,
        null,
      ],
      [
        'psychiatric-treatment',
        'Psychiatric treatments',
        '精神科治療',
        30000,
        'year',
        90,
        since,
        null,
      ],
    ],
    'TERM-10': [
      ['death-benefit', 'Death benefit', '身故保障', null, 'sum-assured', null, since, null],
      [
        'terminal-illness',
        'Terminal illness benefit',
        '末期疾病保障',
        null,
        'sum-assured',
        365,
        since,
        null,
      ],
    ],
  } as const;
  return rows[code].map(([benefit, nameEn, nameZh, limit, unit, waitingDays, from, to], index) => ({
    code: benefit,
    nameEn,
    nameZh,
    limit,
    unit,
    waitingPeriodValue: waitingDays,
    waitingPeriodUnit: waitingDays === null ? null : 'day',
    effectiveFrom: from,
    effectiveTo: to,
    sequence: index + 1,
  }));
}

/** Annual premium by attained-age band (TERM-10: per HK$1,000 of sum assured). */
const PREMIUM_TABLE: Record<ProductCode, readonly (readonly [number, number, number])[]> = {
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

const ELIGIBILITY: Record<
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

export interface PlatformDemoOptions {
  clock: Clock;
}

export async function seedPlatformDemo(db: Database, options: PlatformDemoOptions): Promise<void> {
  const today = hkToday(options.clock);
  await db.transaction(async (tx) => {
    const products = await tx
      .select({ id: product.id, code: product.code })
      .from(product)
      .where(inArray(product.code, Object.keys(PROFILES)));
    const productId = (code: ProductCode) => {
      const found = products.find((p) => p.code === code);
      if (!found) throw new Error(`product ${code} missing`);
      return found.id;
    };
    const codes = Object.keys(PROFILES) as ProductCode[];

    await tx.insert(productProfile).values(
      codes.map((code) => ({
        productId: productId(code),
        ...PROFILES[code],
        supplementaryProducts: [...PROFILES[code].supplementaryProducts],
      })),
    );
    await tx
      .insert(productBenefit)
      .values(
        codes.flatMap((code) =>
          benefits(code).map((row) => ({ productId: productId(code), ...row })),
        ),
      );
    await tx.insert(premiumRate).values(
      codes.flatMap((code) =>
        PREMIUM_TABLE[code].map(([minAge, maxAge, annualPremium]) => ({
          productId: productId(code),
          minAge,
          maxAge,
          annualPremium,
        })),
      ),
    );
    await tx.insert(productEligibility).values(
      codes.flatMap((code) =>
        ELIGIBILITY[code].map(([group, groupName, minValue, minUnit, maxValue, maxUnit]) => ({
          productId: productId(code),
          code: `${code}-${group}`,
          groupName,
          minIssueAgeValue: minValue,
          minIssueAgeUnit: minUnit,
          maxIssueAgeValue: maxValue,
          maxIssueAgeUnit: maxUnit,
        })),
      ),
    );
    await tx.insert(sumAssuredRange).values([
      {
        productId: productId('TERM-10'),
        minIssueAge: 18,
        maxIssueAge: 45,
        minSumAssured: 100000,
        maxSumAssured: 5000000,
      },
      {
        productId: productId('TERM-10'),
        minIssueAge: 46,
        maxIssueAge: 60,
        minSumAssured: 100000,
        maxSumAssured: 2000000,
      },
    ]);
    await tx.insert(productDocument).values([
      ...codes.flatMap((code) => {
        const slug = code.toLowerCase();
        return [
          {
            productCodes: [code],
            category: 'policy-provisions',
            type: 'provision',
            platforms: ['web', 'app'],
            nameEn: `${PROFILES[code].shortName} policy provisions`,
            nameZh: `${PROFILES[code].shortName} 保單條款`,
            fileEn: `${DOCS}/${slug}/provisions-en.pdf`,
            fileZh: `${DOCS}/${slug}/provisions-zh.pdf`,
            effectiveDate: '2024-01-01',
            expiryDate: null,
            purchaseDateFrom: null,
            purchaseDateTo: null,
          },
          {
            productCodes: [code],
            category: 'marketing',
            type: 'brochure',
            platforms: ['web'],
            nameEn: `${PROFILES[code].shortName} brochure (2023)`,
            nameZh: `${PROFILES[code].shortName} 產品小冊子（2023）`,
            fileEn: `${DOCS}/${slug}/brochure-2023-en.pdf`,
            fileZh: `${DOCS}/${slug}/brochure-2023-zh.pdf`,
            effectiveDate: '2023-01-01',
            expiryDate: '2023-12-31',
            purchaseDateFrom: null,
            purchaseDateTo: null,
          },
        ];
      }),
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
        fileEn: `${DOCS}/outpatient-go/physio-endorsement-en.pdf`,
        fileZh: `${DOCS}/outpatient-go/physio-endorsement-zh.pdf`,
        effectiveDate: '2025-01-01',
        expiryDate: null,
        purchaseDateFrom: '2025-01-01',
        purchaseDateTo: '2025-12-31',
      },
    ]);
    await tx.insert(productGroup).values([
      {
        code: 'medical',
        nameEn: 'Medical',
        nameZh: '醫療',
        productCodes: ['OUTPATIENT-GO', 'VHIS-FLEXI'],
      },
      { code: 'life', nameEn: 'Life', nameZh: '人壽', productCodes: ['TERM-10'] },
    ]);
    await tx.insert(productOption).values([
      {
        type: 'cross-sell',
        fromProductId: productId('OUTPATIENT-GO'),
        toProductId: productId('VHIS-FLEXI'),
      },
      {
        type: 'supplementary',
        fromProductId: productId('VHIS-FLEXI'),
        toProductId: productId('OUTPATIENT-GO'),
      },
      {
        type: 'sum-assured-increase',
        fromProductId: productId('TERM-10'),
        toProductId: productId('TERM-10'),
      },
    ]);
    await tx.insert(releaseContent).values([
      {
        productId: productId('OUTPATIENT-GO'),
        version: '2026.1',
        contentEn: 'General practitioner visits rise from 20 to 24 a year.',
        contentZh: '普通科門診由每年20次增至24次。',
        effectiveDate: BENEFIT_SCHEDULE_2026,
      },
      {
        productId: productId('VHIS-FLEXI'),
        version: '2025.2',
        contentEn: 'Prescribed diagnostic imaging is now covered in full up to the limit.',
        contentZh: '訂明診斷成像檢測現於限額內獲全數保障。',
        effectiveDate: '2025-07-01',
      },
    ]);
    // One code, one meaning (decision 132): the finder catalogue's codes; BST is bonesetting
    // there and in the fee labels, so body check (BC1, BC2 in the catalogue) is BC.
    await tx.insert(serviceType).values([
      { code: 'GP', nameEn: 'General practitioner', nameZh: '普通科' },
      { code: 'SP', nameEn: 'Specialist', nameZh: '專科' },
      { code: 'CMC', nameEn: 'Chinese medicine', nameZh: '中醫' },
      { code: 'PHS', nameEn: 'Physiotherapy', nameZh: '物理治療' },
      { code: 'BC', nameEn: 'Body check', nameZh: '身體檢查' },
    ]);
    await tx.insert(rewardSetCoupon).values([
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
    ]);

    // ------------------------------------------------------------ the demo policies
    const policies = await tx
      .select({ id: policy.id, number: policy.policyNumber, activation: policy.activationDate })
      .from(policy)
      .where(
        inArray(policy.policyNumber, [
          DEMO.workingCard.policyNumber,
          DEMO.bodyCheckNotDue.policyNumber,
          DEMO.noNetwork.policyNumber,
        ]),
      );
    const policyOf = (number: string) => {
      const found = policies.find((p) => p.number === number);
      if (!found) throw new Error(`policy ${number} missing`);
      return found;
    };
    const op1 = policyOf(DEMO.workingCard.policyNumber);
    const op2 = policyOf(DEMO.bodyCheckNotDue.policyNumber);
    const vh3 = policyOf(DEMO.noNetwork.policyNumber);

    await tx.insert(policyTerms).values([
      { policyId: op1.id, frequency: 'monthly', cashBalance: 350 },
      { policyId: op2.id, frequency: 'quarterly', cashBalance: 0, renewalIntention: 'renew' },
      { policyId: vh3.id, frequency: 'annual' },
    ]);
    const taiMan = {
      firstName: 'Tai Man',
      lastName: 'Chan',
      chineseFirstName: '大文',
      chineseLastName: '陳',
      gender: 'male',
      dateOfBirth: '1985-03-14',
      identityDocumentType: 'hong-kong-identity-card',
    };
    const kaYan = {
      firstName: 'Ka Yan',
      lastName: 'Lee',
      chineseFirstName: '嘉欣',
      chineseLastName: '李',
      gender: 'female',
      dateOfBirth: '1990-11-05',
      identityDocumentType: 'hong-kong-identity-card',
    };
    const parties = await tx
      .insert(policyParty)
      .values([
        { policyId: op1.id, role: 'policyholder', ...taiMan },
        { policyId: op1.id, role: 'insured-life', relationship: 'self', ...taiMan },
        { policyId: op2.id, role: 'policyholder', ...taiMan },
        {
          policyId: op2.id,
          role: 'insured-life',
          relationship: 'child',
          firstName: 'Siu Ming',
          lastName: 'Chan',
          chineseFirstName: '小明',
          chineseLastName: '陳',
          gender: 'male',
          dateOfBirth: '2012-08-02',
          identityDocumentType: 'hong-kong-birth-certificate',
        },
        { policyId: vh3.id, role: 'policyholder', ...kaYan },
        { policyId: vh3.id, role: 'insured-life', relationship: 'self', ...kaYan },
      ])
      .returning({ id: policyParty.id, policyId: policyParty.policyId, role: policyParty.role });

    const coupons = await tx
      .insert(coupon)
      .values([
        {
          code: 'LOYAL10',
          rewardType: 'PO',
          rewardValue: 10,
          rewardLength: 12,
          status: 'active',
          expiryDate: addDays(today, 300),
        },
        {
          code: 'WELCOME1M',
          rewardType: 'MF',
          rewardValue: 1,
          rewardLength: 1,
          status: 'expired',
          expiryDate: addDays(today, -300),
        },
        {
          code: 'VHIS200',
          rewardType: 'AMT',
          rewardValue: 200,
          rewardLength: 1,
          status: 'active',
          expiryDate: addDays(today, 200),
        },
      ])
      .returning({ id: coupon.id, code: coupon.code });
    const couponId = (code: string) => {
      const found = coupons.find((c) => c.code === code);
      if (!found) throw new Error(`coupon ${code} missing`);
      return found.id;
    };
    await tx.insert(policyCoupon).values([
      {
        policyId: op1.id,
        couponId: couponId('LOYAL10'),
        rewardSet: 'loyalty',
        discountStartDate: addDays(today, -60),
        discountEndDate: addMonths(addDays(today, -60), 12),
      },
      {
        policyId: op1.id,
        couponId: couponId('WELCOME1M'),
        rewardSet: 'welcome',
        discountStartDate: op1.activation,
        discountEndDate: addMonths(op1.activation, 1),
      },
      {
        policyId: vh3.id,
        couponId: couponId('VHIS200'),
        rewardSet: 'tax-season',
        discountStartDate: addDays(today, -10),
        discountEndDate: addMonths(addDays(today, -10), 12),
      },
    ]);
    await tx.insert(policyEvent).values(
      [op1, op2, vh3].map((p) => ({
        policyId: p.id,
        type: 'policy',
        eventType: 'policy-issued',
        payload: { policy_number: p.number },
        activeDocuments: [{ name: 'Policy schedule', url: `${DOCS}/schedules/${p.number}.pdf` }],
        createDate: new Date(`${p.activation}T10:00:00+08:00`),
      })),
    );
    await tx.insert(policyEvent).values({
      policyId: op1.id,
      type: 'policy',
      eventType: 'policy-renewed',
      payload: { policy_number: op1.number, renewal_date: addMonths(op1.activation, 12) },
      activeDocuments: [],
      createDate: new Date(`${addMonths(op1.activation, 12)}T10:00:00+08:00`),
    });
    await seedPolicyRecords(tx, today, { op1, op2, vh3 }, parties);
  });
}

// ---------------------------------------------------------------- policy records (issues 6, 7)

/** Demo group policies, their member policies and the redeem codes printed on welcome letters. */
export const GROUP_DEMO = {
  owners: { groupPolicyNumber: 'GP2000001', companyName: 'Harbour Logistics Limited' },
  plains: { groupPolicyNumber: 'GP2000002', companyName: 'Kowloon Bakery Company' },
  /** Letter of GM2000012 (Cheung Mei Ling, born 1988-06-21; her daughter GM2000013 is covered). */
  redeemCode: 'CPW7-K2QD-9XHM',
  redeemDateOfBirth: '1988-06-21',
  /** Letter of GM2000011 (Wong Siu Fung, born 1979-02-08). */
  secondRedeemCode: 'CPW3-M8RT-5YBN',
  secondRedeemDateOfBirth: '1979-02-08',
  /** An expired letter (GM2000021). */
  expiredRedeemCode: 'CPW5-E6JV-2LAQ',
} as const;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
interface SeededPolicy {
  id: number;
  number: string;
  activation: string;
}

/** The last complete Hong Kong tax year (1 April – 31 March) before `today`. */
function lastTaxYear(today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const startYear = month >= 4 ? year - 1 : year - 2;
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}

async function seedPolicyRecords(
  tx: Tx,
  today: string,
  demo: { op1: SeededPolicy; op2: SeededPolicy; vh3: SeededPolicy },
  parties: { id: number; policyId: number; role: string }[],
): Promise<void> {
  const { op1, op2, vh3 } = demo;
  const partyOf = (policyId: number, role: string) => {
    const found = parties.find((p) => p.policyId === policyId && p.role === role);
    if (!found) throw new Error(`party ${role} of ${policyId} missing`);
    return found.id;
  };
  const userOf = async (email: string) => {
    const [row] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, email));
    if (!row) throw new Error(`user ${email} missing`);
    return row.id;
  };
  const owner = await userOf(DEMO.owner.email);
  const plain = await userOf(DEMO.plain.email);

  // Claims paid this policy year (and one before the last anniversary, which no longer counts).
  const op1Anniversary = addMonths(op1.activation, 12);
  await tx.insert(policyBenefitUsage).values([
    {
      policyId: op1.id,
      benefit: 'general-practitioner',
      units: 5,
      amount: 1100,
      incurredOn: addDays(op1Anniversary, -60),
    },
    {
      policyId: op1.id,
      benefit: 'general-practitioner',
      units: 1,
      amount: 220,
      incurredOn: addDays(op1Anniversary, 5),
    },
    {
      policyId: op1.id,
      benefit: 'general-practitioner',
      units: 2,
      amount: 440,
      incurredOn: addDays(today, -12),
    },
    {
      policyId: op1.id,
      benefit: 'specialist',
      units: 1,
      amount: 650,
      incurredOn: addDays(today, -20),
    },
    {
      policyId: op1.id,
      benefit: 'physiotherapy',
      units: 2,
      amount: 800,
      incurredOn: addDays(today, -6),
    },
    {
      policyId: op2.id,
      benefit: 'general-practitioner',
      units: 1,
      amount: 220,
      incurredOn: addDays(today, -5),
    },
    {
      policyId: vh3.id,
      benefit: 'room-and-board',
      units: 3,
      amount: 3000,
      incurredOn: addDays(today, -90),
    },
    {
      policyId: vh3.id,
      benefit: 'surgeon-fee',
      units: 1,
      amount: 28000,
      incurredOn: addDays(today, -90),
    },
    {
      policyId: vh3.id,
      benefit: 'prescribed-imaging',
      units: 8500,
      amount: 8500,
      incurredOn: addDays(today, -60),
    },
  ]);

  await tx.insert(policyEvent).values([
    {
      policyId: op1.id,
      type: 'policy',
      eventType: 'renewal-notice-issued',
      payload: { policy_number: op1.number, renewal_date: op1Anniversary },
      activeDocuments: [
        { name: 'Renewal notice', url: `${DOCS}/renewals/${op1.number}-${op1Anniversary}.pdf` },
      ],
      createDate: new Date(`${addDays(op1Anniversary, -30)}T09:30:00+08:00`),
    },
    {
      policyId: op2.id,
      type: 'billing',
      eventType: 'billing-frequency-changed',
      payload: { policy_number: op2.number, from: 'monthly', to: 'quarterly' },
      activeDocuments: [],
      createDate: new Date(`${addDays(today, -15)}T15:45:00+08:00`),
    },
    {
      policyId: vh3.id,
      type: 'policy',
      eventType: 'tax-report-issued',
      payload: { policy_number: vh3.number },
      activeDocuments: [{ name: 'VHIS premium certificate', url: `${DOCS}/tax/${vh3.number}.pdf` }],
      createDate: new Date(`${addDays(today, -10)}T11:00:00+08:00`),
    },
  ]);

  // A statement of the last complete tax year for a policy in force then, else of the current
  // tax year to date.
  const taxYear = lastTaxYear(today);
  await tx.insert(taxReport).values(
    [op1, vh3].map((p) => {
      const complete = p.activation <= taxYear.end;
      const start = complete ? maxDate(p.activation, taxYear.start) : p.activation;
      const end = complete ? taxYear.end : today;
      const label = complete
        ? `${taxYear.start.slice(0, 4)}/${taxYear.end.slice(2, 4)}`
        : `${taxYear.end.slice(0, 4)}/${String(Number(taxYear.end.slice(2, 4)) + 1).padStart(2, '0')} (to date)`;
      return {
        policyId: p.id,
        startDate: start,
        endDate: end,
        documentName: `Premium statement ${label}`,
        documentUrl: `${DOCS}/tax/${p.number}-${start}.pdf`,
      };
    }),
  );
  await tx.insert(policyRenewal).values([
    {
      policyId: op1.id,
      renewalDate: op1Anniversary,
      document: {
        name: 'Renewal notice',
        url: `${DOCS}/renewals/${op1.number}-${op1Anniversary}.pdf`,
      },
    },
    { policyId: op1.id, renewalDate: addMonths(op1.activation, 24), document: null },
    { policyId: op2.id, renewalDate: addMonths(op2.activation, 12), document: null },
    { policyId: vh3.id, renewalDate: addMonths(vh3.activation, 12), document: null },
  ]);
  await tx.insert(policyProfileMapping).values([
    { policyId: op1.id, role: 'policyholder', profileId: partyOf(op1.id, 'policyholder') },
    {
      policyId: op1.id,
      role: 'payor',
      profileId: partyOf(op1.id, 'policyholder'),
      parameters: { share_percentage: 100 },
    },
    { policyId: op2.id, role: 'policyholder', profileId: partyOf(op2.id, 'policyholder') },
    { policyId: op2.id, role: 'insured-life', profileId: partyOf(op2.id, 'insured-life') },
    { policyId: vh3.id, role: 'policyholder', profileId: partyOf(vh3.id, 'policyholder') },
  ]);

  // Group policies: the owner administers one with four members (one removed), the plain
  // customer a small one. Member policies belong to no account until their letter is redeemed.
  const [outpatient] = await tx
    .select({ id: product.id })
    .from(product)
    .where(eq(product.code, 'OUTPATIENT-GO'));
  if (!outpatient) throw new Error('product OUTPATIENT-GO missing');
  const periodStart = addDays(today, -150);
  const periodEnd = addDays(addMonths(periodStart, 12), -1);
  const groups = await tx
    .insert(groupPolicy)
    .values(
      [
        { ...GROUP_DEMO.owners, adminUserId: owner },
        { ...GROUP_DEMO.plains, adminUserId: plain },
      ].map((g) => ({
        ...g,
        productId: outpatient.id,
        status: 'in-force',
        periodStartDate: periodStart,
        periodEndDate: periodEnd,
      })),
    )
    .returning({ id: groupPolicy.id, number: groupPolicy.groupPolicyNumber });
  const groupId = (number: string) => {
    const found = groups.find((g) => g.number === number);
    if (!found) throw new Error(`group ${number} missing`);
    return found.id;
  };
  const members = [
    {
      number: 'GM2000011',
      group: GROUP_DEMO.owners.groupPolicyNumber,
      first: 'Siu Fung',
      last: 'Wong',
      zhFirst: '小峰',
      zhLast: '黃',
      gender: 'male',
      birth: GROUP_DEMO.secondRedeemDateOfBirth,
      join: periodStart,
      principal: null,
      removedOn: null,
    },
    {
      number: 'GM2000012',
      group: GROUP_DEMO.owners.groupPolicyNumber,
      first: 'Mei Ling',
      last: 'Cheung',
      zhFirst: '美玲',
      zhLast: '張',
      gender: 'female',
      birth: GROUP_DEMO.redeemDateOfBirth,
      join: addDays(today, -40),
      principal: null,
      removedOn: null,
    },
    {
      number: 'GM2000013',
      group: GROUP_DEMO.owners.groupPolicyNumber,
      first: 'Hoi Yin',
      last: 'Cheung',
      zhFirst: '凱妍',
      zhLast: '張',
      gender: 'female',
      birth: '2016-09-30',
      join: addDays(today, -40),
      principal: 'GM2000012',
      removedOn: null,
    },
    {
      number: 'GM2000014',
      group: GROUP_DEMO.owners.groupPolicyNumber,
      first: 'Chi Keung',
      last: 'Lau',
      zhFirst: '志強',
      zhLast: '劉',
      gender: 'male',
      birth: '1983-12-11',
      join: periodStart,
      principal: null,
      removedOn: addDays(today, -20),
    },
    {
      number: 'GM2000021',
      group: GROUP_DEMO.plains.groupPolicyNumber,
      first: 'Ka Lok',
      last: 'Ho',
      zhFirst: '家樂',
      zhLast: '何',
      gender: 'male',
      birth: '1995-04-17',
      join: periodStart,
      principal: null,
      removedOn: null,
    },
  ] as const;
  const memberPolicies = await tx
    .insert(policy)
    .values(
      members.map((m, index) => ({
        policyNumber: m.number,
        productId: outpatient.id,
        ownerUserId: null,
        status: m.removedOn === null ? 'in-force' : 'terminated',
        activationDate: m.join,
        applicantPhoneNumber: `+8526123450${index}`,
      })),
    )
    .returning({ id: policy.id, number: policy.policyNumber });
  const memberPolicyId = (number: string) => {
    const found = memberPolicies.find((p) => p.number === number);
    if (!found) throw new Error(`member policy ${number} missing`);
    return found.id;
  };
  await tx.insert(policyTerms).values(
    members.map((m) => ({
      policyId: memberPolicyId(m.number),
      frequency: 'annual',
      groupPolicyNumber: m.group,
      expiryDate: m.removedOn,
    })),
  );
  await tx.insert(policyParty).values(
    members.flatMap((m) => {
      const person = {
        firstName: m.first,
        lastName: m.last,
        chineseFirstName: m.zhFirst,
        chineseLastName: m.zhLast,
        gender: m.gender,
        dateOfBirth: m.birth,
        identityDocumentType:
          m.principal === null ? 'hong-kong-identity-card' : 'hong-kong-birth-certificate',
      };
      const holder =
        m.principal === null
          ? person
          : {
              ...person,
              firstName: 'Mei Ling',
              chineseFirstName: '美玲',
              dateOfBirth: GROUP_DEMO.redeemDateOfBirth,
              gender: 'female',
              identityDocumentType: 'hong-kong-identity-card',
            };
      return [
        { policyId: memberPolicyId(m.number), role: 'policyholder', ...holder },
        {
          policyId: memberPolicyId(m.number),
          role: 'insured-life',
          relationship: m.principal === null ? 'employee' : 'child',
          ...person,
        },
      ];
    }),
  );
  await tx.insert(groupMemberPolicy).values(
    members.map((m) => ({
      groupPolicyId: groupId(m.group),
      policyId: memberPolicyId(m.number),
      principalPolicyId: m.principal === null ? null : memberPolicyId(m.principal),
      joinDate: m.join,
      status: m.removedOn === null ? 'active' : 'removed',
      removalEffectiveDate: m.removedOn,
    })),
  );
  await tx.insert(policyEvent).values(
    members.map((m) => ({
      policyId: memberPolicyId(m.number),
      type: 'group',
      eventType: m.removedOn === null ? 'member-joined' : 'member-removed',
      payload: { group_policy_number: m.group, policy_number: m.number },
      activeDocuments: [],
      createDate: new Date(`${m.removedOn ?? m.join}T09:00:00+08:00`),
    })),
  );
  await tx.insert(groupPolicyDocument).values([
    {
      groupPolicyId: groupId(GROUP_DEMO.owners.groupPolicyNumber),
      category: 'policy-provisions',
      type: 'scheme-rules',
      platforms: ['web', 'portal'],
      nameEn: 'Harbour Logistics outpatient scheme rules',
      nameZh: '港運物流門診計劃規則',
      fileEn: `${DOCS}/groups/GP2000001/scheme-rules-en.pdf`,
      fileZh: `${DOCS}/groups/GP2000001/scheme-rules-zh.pdf`,
      effectiveDate: periodStart,
      expiryDate: periodEnd,
    },
    {
      groupPolicyId: groupId(GROUP_DEMO.owners.groupPolicyNumber),
      category: 'member-guide',
      type: 'guide',
      platforms: ['web', 'app'],
      nameEn: 'Member guide: using your QR member card',
      nameZh: '成員指南：使用二維碼會員卡',
      fileEn: `${DOCS}/groups/GP2000001/member-guide-en.pdf`,
      fileZh: `${DOCS}/groups/GP2000001/member-guide-zh.pdf`,
      effectiveDate: periodStart,
      expiryDate: null,
    },
    {
      groupPolicyId: groupId(GROUP_DEMO.owners.groupPolicyNumber),
      category: 'claim',
      type: 'claim-form',
      platforms: ['portal'],
      nameEn: 'Group outpatient claim form',
      nameZh: '團體門診索償表格',
      fileEn: `${DOCS}/groups/GP2000001/claim-form-en.pdf`,
      fileZh: `${DOCS}/groups/GP2000001/claim-form-zh.pdf`,
      effectiveDate: periodStart,
      expiryDate: null,
    },
    {
      groupPolicyId: groupId(GROUP_DEMO.plains.groupPolicyNumber),
      category: 'policy-provisions',
      type: 'scheme-rules',
      platforms: ['web', 'portal'],
      nameEn: 'Kowloon Bakery outpatient scheme rules',
      nameZh: '九龍餅店門診計劃規則',
      fileEn: `${DOCS}/groups/GP2000002/scheme-rules-en.pdf`,
      fileZh: `${DOCS}/groups/GP2000002/scheme-rules-zh.pdf`,
      effectiveDate: periodStart,
      expiryDate: periodEnd,
    },
  ]);
  await tx.insert(policyRedeemCode).values([
    {
      policyId: memberPolicyId('GM2000012'),
      codeHash: redeemCodeHash(GROUP_DEMO.redeemCode),
      expiryDate: addDays(today, 60),
    },
    {
      policyId: memberPolicyId('GM2000011'),
      codeHash: redeemCodeHash(GROUP_DEMO.secondRedeemCode),
      expiryDate: addDays(today, 60),
    },
    {
      policyId: memberPolicyId('GM2000021'),
      codeHash: redeemCodeHash(GROUP_DEMO.expiredRedeemCode),
      expiryDate: addDays(today, -1),
    },
  ]);
}
