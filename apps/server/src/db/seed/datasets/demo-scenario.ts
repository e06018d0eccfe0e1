// The demo scenario of the README, as data: who the demo accounts are, their policies' members
// and parties, announcements, coupons, group policies and their members, companies, the
// application cases, stakeholder and partner. Dates are days relative to the Hong Kong day the
// database is seeded. demo.ts and the seeds after it build the records from this with the
// factories (factories.ts). Tests of the demo itself (seed.test.ts) rely on exactly these values.

/** The demo accounts and policies of the README. */
export const DEMO = {
  password: 'ClinicPass2026',
  owner: { email: 'owner@example.com', phone: '+85291234567' },
  plain: { email: 'plain@example.com' },
  newMember: { email: 'newmember@example.com' },
  workingCard: {
    hkid: 'A123456(3)',
    applicantPhone: '91234567',
    policyNumber: 'OP1000001',
    activatedDaysAgo: 400,
  },
  bodyCheckNotDue: {
    hkid: 'G123456(A)',
    applicantPhone: '91234567',
    policyNumber: 'OP1000002',
    activatedDaysAgo: 30,
  },
  noNetwork: { policyNumber: 'VH1000003', activatedDaysAgo: 200 },
} as const;

/** The members (QR member cards) of the three demo policies, in that order. */
export const DEMO_MEMBERS = [
  {
    policyNumber: DEMO.workingCard.policyNumber,
    memberCode: 'M1000001',
    membershipNumber: 'CP-0001-0001',
    hkid: DEMO.workingCard.hkid,
    nameEn: 'Chan Tai Man',
    nameZh: '陳大文',
    relationship: 'self',
  },
  {
    policyNumber: DEMO.bodyCheckNotDue.policyNumber,
    memberCode: 'M1000002',
    membershipNumber: 'CP-0002-0001',
    hkid: DEMO.bodyCheckNotDue.hkid,
    nameEn: 'Chan Siu Ming',
    nameZh: '陳小明',
    relationship: 'child',
  },
  {
    policyNumber: DEMO.noNetwork.policyNumber,
    memberCode: 'M1000003',
    membershipNumber: 'CP-0003-0001',
    hkid: 'Z437626A',
    nameEn: 'Lee Ka Yan',
    nameZh: '李嘉欣',
    relationship: 'self',
  },
] as const;

/** Applicant phone of VH1000003 (plain@example.com has no phone on the account). */
export const NO_NETWORK_APPLICANT_PHONE = '+85261234567';

export const DEMO_ANNOUNCEMENTS = [
  {
    contentEn: 'Flu vaccination at network clinics is now covered for all members this season.',
    contentZh: '本季度所有會員均可於網絡診所接種流感疫苗，費用由計劃支付。',
    isDismissable: true,
    messageType: 'info',
    tags: ['customer', 'guest'],
  },
  {
    contentEn:
      'Scheduled maintenance: online services may be unavailable on Sunday from 02:00 to 04:00.',
    contentZh: '系統維護：網上服務或於星期日凌晨2時至4時暫停。',
    isDismissable: false,
    messageType: 'warning',
    tags: ['customer', 'guest'],
  },
  {
    contentEn: 'Welcome back. Your members’ cards are under Manage Membership.',
    contentZh: '歡迎回來。您的會員卡可於「管理會籍」查看。',
    isDismissable: true,
    messageType: 'info',
    tags: ['customer'],
  },
] as const;

/** The people on the demo policies (policy parties; never an HKID). */
export const DEMO_PEOPLE = {
  taiMan: {
    firstName: 'Tai Man',
    lastName: 'Chan',
    chineseFirstName: '大文',
    chineseLastName: '陳',
    gender: 'male',
    dateOfBirth: '1985-03-14',
    identityDocumentType: 'hong-kong-identity-card',
  },
  siuMing: {
    firstName: 'Siu Ming',
    lastName: 'Chan',
    chineseFirstName: '小明',
    chineseLastName: '陳',
    gender: 'male',
    dateOfBirth: '2012-08-02',
    identityDocumentType: 'hong-kong-birth-certificate',
  },
  kaYan: {
    firstName: 'Ka Yan',
    lastName: 'Lee',
    chineseFirstName: '嘉欣',
    chineseLastName: '李',
    gender: 'female',
    dateOfBirth: '1990-11-05',
    identityDocumentType: 'hong-kong-identity-card',
  },
} as const;

