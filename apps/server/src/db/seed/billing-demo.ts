// Billing demo data (issue 6): payment methods (one default each, an inactive, an unverified and
// an expired one), a billing per demo policy and invoices in every status the issue names (open,
// paid, partially paid, void) for owner@example.com and for plain@example.com. Runs after the
// platform demo, on its policies and parties; dates are relative to the seeding day.
import { INSURANCE_LEVY } from '@clinicpass/shared/platform/constants';
import {
  addDays,
  addMonths,
  compareDates,
  hkToday,
  type Clock,
} from '@clinicpass/shared/time/clock';
import type { CardBrand } from '@clinicpass/shared/platform/card';
import { cardLabel } from '../../modules/payment/card-gateway';
import type { Database } from '../client';
import type { invoice } from '../billing-schema';
import type { policyParty } from '../platform-schema';
import { BILLING_COMPANIES } from './datasets/demo-scenario';
import type { DemoRecords } from './demo';
import { factories } from './factories';

export { BILLING_COMPANIES } from './datasets/demo-scenario';

/** Levy in percent, as invoices carry it. */
const LEVY_PERCENT = INSURANCE_LEVY.rate * 100;

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The amounts of an invoice: premium, optional discount, levy, total. */
function amounts(premium: number, discount = 0) {
  const preLevy = cents(premium - discount);
  const levy = cents(preLevy * INSURANCE_LEVY.rate);
  const total = cents(preLevy + levy);
  return {
    preDiscountAmount: premium,
    preLevyAmount: preLevy,
    preLevyAmountBreakdown: [
      { component: 'basic-premium', amount: premium },
      ...(discount === 0 ? [] : [{ component: 'discount', amount: -discount }]),
    ],
    levyPercent: LEVY_PERCENT,
    levyAmount: levy,
    totalAmount: total,
  };
}

/** Whole months from `start` to `today` (the index of the period `today` falls in). */
function monthsElapsed(start: string, today: string): number {
  let months = 0;
  while (compareDates(addMonths(start, months + 1), today) <= 0) months += 1;
  return months;
}

export interface BillingDemoOptions {
  secretKey: string;
  clock: Clock;
  demo: DemoRecords;
  /** The demo policies' parties (the platform demo's). */
  parties: (typeof policyParty.$inferSelect)[];
}

