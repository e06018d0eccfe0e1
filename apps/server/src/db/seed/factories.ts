// Record factories: each builds one record (or a record with the records it cannot be without)
// from sensible defaults, overridden by whatever the caller names, and returns the created
// row(s) as the table's select type. The demo scenario of the README (demo.ts and the seeds after
// it) is built with them, and so are the server tests' own records (test/factories.ts).
// Defaults that must be unique (emails, policy numbers, HKIDs, codes) come from a counter.
import { maskHkid } from '@clinicpass/shared/identity/hkid';
import {
  addDays,
  addMonths,
  hkToday,
  systemClock,
  type Clock,
} from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hkidLookupHash } from '../../lib/hkid-hash';
import { hashPassword } from '../../lib/passwords';
import { redeemCodeHash } from '../../lib/redeem-code';
import { issueClinicKey } from '../../modules/clinic/clinic-key.service';
import {
  hashToken,
  newTicketNumber,
  newToken,
  ticketNumberKey,
} from '../../modules/outpatient/tokens';
import {
  billing,
  company,
  defaultPaymentMethod,
  invoice,
  paymentMethod,
  paymentMethodProfile,
} from '../billing-schema';
import type { Database } from '../client';
import { clinicApiKey } from '../clinic-schema';
import { outpatientTicket } from '../outpatient-schema';
import {
  coupon,
  groupMemberPolicy,
  groupPolicy,
  policyCoupon,
  policyEvent,
  policyParty,
  policyRedeemCode,
  policyTerms,
} from '../platform-schema';
import {
  announcement,
  appUser,
  doctor,
  member,
  paymentInfo,
  policy,
  product,
  servicePoint,
  venue,
} from '../schema';
import { serviceRequest, underwritingCase } from '../service-request-schema';
import { applicationCase, partner, partnerUser, stakeholder } from '../stakeholder-schema';

/** A database or a transaction of one. */
export type Executor = Pick<Database, 'insert' | 'select'>;

type Insert<T extends PgTable> = T['$inferInsert'];
type Row<T extends PgTable> = T['$inferSelect'];
/** A record's columns, every one optional: what a caller overrides. */
// The rule sees the unresolved generic (a bare PgTable's insert type is empty); each use names a
// table, so the type has that table's columns.
// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type
type Overrides<T extends PgTable> = Partial<Insert<T>>;

export interface FactoryOptions {
  /** The server secret the HKID look-up hashes are keyed with. */
  secretKey: string;
  /** "Today" for default dates (activation, periods); default: the system clock. */
  clock?: Clock;
}

/** The password of every account a factory creates unless told otherwise. */
export const FACTORY_PASSWORD = 'ClinicPass2026';

let counter = 0;
/** The next number of this process, for defaults that must be unique. */
function next(): number {
  counter += 1;
  return counter;
}

