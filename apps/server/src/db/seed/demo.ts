// The demo data the README lists. Tests and reviewers rely on exactly these values; dates are
// relative to the Hong Kong day the database is seeded.
import { maskHkid } from '@clinicpass/shared/identity/hkid';
import { addDays, hkToday, type Clock } from '@clinicpass/shared/time/clock';
import type { Database } from '../client';
import { announcement, appUser, member, policy, product } from '../schema';
import { hkidLookupHash } from '../../lib/hkid-hash';
import { generatePassword, hashPassword } from '../../lib/passwords';

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

export const PRODUCTS = [
  {
    code: 'OUTPATIENT-GO',
    productType: 'outpatient',
    nameEn: 'ClinicPass Outpatient Plan',
    nameZh: 'ClinicPass 門診計劃',
    medicalNetworkPanel: 'outpatient',
    bodyChecksPerYear: 1,
  },
  {
    code: 'VHIS-FLEXI',
    productType: 'vhis',
    nameEn: 'ClinicPass VHIS Flexi Plan',
    nameZh: 'ClinicPass 自願醫保靈活計劃',
    medicalNetworkPanel: null,
    bodyChecksPerYear: 0,
  },
  {
    code: 'TERM-10',
    productType: 'term',
    nameEn: 'ClinicPass 10-Year Term Life',
    nameZh: 'ClinicPass 十年定期人壽',
    medicalNetworkPanel: null,
    bodyChecksPerYear: 0,
  },
] as const;

export interface DemoSeedOptions {
  secretKey: string;
  clock: Clock;
}

export async function seedDemo(db: Database, options: DemoSeedOptions): Promise<void> {
  const today = hkToday(options.clock);
  const passwordHash = await hashPassword(DEMO.password);

  await db.transaction(async (tx) => {
    const products = await tx
      .insert(product)
      .values(PRODUCTS.map((p) => ({ ...p })))
      .returning({ id: product.id, code: product.code });
    const productId = (code: string) => {
      const found = products.find((p) => p.code === code);
      if (!found) throw new Error(`product ${code} missing`);
      return found.id;
    };

    const [owner, plain] = await tx
      .insert(appUser)
      .values([
        {
          email: DEMO.owner.email,
          phoneNumber: DEMO.owner.phone,
          phoneVerified: true,
          passwordHash,
          status: 'CONFIRMED',
        },
        { email: DEMO.plain.email, passwordHash, status: 'CONFIRMED' },
        {
          email: DEMO.newMember.email,
          // Silent sign-up: a generated password nobody knows until first-time login sets one.
          passwordHash: await hashPassword(generatePassword()),
          status: 'FORCE_CHANGE_PASSWORD',
        },
      ])
      .returning({ id: appUser.id });
    if (!owner || !plain) throw new Error('demo users not created');

    const policies = await tx
      .insert(policy)
      .values([
        {
          policyNumber: DEMO.workingCard.policyNumber,
          productId: productId('OUTPATIENT-GO'),
          ownerUserId: owner.id,
          status: 'in-force',
          activationDate: addDays(today, -DEMO.workingCard.activatedDaysAgo),
          applicantPhoneNumber: DEMO.owner.phone,
        },
        {
          policyNumber: DEMO.bodyCheckNotDue.policyNumber,
          productId: productId('OUTPATIENT-GO'),
          ownerUserId: owner.id,
          status: 'in-force',
          activationDate: addDays(today, -DEMO.bodyCheckNotDue.activatedDaysAgo),
          applicantPhoneNumber: DEMO.owner.phone,
        },
        {
          policyNumber: DEMO.noNetwork.policyNumber,
          productId: productId('VHIS-FLEXI'),
          ownerUserId: plain.id,
          status: 'in-force',
          activationDate: addDays(today, -DEMO.noNetwork.activatedDaysAgo),
          applicantPhoneNumber: '+85261234567',
        },
      ])
      .returning({ id: policy.id, policyNumber: policy.policyNumber });
    const policyId = (number: string) => {
      const found = policies.find((p) => p.policyNumber === number);
      if (!found) throw new Error(`policy ${number} missing`);
      return found.id;
    };

    await tx.insert(member).values([
      {
        policyId: policyId(DEMO.workingCard.policyNumber),
        memberCode: 'M1000001',
        membershipNumber: 'CP-0001-0001',
        hkidHash: hkidLookupHash(options.secretKey, DEMO.workingCard.hkid),
        hkidMasked: maskHkid(DEMO.workingCard.hkid),
        nameEn: 'Chan Tai Man',
        nameZh: '陳大文',
        relationship: 'self',
      },
      {
        policyId: policyId(DEMO.bodyCheckNotDue.policyNumber),
        memberCode: 'M1000002',
        membershipNumber: 'CP-0002-0001',
        hkidHash: hkidLookupHash(options.secretKey, DEMO.bodyCheckNotDue.hkid),
        hkidMasked: maskHkid(DEMO.bodyCheckNotDue.hkid),
        nameEn: 'Chan Siu Ming',
        nameZh: '陳小明',
        relationship: 'child',
      },
      {
        policyId: policyId(DEMO.noNetwork.policyNumber),
        memberCode: 'M1000003',
        membershipNumber: 'CP-0003-0001',
        hkidHash: hkidLookupHash(options.secretKey, 'Z437626A'),
        hkidMasked: maskHkid('Z437626A'),
        nameEn: 'Lee Ka Yan',
        nameZh: '李嘉欣',
        relationship: 'self',
      },
    ]);

    await tx.insert(announcement).values([
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
    ]);
  });
}
