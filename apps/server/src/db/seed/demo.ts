// The demo data the README lists (datasets/demo-scenario.ts): the products, the accounts, their
// policies, the members' cards and the announcements, built with the factories. Returns the
// records, which the seeds after it (platform, billing, service requests, stakeholders) build on.
// Dates are relative to the Hong Kong day the database is seeded.
import { addDays, hkToday, type Clock } from '@clinicpass/shared/time/clock';
import type { Database } from '../client';
import type { member, policy, product } from '../schema';
import { generatePassword, hashPassword } from '../../lib/passwords';
import {
  DEMO,
  DEMO_ANNOUNCEMENTS,
  DEMO_MEMBERS,
  NO_NETWORK_APPLICANT_PHONE,
} from './datasets/demo-scenario';
import { PRODUCTS, type ProductCode } from './datasets/products';
import { factories } from './factories';

export { DEMO } from './datasets/demo-scenario';
export { PRODUCTS } from './datasets/products';

export interface DemoSeedOptions {
  secretKey: string;
  clock: Clock;
}

type PolicyRow = typeof policy.$inferSelect;

/** What the demo seed created, for the seeds after it. */
export interface DemoRecords {
  products: Record<ProductCode, typeof product.$inferSelect>;
  users: Record<'owner' | 'plain' | 'newMember', { id: string; email: string }>;
  /** OP1000001 (working card), OP1000002 (body check not due), VH1000003 (no network). */
  policies: Record<'op1' | 'op2' | 'vh3', PolicyRow>;
  members: (typeof member.$inferSelect)[];
}

export async function seedDemo(db: Database, options: DemoSeedOptions): Promise<DemoRecords> {
  const today = hkToday(options.clock);
  return db.transaction(async (tx) => {
    const f = factories(tx, options);
    const products = {} as DemoRecords['products'];
    for (const row of PRODUCTS) products[row.code] = await f.product({ ...row });

    const owner = await f.user({
      email: DEMO.owner.email,
      phoneNumber: DEMO.owner.phone,
      phoneVerified: true,
      password: DEMO.password,
    });
    const plain = await f.user({ email: DEMO.plain.email, password: DEMO.password });
    const newMember = await f.user({
      email: DEMO.newMember.email,
      // Silent sign-up: a generated password nobody knows until first-time login sets one.
      passwordHash: await hashPassword(generatePassword()),
      status: 'FORCE_CHANGE_PASSWORD',
    });

    const inForce = (
      number: string,
      code: ProductCode,
      ownerUserId: string,
      activatedDaysAgo: number,
      applicantPhoneNumber: string,
    ) =>
      f.policy({
        policyNumber: number,
        productId: products[code].id,
        ownerUserId,
        status: 'in-force',
        activationDate: addDays(today, -activatedDaysAgo),
        applicantPhoneNumber,
      });
    const policies = {
      op1: await inForce(
        DEMO.workingCard.policyNumber,
        'OUTPATIENT-GO',
        owner.id,
        DEMO.workingCard.activatedDaysAgo,
        DEMO.owner.phone,
      ),
      op2: await inForce(
        DEMO.bodyCheckNotDue.policyNumber,
        'OUTPATIENT-GO',
        owner.id,
        DEMO.bodyCheckNotDue.activatedDaysAgo,
        DEMO.owner.phone,
      ),
      vh3: await inForce(
        DEMO.noNetwork.policyNumber,
        'VHIS-FLEXI',
        plain.id,
        DEMO.noNetwork.activatedDaysAgo,
        NO_NETWORK_APPLICANT_PHONE,
      ),
    };
    const policyId = (number: string) => {
      const found = Object.values(policies).find((p) => p.policyNumber === number);
      if (!found) throw new Error(`policy ${number} missing`);
      return found.id;
    };

    const members = [];
    for (const { policyNumber, ...card } of DEMO_MEMBERS) {
      members.push(await f.member({ policyId: policyId(policyNumber), ...card }));
    }
    for (const row of DEMO_ANNOUNCEMENTS) await f.announcement({ ...row, tags: [...row.tags] });

    return { products, users: { owner, plain, newMember }, policies, members };
  });
}