/** A valid HKID (check digit included) that no demo record uses: `K` + 6 digits + check. */
export function hkidFor(n: number): string {
  const digits = String(n % 1_000_000).padStart(6, '0');
  const values = [36, 'K'.charCodeAt(0) - 'A'.charCodeAt(0) + 10, ...Array.from(digits, Number)];
  const sum = values.reduce((total, value, index) => total + value * (9 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return `K${digits}(${check === 10 ? 'A' : String(check)})`;
}

/** A fresh valid HKID of this process. */
export function freshHkid(): string {
  return hkidFor(next());
}

async function insertOne<T extends PgTable>(db: Executor, table: T, values: Insert<T>) {
  const rows: Row<T>[] = await db.insert(table).values(values).returning();
  const [row] = rows;
  if (!row) throw new Error('factory insert returned no row');
  return row;
}

export interface PersonOverrides {
  firstName?: string;
  lastName?: string;
  chineseFirstName?: string | null;
  chineseLastName?: string | null;
  gender?: string | null;
  dateOfBirth?: string | null;
  identityDocumentType?: string | null;
}

export interface MemberOverrides extends Overrides<typeof member> {
  /** Hashed and masked; default: a fresh valid HKID. */
  hkid?: string;
}

export interface TicketOverrides extends Partial<
  Omit<Insert<typeof outpatientTicket>, 'memberId'>
> {
  memberId: number;
  /** The QR token; default: a fresh one. Stored as its SHA-256. */
  token?: string;
  /** The number printed under the QR; default: a fresh one. Stored as its keyed hash (decision 184). */
  number?: string;
}

/** The factories, bound to a database (or transaction) and the server secret. */
export function factories(db: Executor, options: FactoryOptions) {
  const clock = options.clock ?? systemClock;
  const today = () => hkToday(clock);
  const passwordHashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    let hash = passwordHashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      passwordHashes.set(password, hash);
    }
    return hash;
  };

  const f = {
    secretKey: options.secretKey,

    /** A product (default: an outpatient product on the primary panel, one body check a year). */
    product: (o: Overrides<typeof product> = {}) => {
      const n = next();
      return insertOne(db, product, {
        code: `PRODUCT-${n}`,
        productType: 'outpatient',
        nameEn: `Test Outpatient Plan ${n}`,
        nameZh: `測試門診計劃 ${n}`,
        medicalNetworkPanel: 'outpatient',
        bodyChecksPerYear: 1,
        ...o,
      });
    },

    /** The product with this code when it exists (the seeded ones), else a new one with it. */
    productByCode: async (code: string, o: Overrides<typeof product> = {}) => {
      const [found] = await db.select().from(product).where(eq(product.code, code));
      return found ?? f.product({ code, ...o });
    },

    /**
     * An account (a customer), confirmed, with the password `password` (default
     * FACTORY_PASSWORD) hashed; a `passwordHash` given is kept as it is.
     */
    user: async (o: Overrides<typeof appUser> & { password?: string } = {}) => {
      const { password, ...columns } = o;
      const n = next();
      return insertOne(db, appUser, {
        email: `customer${n}@example.test`,
        status: 'CONFIRMED',
        passwordHash: columns.passwordHash ?? (await hashOf(password ?? FACTORY_PASSWORD)),
        ...columns,
      });
    },

    /** A policy (default: in force, activated 400 days ago, of the seeded outpatient product). */
    policy: async (o: Overrides<typeof policy> = {}) => {
      const n = next();
      return insertOne(db, policy, {
        policyNumber: `TP${String(n).padStart(7, '0')}`,
        productId: o.productId ?? (await f.productByCode('OUTPATIENT-GO')).id,
        status: 'in-force',
        activationDate: addDays(today(), -400),
        applicantPhoneNumber: '+85291234567',
        ...o,
      });
    },

    /** An insured member of a policy: the QR member card's holder. */
    member: (o: MemberOverrides & { policyId: number }) => {
      const { hkid: given, ...columns } = o;
      const n = next();
      const hkid = given ?? hkidFor(n);
      return insertOne(db, member, {
        memberCode: `TM${String(n).padStart(7, '0')}`,
        membershipNumber: `TP-${String(n).padStart(4, '0')}-0001`,
        hkidHash: hkidLookupHash(options.secretKey, hkid),
        hkidMasked: maskHkid(hkid),
        nameEn: 'Wong Ka Ming',
        nameZh: '黃家明',
        relationship: 'self',
        ...columns,
      });
    },

    /**
     * An individual policy with its members: the policy, then one member per entry (default:
     * one, `self`). The HKIDs given are the ones a member-card look-up finds them by.
     */
    policyWithMembers: async (
      o: { policy?: Overrides<typeof policy>; members?: MemberOverrides[] } = {},
    ) => {
      const created = await f.policy(o.policy);
      const members = [];
      for (const m of o.members ?? [{}])
        members.push(await f.member({ policyId: created.id, ...m }));
      return { policy: created, members };
    },

    /** What a policy carries beyond its row (billing frequency, sum assured, renewal). */
    policyTerms: (o: Overrides<typeof policyTerms> & { policyId: number }) =>
      insertOne(db, policyTerms, { frequency: 'annual', ...o }),

    /** A party of a policy (default: its policyholder). */
    policyParty: (o: Overrides<typeof policyParty> & { policyId: number }) =>
      insertOne(db, policyParty, {
        role: 'policyholder',
        firstName: 'Ka Ming',
        lastName: 'Wong',
        chineseFirstName: '家明',
        chineseLastName: '黃',
        gender: 'male',
        dateOfBirth: '1985-01-01',
        identityDocumentType: 'hong-kong-identity-card',
        ...o,
      }),

    /** A group policy administered by `adminUserId` (default period: from 150 days ago, a year). */
    groupPolicy: async (o: Overrides<typeof groupPolicy> & { adminUserId: string }) => {
      const n = next();
      const start = o.periodStartDate ?? addDays(today(), -150);
      return insertOne(db, groupPolicy, {
        groupPolicyNumber: `TG${String(n).padStart(7, '0')}`,
        companyName: `Test Company ${n} Limited`,
        productId: o.productId ?? (await f.productByCode('OUTPATIENT-GO')).id,
        status: 'in-force',
        periodStartDate: start,
        periodEndDate: addDays(addMonths(start, 12), -1),
        ...o,
      });
    },

    /**
     * A member of a group policy: a member policy owned by nobody (until its welcome letter is
     * redeemed), its terms naming the group, its policyholder and insured life, and the
     * membership row. A dependant names its principal's member policy.
     */
    groupMember: async (o: {
      group: Row<typeof groupPolicy>;
      policy?: Overrides<typeof policy>;
      person?: PersonOverrides;
      /** The policyholder when it is not the insured life (a dependant's parent). */
      holder?: PersonOverrides;
      relationship?: string;
      principalPolicyId?: number | null;
      joinDate?: string;
      removedOn?: string | null;
    }) => {
      const joinDate = o.joinDate ?? o.group.periodStartDate;
      const removedOn = o.removedOn ?? null;
      const memberPolicy = await f.policy({
        productId: o.group.productId,
        ownerUserId: null,
        status: removedOn === null ? 'in-force' : 'terminated',
        activationDate: joinDate,
        ...o.policy,
      });
      const terms = await f.policyTerms({
        policyId: memberPolicy.id,
        groupPolicyNumber: o.group.groupPolicyNumber,
        expiryDate: removedOn,
      });
      return { policy: memberPolicy, terms, ...(await groupMembership(memberPolicy, o)) };
    },

    /** A welcome letter's redeem code for a (group member) policy; default: expires in 60 days. */
    redeemCode: (o: Overrides<typeof policyRedeemCode> & { policyId: number; code: string }) => {
      const { code, ...columns } = o;
      return insertOne(db, policyRedeemCode, {
        codeHash: redeemCodeHash(code),
        expiryDate: addDays(today(), 60),
        ...columns,
      });
    },

    policyEvent: (o: Overrides<typeof policyEvent> & { policyId: number; eventType: string }) =>
      insertOne(db, policyEvent, { type: 'policy', payload: {}, activeDocuments: [], ...o }),

    coupon: (o: Overrides<typeof coupon> = {}) =>
      insertOne(db, coupon, {
        code: `COUPON${next()}`,
        rewardType: 'PO',
        rewardValue: 10,
        rewardLength: 12,
        status: 'active',
        expiryDate: addDays(today(), 300),
        ...o,
      }),

    policyCoupon: (o: Overrides<typeof policyCoupon> & { policyId: number; couponId: number }) =>
      insertOne(db, policyCoupon, {
        rewardSet: 'loyalty',
        discountStartDate: today(),
        discountEndDate: addDays(today(), 365),
        ...o,
      }),

    /**
     * A QR ticket of a member (default: a visit ticket effective from today for a year, its
     * token accepted for 10 minutes). Returns the row with the token and number it stores hashed.
     */
    ticket: async (o: TicketOverrides) => {
      const { token = newToken(), number = newTicketNumber(), ...columns } = o;
      const row = await insertOne(db, outpatientTicket, {
        type: 'visit',
        tokenHash: hashToken(token),
        numberKey: ticketNumberKey(options.secretKey, number),
        effectiveDate: today(),
        expiryDate: addDays(today(), 365),
        expiresAt: new Date(clock.now().getTime() + 10 * 60 * 1000),
        ...columns,
      });
      return { ...row, token, number };
    },

    /** A card on file (default: an active, verified Visa •••• 4242 of `userId`). */
    paymentMethod: (o: Overrides<typeof paymentMethod> & { userId: string }) =>
      insertOne(db, paymentMethod, {
        gateway: 'stripe-card',
        status: 'active',
        isVerified: true,
        label: 'Visa •••• 4242',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: Number(today().slice(0, 4)) + 2,
        holderName: 'WONG KA MING',
        gatewayReference: 'pm_card_visa',
        ...o,
      }),

    defaultPaymentMethod: (o: { userId: string; paymentMethodId: number }) =>
      insertOne(db, defaultPaymentMethod, o),

    paymentMethodProfile: (
      o: Overrides<typeof paymentMethodProfile> & { paymentMethodId: number; profileId: number },
    ) => insertOne(db, paymentMethodProfile, { role: 'policyholder', ...o }),

    company: (o: Overrides<typeof company> = {}) => {
      const n = next();
      return insertOne(db, company, {
        code: `company-${n}`,
        nameEn: `Test Company ${n} Limited`,
        nameZh: `測試公司 ${n} 有限公司`,
        ...o,
      });
    },

    /** The billing of a policy (default: annual, active, anchored on its activation date). */
    billing: (o: Overrides<typeof billing> & { policyId: number; billingAnchorDate: string }) =>
      insertOne(db, billing, { frequency: 'annual', status: 'active', ...o }),

    /**
     * An invoice of a billing (default: a regular open HK$1,000 invoice, levy 0.1 %, due
     * today, covering a year).
     */
    invoice: (
      o: Overrides<typeof invoice> & {
        billingId: number;
        policyId: number;
        productId: number;
        companyId: number;
      },
    ) =>
      insertOne(db, invoice, {
        invoiceType: 'regular',
        status: 'open',
        policyYear: 1,
        coverageStartDate: today(),
        coverageEndDate: addDays(addDays(today(), 365), -1),
        dueDate: today(),
        preDiscountAmount: 1000,
        preLevyAmount: 1000,
        preLevyAmountBreakdown: [{ component: 'basic-premium', amount: 1000 }],
        levyPercent: 0.1,
        levyAmount: 1,
        totalAmount: 1001,
        outstandingAmount: 1001,
        ...o,
      }),

    /** A customer's underwriting case (default: a draft of the health questionnaire). */
    underwritingCase: (
      o: Overrides<typeof underwritingCase> & { userId: string; productId: number },
    ) =>
      insertOne(db, underwritingCase, {
        questionnaire: 'health',
        status: 'draft',
        answers: [],
        followUps: [],
        decisions: [],
        expiryDate: addDays(today(), 30),
        ...o,
      }),

    /** A service request of a policy (default: an open identity-document change from today). */
    serviceRequest: (
      o: Overrides<typeof serviceRequest> & { policyId: number; fromProductId: number },
    ) =>
      insertOne(db, serviceRequest, {
        type: 'IDENTITY_VERIFICATION_CHANGE',
        status: 'open',
        proposedEffectiveDate: addDays(today(), 14),
        ...o,
      }),

    applicationCase: (
      o: Overrides<typeof applicationCase> & { userId: string; productId: number },
    ) => insertOne(db, applicationCase, { status: 'draft', details: {}, ...o }),

    stakeholder: (o: Overrides<typeof stakeholder> & { userId: string }) => {
      const hkid = hkidFor(next());
      return insertOne(db, stakeholder, {
        nameEn: 'Wong Ka Ming',
        nameZh: '黃家明',
        roles: ['owner'],
        identificationDocument: 'hong-kong-identity-card',
        documentNumberHash: hkidLookupHash(options.secretKey, hkid),
        documentNumberMasked: maskHkid(hkid),
        address: {
          line_one: 'Flat 1A, 1 Test Street',
          line_two: 'Central, Hong Kong',
          line_three: null,
          district: 'Central and Western',
          country: 'HKG',
        },
        sharesOverThreshold: false,
        ...o,
      });
    },

    /** A partner and, when `userId` is given, the account acting for it. */
    partner: async (o: Overrides<typeof partner> & { userId?: string } = {}) => {
      const { userId, ...columns } = o;
      const row = await insertOne(db, partner, {
        name: `Test Partner ${next()} Limited`,
        ...columns,
      });
      if (userId !== undefined) await insertOne(db, partnerUser, { partnerId: row.id, userId });
      return row;
    },

    announcement: (o: Overrides<typeof announcement> = {}) =>
      insertOne(db, announcement, {
        contentEn: `Test announcement ${next()}`,
        contentZh: '測試公告',
        isDismissable: true,
        messageType: 'info',
        tags: ['customer', 'guest'],
        ...o,
      }),

    doctor: (o: Overrides<typeof doctor> = {}) => {
      const n = next();
      return insertOne(db, doctor, {
        nameEn: `Dr Test ${n}`,
        nameZh: `測試醫生${n}`,
        phones: [{ no: '21234567' }],
        ...o,
      });
    },

    /** A venue (default: in Central and Western, district `A`). */
    venue: (o: Overrides<typeof venue> = {}) => {
      const n = next();
      return insertOne(db, venue, {
        nameEn: `Test Clinic ${n}`,
        nameZh: `測試診所${n}`,
        districtCode: 'A',
        addressLineOne: `${n} Queen's Road Central, Central`,
        addressLineTwo: `中環皇后大道中${n}號`,
        ...o,
      });
    },

    /** A doctor's price for a service code (default: HK$200, marked HK$300). */
    paymentInfo: (o: Overrides<typeof paymentInfo> & { doctorId: number; serviceCode: string }) =>
      insertOne(db, paymentInfo, { amount: 200, markedPrice: 300, ...o }),

    /**
     * A service point: a doctor at a venue offering a service on a panel (default: a new doctor
     * and venue, on the primary panel). The finder reads its read model: call
     * `rebuildFinderIndex` after adding network records.
     */
    servicePoint: async (o: Overrides<typeof servicePoint> & { serviceId: number }) =>
      insertOne(db, servicePoint, {
        panel: 'outpatient',
        doctorId: o.doctorId ?? (await f.doctor()).id,
        venueId: o.venueId ?? (await f.venue()).id,
        ...o,
      }),

    /** A clinic API key of a venue: the row, and the key itself (shown once when issued). */
    clinicKey: async (o: { venueId?: number; label?: string } = {}) => {
      const venueId = o.venueId ?? (await f.venue()).id;
      const issued = await issueClinicKey({ db: db as Database }, venueId, o.label ?? 'Counter 1');
      const [row] = await db.select().from(clinicApiKey).where(eq(clinicApiKey.id, issued.id));
      if (!row) throw new Error('clinic key not created');
      return { ...row, key: issued.key };
    },
  };

  /** The parties and membership row of a group member policy. */
  async function groupMembership(
    memberPolicy: Row<typeof policy>,
    o: {
      group: Row<typeof groupPolicy>;
      person?: PersonOverrides;
      holder?: PersonOverrides;
      relationship?: string;
      principalPolicyId?: number | null;
      joinDate?: string;
      removedOn?: string | null;
    },
  ) {
    const person = o.person ?? {};
    const holder = await f.policyParty({
      policyId: memberPolicy.id,
      role: 'policyholder',
      ...person,
      ...o.holder,
    });
    const insured = await f.policyParty({
      policyId: memberPolicy.id,
      role: 'insured-life',
      relationship: o.relationship ?? 'employee',
      ...person,
    });
    const removedOn = o.removedOn ?? null;
    const membership = await insertOne(db, groupMemberPolicy, {
      groupPolicyId: o.group.id,
      policyId: memberPolicy.id,
      principalPolicyId: o.principalPolicyId ?? null,
      joinDate: o.joinDate ?? o.group.periodStartDate,
      status: removedOn === null ? 'active' : 'removed',
      removalEffectiveDate: removedOn,
    });
    return { holder, insured, membership };
  }

  return f;
}

export type Factories = ReturnType<typeof factories>;
