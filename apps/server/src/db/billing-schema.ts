// Payment methods, billing and invoices (issue 6, spec platform-layer §3 "Payment method",
// "Invoice", "Billing"). A card is kept as brand, last four digits and expiry only: never its
// full number or CVC (decision 070).
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { policyParty } from './platform-schema';
import { appUser, policy, product } from './schema';

const timestamps = {
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
};

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** A customer's way of paying. `gateway_reference` is the provider's token id, not a secret. */
export const paymentMethod = pgTable(
  'payment_method',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    /** stripe-card, bank-transfer, cheque, partner, fps */
    gateway: text('gateway').notNull(),
    /** active, inactive, expired (decision 051) */
    status: text('status').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    label: text('label').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    holderName: text('holder_name'),
    gatewayReference: text('gateway_reference'),
    ...timestamps,
  },
  (t) => [index('payment_method_user_idx').on(t.userId)],
);

/** The one default payment method of a customer. */
export const defaultPaymentMethod = pgTable('default_payment_method', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => appUser.id),
  paymentMethodId: integer('payment_method_id')
    .notNull()
    .references(() => paymentMethod.id),
  ...timestamps,
});

/** Who a payment method pays for: a party (profile) of one of the owner's policies. */
export const paymentMethodProfile = pgTable(
  'payment_method_profile',
  {
    id: serial('id').primaryKey(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethod.id),
    role: text('role').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => policyParty.id),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_method_profile_unique_idx').on(t.paymentMethodId, t.role, t.profileId),
  ],
);

/** How a policy is billed: one billing per policy. */
export const billing = pgTable(
  'billing',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .unique()
      .references(() => policy.id),
    /** monthly, quarterly, semi-annual, annual */
    frequency: text('frequency').notNull(),
    /** active, suspended, canceled (decision 051) */
    status: text('status').notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethod.id),
    currency: text('currency').notNull().default('HKD'),
    billingAnchorDate: date('billing_anchor_date', { mode: 'string' }).notNull(),
    billedToDate: date('billed_to_date', { mode: 'string' }),
    paidToDate: date('paid_to_date', { mode: 'string' }),
    nextInvoice: date('next_invoice', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('billing_payment_method_idx').on(t.paymentMethodId)],
);

/** An insurer issuing invoices, or a company (an employer) they are billed to. */
export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
});

export const invoice = pgTable(
  'invoice',
  {
    id: serial('id').primaryKey(),
    billingId: integer('billing_id')
      .notNull()
      .references(() => billing.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    billingCompanyId: integer('billing_company_id').references(() => company.id),
    groupPolicyNumber: text('group_policy_number'),
    /** ad-hoc, regular, adjustment */
    invoiceType: text('invoice_type').notNull(),
    /** open, void, paid, partially-paid, refunded, free */
    status: text('status').notNull(),
    policyYear: integer('policy_year').notNull(),
    coverageStartDate: date('coverage_start_date', { mode: 'string' }).notNull(),
    coverageEndDate: date('coverage_end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('HKD'),
    preDiscountAmount: money('pre_discount_amount').notNull(),
    preLevyAmount: money('pre_levy_amount').notNull(),
    preLevyAmountBreakdown: jsonb('pre_levy_amount_breakdown')
      .$type<{ component: string; amount: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    levyPercent: numeric('levy_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    levyAmount: money('levy_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    outstandingAmount: money('outstanding_amount').notNull(),
    refundedAmount: money('refunded_amount').notNull().default(0),
    refundDate: date('refund_date', { mode: 'string' }),
    voidDate: date('void_date', { mode: 'string' }),
    attemptCount: integer('attempt_count').notNull().default(0),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethod.id),
    document: jsonb('document').$type<{ name: string; url: string } | null>(),
    ...timestamps,
  },
  (t) => [
    index('invoice_policy_idx').on(t.policyId),
    index('invoice_billing_idx').on(t.billingId),
    index('invoice_due_date_idx').on(t.dueDate),
  ],
);

/** A payment taken for an invoice online (decision 337): the card, the amount, the provider's id. */
export const invoicePayment = pgTable(
  'invoice_payment',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoice.id),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethod.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('HKD'),
    /** stand-in, stripe */
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_payment_invoice_idx').on(t.invoiceId)],
);

/** The card provider's customer of a user (Stripe charges a saved card through its customer). */
export const paymentCustomer = pgTable(
  'payment_customer',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);
