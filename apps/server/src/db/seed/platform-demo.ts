// Platform demo data (issue 6): the product catalogue (datasets/products.ts, loaded by
// products.ts) and what the demo policies carry (billing terms, parties, coupons, events, claims,
// renewals, tax statements) and the demo group policies with their members, built with the
// factories on the records seedDemo returned. Returns the parties, which the billing demo uses.
import { documentPaths } from '@clinicpass/shared/platform/documents';
import { addDays, addMonths, hkToday, maxDate, type Clock } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import {
  groupPolicyDocument,
  policyEvent,
  policyProfileMapping,
  policyRenewal,
  taxReport,
  type policyParty,
} from '../platform-schema';
import { DEMO_COUPONS, DEMO_PEOPLE, GROUP_DEMO, GROUP_MEMBERS } from './datasets/demo-scenario';
import { seedDraftClaim, seedPaidClaims } from './claims-demo';
import { DOCS } from './datasets/products';
import type { DemoRecords } from './demo';
import { factories, type Factories } from './factories';
import { seedProductCatalogue } from './products';

export { GROUP_DEMO } from './datasets/demo-scenario';
export { BENEFIT_SCHEDULE_2026 } from './datasets/products';

export interface PlatformDemoOptions {
  secretKey: string;
  clock: Clock;
  demo: DemoRecords;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PartyRow = typeof policyParty.$inferSelect;
interface SeededPolicy {
  id: number;
  number: string;
  activation: string;
}

/** What the platform demo created that the billing demo builds on. */
export interface PlatformDemoRecords {
  parties: PartyRow[];
}

export async function seedPlatformDemo(
  db: Database,
  options: PlatformDemoOptions,
): Promise<PlatformDemoRecords> {
  const today = hkToday(options.clock);
  const { demo } = options;
  return db.transaction(async (tx) => {
    await seedProductCatalogue(tx, (code) => demo.products[code].id);
    const f = factories(tx, options);

    // ------------------------------------------------------------ the demo policies
    const seeded = (p: DemoRecords['policies']['op1']): SeededPolicy => ({
      id: p.id,
      number: p.policyNumber,
      activation: p.activationDate,
    });
    const op1 = seeded(demo.policies.op1);
    const op2 = seeded(demo.policies.op2);
    const vh3 = seeded(demo.policies.vh3);

    await f.policyTerms({ policyId: op1.id, frequency: 'monthly', cashBalance: 350 });
    await f.policyTerms({
      policyId: op2.id,
      frequency: 'quarterly',
      cashBalance: 0,
      renewalIntention: 'renew',
    });
    await f.policyTerms({ policyId: vh3.id, frequency: 'annual' });
    const { taiMan, siuMing, kaYan } = DEMO_PEOPLE;
    const parties = [
      await f.policyParty({ policyId: op1.id, role: 'policyholder', ...taiMan }),
      await f.policyParty({
        policyId: op1.id,
        role: 'insured-life',
        relationship: 'self',
        ...taiMan,
      }),
      await f.policyParty({ policyId: op2.id, role: 'policyholder', ...taiMan }),
      await f.policyParty({
        policyId: op2.id,
        role: 'insured-life',
        relationship: 'child',
        ...siuMing,
      }),
      await f.policyParty({ policyId: vh3.id, role: 'policyholder', ...kaYan }),
      await f.policyParty({
        policyId: vh3.id,
        role: 'insured-life',
        relationship: 'self',
        ...kaYan,
      }),
    ];

    const coupons = new Map<string, number>();
    for (const { expiresInDays, ...row } of DEMO_COUPONS) {
      const created = await f.coupon({ ...row, expiryDate: addDays(today, expiresInDays) });
      coupons.set(created.code, created.id);
    }
    const couponId = (code: string) => {
      const found = coupons.get(code);
      if (found === undefined) throw new Error(`coupon ${code} missing`);
      return found;
    };
    await f.policyCoupon({
      policyId: op1.id,
      couponId: couponId('LOYAL10'),
      rewardSet: 'loyalty',
      discountStartDate: addDays(today, -60),
      discountEndDate: addMonths(addDays(today, -60), 12),
    });
    await f.policyCoupon({
      policyId: op1.id,
      couponId: couponId('WELCOME1M'),
      rewardSet: 'welcome',
      discountStartDate: op1.activation,
      discountEndDate: addMonths(op1.activation, 1),
    });
    await f.policyCoupon({
      policyId: vh3.id,
      couponId: couponId('VHIS200'),
      rewardSet: 'tax-season',
      discountStartDate: addDays(today, -10),
      discountEndDate: addMonths(addDays(today, -10), 12),
    });
    for (const p of [op1, op2, vh3]) {
      await f.policyEvent({
        policyId: p.id,
        type: 'policy',
        eventType: 'policy-issued',
        payload: { policy_number: p.number },
        activeDocuments: [
          { name: 'Policy schedule', name_zh: '保單附表', url: documentPaths.policySchedule(p.id) },
        ],
        createDate: new Date(`${p.activation}T10:00:00+08:00`),
      });
    }
    await f.policyEvent({
      policyId: op1.id,
      type: 'policy',
      eventType: 'policy-renewed',
      payload: { policy_number: op1.number, renewal_date: addMonths(op1.activation, 12) },
      activeDocuments: [],
      createDate: new Date(`${addMonths(op1.activation, 12)}T10:00:00+08:00`),
    });
    await seedPolicyRecords(tx, f, today, { op1, op2, vh3 }, parties, demo);
    return { parties };
  });
}

// ---------------------------------------------------------------- policy records (issues 6, 7)

/** The last complete Hong Kong tax year (1 April – 31 March) before `today`. */
function lastTaxYear(today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const startYear = month >= 4 ? year - 1 : year - 2;
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}

async function seedPolicyRecords(
  tx: Tx,
  f: Factories,
  today: string,
  policies: { op1: SeededPolicy; op2: SeededPolicy; vh3: SeededPolicy },
  parties: PartyRow[],
  demo: DemoRecords,
): Promise<void> {
  const { op1, op2, vh3 } = policies;
  const partyOf = (policyId: number, role: string) => {
    const found = parties.find((p) => p.policyId === policyId && p.role === role);
    if (!found) throw new Error(`party ${role} of ${policyId} missing`);
    return found.id;
  };

  // Claims paid this policy year (and one before the last anniversary, which no longer counts),
  // each of the policy's insured life and, for an outpatient policy, its card member.
  const op1Anniversary = addMonths(op1.activation, 12);
  const memberOf = (policyId: number) =>
    demo.members.find((m) => m.policyId === policyId && policyId !== vh3.id)?.id ?? null;
  const uses = [
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
  ];
  await seedPaidClaims(
    tx,
    uses.map((use) => ({
      ...use,
      partyId: partyOf(use.policyId, 'insured-life'),
      memberId: memberOf(use.policyId),
    })),
    (policyId) => (policyId === vh3.id ? demo.users.plain.id : demo.users.owner.id),
  );
  // A draft of plain's with its receipt (another owner's claim and document for the matrix).
  await seedDraftClaim(tx, {
    policyId: vh3.id,
    partyId: partyOf(vh3.id, 'insured-life'),
    benefit: 'prescribed-imaging',
    serviceDate: addDays(today, -3),
    amount: 1200,
    at: new Date(`${addDays(today, -3)}T12:00:00+08:00`),
  });

  // A statement of the last complete tax year for a policy in force then, else of the current
  // tax year to date.
  const taxYear = lastTaxYear(today);
  const reports = await tx
    .insert(taxReport)
    .values(
      [op1, vh3].map((p) => {
        const complete = p.activation <= taxYear.end;
        const start = complete ? maxDate(p.activation, taxYear.start) : p.activation;
        const end = complete ? taxYear.end : today;
        const year = complete
          ? `${taxYear.start.slice(0, 4)}/${taxYear.end.slice(2, 4)}`
          : `${taxYear.end.slice(0, 4)}/${String(Number(taxYear.end.slice(2, 4)) + 1).padStart(2, '0')}`;
        return {
          policyId: p.id,
          startDate: start,
          endDate: end,
          documentName: `Premium statement ${year}${complete ? '' : ' (to date)'}`,
          documentNameZh: `${year} 年度保費結單${complete ? '' : '（截至今日）'}`,
          // Set to the PDF's address once the id is known (decision 197).
          documentUrl: '',
        };
      }),
    )
    .returning({ id: taxReport.id, policyId: taxReport.policyId });
  for (const report of reports) {
    await tx
      .update(taxReport)
      .set({ documentUrl: documentPaths.taxReport(report.id) })
      .where(eq(taxReport.id, report.id));
  }
  const [notice] = await tx
    .insert(policyRenewal)
    .values([
      {
        policyId: op1.id,
        renewalDate: op1Anniversary,
        // Set to the PDF's address once the id is known (decision 197).
        document: { name: 'Renewal notice', name_zh: '續保通知書', url: '' },
      },
      { policyId: op1.id, renewalDate: addMonths(op1.activation, 24), document: null },
      { policyId: op2.id, renewalDate: addMonths(op2.activation, 12), document: null },
      { policyId: vh3.id, renewalDate: addMonths(vh3.activation, 12), document: null },
    ])
    .returning({ id: policyRenewal.id });
  if (notice) {
    await tx
      .update(policyRenewal)
      .set({
        document: {
          name: 'Renewal notice',
          name_zh: '續保通知書',
          url: documentPaths.renewal(notice.id),
        },
      })
      .where(eq(policyRenewal.id, notice.id));
  }
  await tx.insert(policyEvent).values([
    {
      policyId: op1.id,
      type: 'policy',
      eventType: 'renewal-notice-issued',
      payload: { policy_number: op1.number, renewal_date: op1Anniversary },
      activeDocuments: [
        {
          name: 'Renewal notice',
          name_zh: '續保通知書',
          url: documentPaths.renewal(notice?.id ?? 0),
        },
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
      activeDocuments: [
        {
          name: 'VHIS premium certificate',
          name_zh: '自願醫保保費證明書',
          url: documentPaths.taxReport(reports.find((r) => r.policyId === vh3.id)?.id ?? 0),
        },
      ],
      createDate: new Date(`${addDays(today, -10)}T11:00:00+08:00`),
    },
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
  const outpatient = demo.products['OUTPATIENT-GO'];
  const periodStart = addDays(today, -150);
  const periodEnd = addDays(addMonths(periodStart, 12), -1);
  const group = async (
    g: { groupPolicyNumber: string; companyName: string },
    adminUserId: string,
  ) =>
    f.groupPolicy({
      ...g,
      adminUserId,
      productId: outpatient.id,
      status: 'in-force',
      periodStartDate: periodStart,
      periodEndDate: periodEnd,
    });
  const groups: Record<string, Awaited<ReturnType<typeof group>>> = {
    [GROUP_DEMO.owners.groupPolicyNumber]: await group(GROUP_DEMO.owners, demo.users.owner.id),
    [GROUP_DEMO.plains.groupPolicyNumber]: await group(GROUP_DEMO.plains, demo.users.plain.id),
  };
  const groupId = (number: string) => {
    const found = groups[number];
    if (!found) throw new Error(`group ${number} missing`);
    return found.id;
  };
  const memberPolicies = new Map<string, number>();
  const memberPolicyId = (number: string) => {
    const found = memberPolicies.get(number);
    if (found === undefined) throw new Error(`member policy ${number} missing`);
    return found;
  };
  const joined: { number: string; group: string; on: string; removedOn: string | null }[] = [];
  for (const [index, m] of GROUP_MEMBERS.entries()) {
    const groupRow = groups[m.group];
    if (!groupRow) throw new Error(`group ${m.group} missing`);
    const join = m.joinedDaysAgo === null ? periodStart : addDays(today, -m.joinedDaysAgo);
    const removedOn = m.removedDaysAgo === null ? null : addDays(today, -m.removedDaysAgo);
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
    const created = await f.groupMember({
      group: groupRow,
      policy: { policyNumber: m.number, applicantPhoneNumber: `+8526123450${index}` },
      person,
      // A dependant's policyholder is the principal, Cheung Mei Ling.
      ...(m.principal === null
        ? {}
        : {
            holder: {
              firstName: 'Mei Ling',
              chineseFirstName: '美玲',
              dateOfBirth: GROUP_DEMO.redeemDateOfBirth,
              gender: 'female',
              identityDocumentType: 'hong-kong-identity-card',
            },
          }),
      relationship: m.principal === null ? 'employee' : 'child',
      principalPolicyId: m.principal === null ? null : memberPolicyId(m.principal),
      joinDate: join,
      removedOn,
    });
    memberPolicies.set(m.number, created.policy.id);
    joined.push({ number: m.number, group: m.group, on: join, removedOn });
  }
  for (const m of joined) {
    await f.policyEvent({
      policyId: memberPolicyId(m.number),
      type: 'group',
      eventType: m.removedOn === null ? 'member-joined' : 'member-removed',
      payload: { group_policy_number: m.group, policy_number: m.number },
      activeDocuments: [],
      createDate: new Date(`${m.removedOn ?? m.on}T09:00:00+08:00`),
    });
  }
  await tx.insert(groupPolicyDocument).values([
    {
      groupPolicyId: groupId(GROUP_DEMO.owners.groupPolicyNumber),
      category: 'policy-provisions',
      type: 'scheme-rules',
      platforms: ['web', 'portal'],
      nameEn: 'Harbour Logistics outpatient scheme rules',
      nameZh: '港運物流門診計劃規則',
      fileEn: `${DOCS}/group-GP2000001-scheme-rules-en.pdf`,
      fileZh: `${DOCS}/group-GP2000001-scheme-rules-zh.pdf`,
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
      fileEn: `${DOCS}/group-GP2000001-member-guide-en.pdf`,
      fileZh: `${DOCS}/group-GP2000001-member-guide-zh.pdf`,
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
      fileEn: `${DOCS}/group-GP2000001-claim-form-en.pdf`,
      fileZh: `${DOCS}/group-GP2000001-claim-form-zh.pdf`,
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
      fileEn: `${DOCS}/group-GP2000002-scheme-rules-en.pdf`,
      fileZh: `${DOCS}/group-GP2000002-scheme-rules-zh.pdf`,
      effectiveDate: periodStart,
      expiryDate: periodEnd,
    },
  ]);
  for (const [number, code, expiresInDays] of [
    ['GM2000012', GROUP_DEMO.redeemCode, 60],
    ['GM2000011', GROUP_DEMO.secondRedeemCode, 60],
    ['GM2000021', GROUP_DEMO.expiredRedeemCode, -1],
  ] as const) {
    await f.redeemCode({
      policyId: memberPolicyId(number),
      code,
      expiryDate: addDays(today, expiresInDays),
    });
  }
}