/** Coupons; `expiresInDays` counts from the seeding day (negative: expired). */
export const DEMO_COUPONS = [
  {
    code: 'LOYAL10',
    rewardType: 'PO',
    rewardValue: 10,
    rewardLength: 12,
    status: 'active',
    expiresInDays: 300,
  },
  {
    code: 'WELCOME1M',
    rewardType: 'MF',
    rewardValue: 1,
    rewardLength: 1,
    status: 'expired',
    expiresInDays: -300,
  },
  {
    code: 'VHIS200',
    rewardType: 'AMT',
    rewardValue: 200,
    rewardLength: 1,
    status: 'active',
    expiresInDays: 200,
  },
] as const;

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

/**
 * The group policies' members: joined at the start of the period (`joinedDaysAgo` null) or
 * `joinedDaysAgo`, removed `removedDaysAgo` (null: still active); a dependant names its principal.
 */
export const GROUP_MEMBERS = [
  {
    number: 'GM2000011',
    group: GROUP_DEMO.owners.groupPolicyNumber,
    first: 'Siu Fung',
    last: 'Wong',
    zhFirst: '小峰',
    zhLast: '黃',
    gender: 'male',
    birth: GROUP_DEMO.secondRedeemDateOfBirth,
    joinedDaysAgo: null,
    principal: null,
    removedDaysAgo: null,
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
    joinedDaysAgo: 40,
    principal: null,
    removedDaysAgo: null,
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
    joinedDaysAgo: 40,
    principal: 'GM2000012',
    removedDaysAgo: null,
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
    joinedDaysAgo: null,
    principal: null,
    removedDaysAgo: 20,
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
    joinedDaysAgo: null,
    principal: null,
    removedDaysAgo: null,
  },
] as const;

/** The insurer, and an employer that pays one of plain@example.com's invoices. */
export const BILLING_COMPANIES = {
  insurer: {
    code: 'clinicpass-insurance',
    nameEn: 'ClinicPass Insurance Limited',
    nameZh: 'ClinicPass 保險有限公司',
  },
  employer: {
    code: 'harbour-trading',
    nameEn: 'Harbour Trading Limited',
    nameZh: '海港貿易有限公司',
  },
} as const;

/** The demo partner and the account that acts for it. */
export const DEMO_PARTNER = { name: 'Harbour Wellness Partners Limited', user: DEMO.owner.email };

/** The demo stakeholder of plain@example.com (a valid HKID that no member uses). */
export const DEMO_STAKEHOLDER = {
  owner: DEMO.plain.email,
  nameEn: 'Chan Tai Man',
  nameZh: '陳大文',
  hkid: 'C668668(9)',
  roles: ['owner', 'director'],
  address: {
    line_one: 'Flat 12B, 8 Shing Yip Street',
    line_two: 'Kwun Tong, Kowloon',
    line_three: null,
    district: 'Kwun Tong',
    country: 'HKG',
  },
};

/**
 * The people of the demo application cases (decision 134): valid HKIDs that no member uses, an
 * applicant who covers themself and a child.
 */
export const DEMO_CASES = {
  owner: {
    email: DEMO.owner.email,
    phone: '+85291234567',
    holder: {
      first: 'Siu Ming',
      last: 'Wong',
      gender: 'male',
      birth: '1985-03-14',
      hkid: 'D246810(8)',
    },
    child: {
      first: 'Ka Yan',
      last: 'Wong',
      gender: 'female',
      birth: '2015-09-02',
      hkid: 'E135791(7)',
    },
  },
  plain: {
    email: DEMO.plain.email,
    phone: '+85261234567',
    holder: {
      first: 'Mei Ling',
      last: 'Lee',
      gender: 'female',
      birth: '1990-07-21',
      hkid: 'F112233(5)',
    },
    child: {
      first: 'Chun Hei',
      last: 'Lee',
      gender: 'male',
      birth: '2018-01-30',
      hkid: 'G445566(4)',
    },
  },
} as const;