export async function seedBillingDemo(db: Database, options: BillingDemoOptions): Promise<void> {
  const today = hkToday(options.clock);
  const [year = 2026] = today.split('-').map(Number);
  const { demo } = options;
  await db.transaction(async (tx) => {
    const f = factories(tx, options);
    const owner = demo.users.owner.id;
    const plain = demo.users.plain.id;
    const policyOf = (p: DemoRecords['policies']['op1']) => ({
      id: p.id,
      number: p.policyNumber,
      productId: p.productId,
      activation: p.activationDate,
    });
    const op1 = policyOf(demo.policies.op1);
    const op2 = policyOf(demo.policies.op2);
    const vh3 = policyOf(demo.policies.vh3);

    const card = (
      userIdValue: string,
      brand: CardBrand,
      last4: string,
      expMonth: number,
      expYear: number,
      holderName: string,
    ) => ({
      userId: userIdValue,
      gateway: 'stripe-card',
      label: cardLabel(brand, last4),
      brand,
      last4,
      expMonth,
      expYear,
      holderName,
      gatewayReference: `pm_card_${brand}`,
    });
    const methods = [];
    for (const method of [
      {
        ...card(owner, 'visa', '4242', 12, year + 2, 'CHAN TAI MAN'),
        status: 'active',
        isVerified: true,
      },
      {
        ...card(owner, 'mastercard', '4444', 6, year + 3, 'CHAN TAI MAN'),
        status: 'active',
        isVerified: true,
      },
      {
        userId: owner,
        gateway: 'fps',
        label: 'FPS •••• 5678',
        brand: null,
        last4: null,
        expMonth: null,
        expYear: null,
        holderName: null,
        gatewayReference: 'FPS-EDDA-5678',
        status: 'active',
        // The bank has not confirmed the eDDA mandate yet.
        isVerified: false,
      },
      {
        ...card(owner, 'amex', '8431', 3, year + 1, 'CHAN TAI MAN'),
        status: 'inactive',
        isVerified: true,
      },
      {
        ...card(plain, 'visa', '1881', 9, year + 2, 'LEE KA YAN'),
        status: 'active',
        isVerified: true,
      },
      {
        ...card(plain, 'mastercard', '5100', 1, year - 1, 'LEE KA YAN'),
        status: 'expired',
        isVerified: true,
      },
    ]) {
      methods.push(await f.paymentMethod(method));
    }
    const [ownerVisa, ownerMastercard, , , plainVisa] = methods.map((m) => m.id);
    if (!ownerVisa || !ownerMastercard || !plainVisa) throw new Error('payment methods missing');
    await f.defaultPaymentMethod({ userId: owner, paymentMethodId: ownerVisa });
    await f.defaultPaymentMethod({ userId: plain, paymentMethodId: plainVisa });

    const holderOf = (policyId: number) => {
      const found = options.parties.find(
        (p) => p.policyId === policyId && p.role === 'policyholder',
      );
      if (!found) throw new Error(`policyholder of ${policyId} missing`);
      return found.id;
    };
    await f.paymentMethodProfile({
      paymentMethodId: ownerVisa,
      role: 'policyholder',
      profileId: holderOf(op1.id),
    });
    await f.paymentMethodProfile({
      paymentMethodId: plainVisa,
      role: 'policyholder',
      profileId: holderOf(vh3.id),
    });

    const insurer = await f.company(BILLING_COMPANIES.insurer);
    const employer = await f.company(BILLING_COMPANIES.employer);

    // ------------------------------------------------------------ billings
    const op1Periods = monthsElapsed(op1.activation, today);
    const op1Current = addMonths(op1.activation, op1Periods);
    const billings: { id: number; policyId: number }[] = [];
    for (const row of [
      {
        policyId: op1.id,
        frequency: 'monthly',
        status: 'active',
        paymentMethodId: ownerVisa,
        billingAnchorDate: op1.activation,
        billedToDate: addDays(addMonths(op1Current, 1), -1),
        paidToDate: addDays(addMonths(op1Current, -2), -1),
        nextInvoice: addMonths(op1Current, 1),
      },
      {
        policyId: op2.id,
        frequency: 'quarterly',
        status: 'active',
        paymentMethodId: ownerMastercard,
        billingAnchorDate: op2.activation,
        billedToDate: addDays(addMonths(op2.activation, 3), -1),
        paidToDate: addDays(addMonths(op2.activation, 3), -1),
        nextInvoice: addMonths(op2.activation, 3),
      },
      {
        policyId: vh3.id,
        frequency: 'annual',
        status: 'active',
        paymentMethodId: plainVisa,
        billingAnchorDate: vh3.activation,
        billedToDate: addDays(addMonths(vh3.activation, 12), -1),
        paidToDate: addDays(addMonths(vh3.activation, 12), -1),
        nextInvoice: addMonths(vh3.activation, 12),
      },
    ]) {
      billings.push(await f.billing(row));
    }
    const billingOf = (policyId: number) => {
      const found = billings.find((b) => b.policyId === policyId);
      if (!found) throw new Error(`billing of ${policyId} missing`);
      return found.id;
    };

    // ------------------------------------------------------------ invoices
    const base = (p: typeof op1, methodId: number) => ({
      billingId: billingOf(p.id),
      policyId: p.id,
      productId: p.productId,
      companyId: insurer.id,
      paymentMethodId: methodId,
    });
    const monthly = (index: number) => {
      const start = addMonths(op1.activation, index);
      return {
        coverageStartDate: start,
        coverageEndDate: addDays(addMonths(start, 1), -1),
        dueDate: start,
        policyYear: Math.floor(index / 12) + 1,
        document: null,
        createDate: new Date(`${addDays(start, -14)}T09:00:00+08:00`),
      };
    };
    // OP1000001: HK$4,800 a year (age band 40–54) paid monthly; the LOYAL10 coupon (10% off)
    // applies from 60 days ago.
    const op1Due = (index: number) => {
      const start = addMonths(op1.activation, index);
      return compareDates(start, addDays(today, -60)) >= 0 ? amounts(400, 40) : amounts(400);
    };
    const paidAt = (date: string) => new Date(`${date}T12:00:00+08:00`);
    const rows: (typeof invoice.$inferInsert)[] = [];
    for (const [offset, status] of [
      [3, 'paid'],
      [2, 'paid'],
      [1, 'partially-paid'],
      [0, 'open'],
    ] as const) {
      const index = op1Periods - offset;
      const due = op1Due(index);
      const period = monthly(index);
      rows.push({
        ...base(op1, ownerVisa),
        ...period,
        ...due,
        invoiceType: 'regular',
        status,
        outstandingAmount:
          status === 'paid'
            ? 0
            : status === 'partially-paid'
              ? cents(due.totalAmount - 200)
              : due.totalAmount,
        attemptCount: status === 'paid' ? 1 : status === 'partially-paid' ? 2 : 0,
        updateDate: paidAt(period.dueDate),
      });
    }
    const voided = monthly(op1Periods - 2);
    rows.push({
      ...base(op1, ownerVisa),
      ...voided,
      ...amounts(400),
      invoiceType: 'adjustment',
      status: 'void',
      outstandingAmount: 0,
      voidDate: addDays(voided.dueDate, 3),
      updateDate: paidAt(addDays(voided.dueDate, 3)),
    });
    // OP1000002: HK$2,400 a year (age band 0–17) paid quarterly; the first quarter is paid.
    rows.push({
      ...base(op2, ownerMastercard),
      coverageStartDate: op2.activation,
      coverageEndDate: addDays(addMonths(op2.activation, 3), -1),
      dueDate: op2.activation,
      policyYear: 1,
      document: null,
      ...amounts(600),
      invoiceType: 'regular',
      status: 'paid',
      outstandingAmount: 0,
      attemptCount: 1,
      createDate: paidAt(addDays(op2.activation, -7)),
      updateDate: paidAt(op2.activation),
    });
    // VH1000003: HK$3,600 a year (age band 30–39) paid annually; a plan change billed ad hoc
    // (part paid), an adjustment still open and paid by the employer, a regular invoice voided.
    const vhYear = {
      coverageStartDate: vh3.activation,
      coverageEndDate: addDays(addMonths(vh3.activation, 12), -1),
      policyYear: 1,
    };
    const vhChange = addDays(vh3.activation, 120);
    rows.push(
      {
        ...base(vh3, plainVisa),
        ...vhYear,
        dueDate: vh3.activation,
        document: null,
        ...amounts(3600),
        invoiceType: 'regular',
        status: 'paid',
        outstandingAmount: 0,
        attemptCount: 1,
        createDate: paidAt(addDays(vh3.activation, -14)),
        updateDate: paidAt(vh3.activation),
      },
      {
        ...base(vh3, plainVisa),
        ...vhYear,
        dueDate: vh3.activation,
        document: null,
        ...amounts(3600),
        invoiceType: 'regular',
        status: 'void',
        outstandingAmount: 0,
        voidDate: addDays(vh3.activation, -10),
        createDate: paidAt(addDays(vh3.activation, -15)),
        updateDate: paidAt(addDays(vh3.activation, -10)),
      },
      {
        ...base(vh3, plainVisa),
        ...vhYear,
        coverageStartDate: vhChange,
        dueDate: addDays(vhChange, 14),
        document: null,
        ...amounts(1200),
        invoiceType: 'ad-hoc',
        status: 'partially-paid',
        outstandingAmount: cents(amounts(1200).totalAmount - 600),
        attemptCount: 1,
        createDate: paidAt(vhChange),
        updateDate: paidAt(addDays(vhChange, 14)),
      },
      {
        ...base(vh3, plainVisa),
        ...vhYear,
        coverageStartDate: addDays(today, -5),
        dueDate: addDays(today, 25),
        billingCompanyId: employer.id,
        document: null,
        ...amounts(300),
        invoiceType: 'adjustment',
        status: 'open',
        outstandingAmount: amounts(300).totalAmount,
        createDate: paidAt(addDays(today, -5)),
        updateDate: paidAt(addDays(today, -5)),
      },
    );
    for (const row of rows) await f.invoice(row);
  });
}
