// Test records: the seed's factories (src/db/seed/factories.ts, the same ones the demo scenario
// is built with), keyed with the test secret, plus what tests ask for most. A test states what
// it needs instead of reading a demo row:
//
//   const f = testFactories(t.database.db);
//   const card = await f.memberCard();            // a policy in force with one member
//   await lookUp(card.lookUp);                    // { identity_document_number, phone_number }
//
// Every factory takes overrides of the table's columns and returns the created row(s).
import type { Clock } from '@clinicpass/shared/time/clock';
import {
  FACTORY_PASSWORD,
  factories,
  freshHkid,
  hkidFor,
  type Executor,
  type Factories,
  type MemberOverrides,
} from '../src/db/seed/factories';
import type { policy } from '../src/db/schema';
import { TEST_SECRET_KEY } from './constants';

export { FACTORY_PASSWORD, freshHkid, hkidFor, type Factories };

let phones = 0;
/** A fresh 8-digit Hong Kong mobile number (`96xxxxxx`, every one valid), as a member types it. */
export function freshPhone(): string {
  phones += 1;
  return `96${String((process.pid * 97 + phones) % 1_000_000).padStart(6, '0')}`;
}

export interface MemberCard {
  policy: typeof policy.$inferSelect;
  member: Awaited<ReturnType<Factories['member']>>;
  /** The member's HKID and the applicant's phone (8 digits), as the look-up takes them. */
  hkid: string;
  phone: string;
  /** The member-card look-up's body for this member. */
  lookUp: { identity_document_number: string; phone_number: string };
}

export function testFactories(db: Executor, options: { clock?: Clock } = {}) {
  const f = factories(db, { secretKey: TEST_SECRET_KEY, ...options });
  return {
    ...f,
    /**
     * A member with a working card: a policy (default: the outpatient product, in force,
     * activated 400 days ago, so its three tickets are effective) with one member whose HKID
     * and applicant phone are fresh unless given.
     */
    memberCard: async (
      o: {
        hkid?: string;
        phone?: string;
        policy?: Partial<typeof policy.$inferInsert>;
        member?: MemberOverrides;
      } = {},
    ): Promise<MemberCard> => {
      const phone = o.phone ?? freshPhone();
      const hkid = o.hkid ?? freshHkid();
      const created = await f.policyWithMembers({
        policy: { applicantPhoneNumber: `+852${phone}`, ...o.policy },
        members: [{ hkid, ...o.member }],
      });
      const [member] = created.members;
      if (!member) throw new Error('member not created');
      return {
        policy: created.policy,
        member,
        hkid,
        phone,
        lookUp: { identity_document_number: hkid, phone_number: phone },
      };
    },
  };
}

export type TestFactories = ReturnType<typeof testFactories>;
