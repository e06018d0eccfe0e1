// Platform tables (issue 6): what the product catalogue and the policies carry beyond the
// foundation's `product` and `policy` rows. Column names follow the spec's field names.
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
import { appUser, policy, product } from './schema';

const timestamps = {
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
};

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

// ---------------------------------------------------------------- products

/** The platform's view of a product: names, limits, ages, periods and links. */
export const productProfile = pgTable('product_profile', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => product.id),
  fullName: text('full_name').notNull(),
  shortName: text('short_name').notNull(),
  headline: text('headline'),
  description: text('description'),
  /** Product line (vhis, term-ci, term-life) or null for the outpatient plan. */
  line: text('line'),
  annualLimit: money('annual_limit'),
  lifetimeLimit: money('lifetime_limit'),
  smmAnnualLimit: money('smm_annual_limit'),
  triannualLimit: money('triannual_limit'),
  minIssueAgeValue: integer('min_issue_age_value').notNull(),
  minIssueAgeUnit: text('min_issue_age_unit').notNull(),
  maxIssueAgeValue: integer('max_issue_age_value').notNull(),
  maxIssueAgeUnit: text('max_issue_age_unit').notNull(),
  maxRenewalAge: integer('max_renewal_age'),
  waitingPeriodValue: integer('waiting_period_value'),
  waitingPeriodUnit: text('waiting_period_unit'),
  /** Months. */
  renewalPeriod: integer('renewal_period'),
  /** Years a term product runs for; null when renewable. */
  termYears: integer('term_years'),
  planOption: text('plan_option'),
  planDetailsUrl: text('plan_details_url'),
  provisionUrl: text('provision_url'),
  productRiskUrl: text('product_risk_url'),
  supplementaryProducts: text('supplementary_products')
    .array()
    .notNull()
    .default(sql`'{}'`),
  allowFlexibleSelection: boolean('allow_flexible_selection').notNull().default(false),
  requireSumAssured: boolean('require_sum_assured').notNull().default(false),
  /** Slug of the product's cash scheme (`outpatient` → `outpatient_cash_balance`), if any. */
  cashScheme: text('cash_scheme'),
  /** The reward set a retention offer draws its coupon from; null: no offer. */
  retentionRewardSet: text('retention_reward_set'),
  isActive: boolean('is_active').notNull().default(true),
});

/** A benefit of a product and its limit, valid between two dates. */
export const productBenefit = pgTable(
  'product_benefit',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    limit: money('limit'),
    unit: text('unit'),
    waitingPeriodValue: integer('waiting_period_value'),
    waitingPeriodUnit: text('waiting_period_unit'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    sequence: integer('sequence').notNull(),
  },
  (t) => [index('product_benefit_product_idx').on(t.productId)],
);

export const productEligibility = pgTable('product_eligibility', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => product.id),
  code: text('code').notNull(),
  groupName: text('group_name').notNull(),
  minIssueAgeValue: integer('min_issue_age_value').notNull(),
  minIssueAgeUnit: text('min_issue_age_unit').notNull(),
  maxIssueAgeValue: integer('max_issue_age_value').notNull(),
  maxIssueAgeUnit: text('max_issue_age_unit').notNull(),
});

export const sumAssuredRange = pgTable('sum_assured_range', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => product.id),
  minIssueAge: integer('min_issue_age').notNull(),
  maxIssueAge: integer('max_issue_age').notNull(),
  minSumAssured: money('min_sum_assured').notNull(),
  maxSumAssured: money('max_sum_assured').notNull(),
});

/**
 * The annual premium of a product for an attained-age band. For products that require a sum
 * assured the amount is per HK$1,000 of sum assured.
 */
export const premiumRate = pgTable(
  'premium_rate',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    annualPremium: money('annual_premium').notNull(),
  },
  (t) => [index('premium_rate_product_idx').on(t.productId)],
);

export const productDocument = pgTable('product_document', {
  id: serial('id').primaryKey(),
  productCodes: text('product_codes').array().notNull(),
  category: text('category').notNull(),
  type: text('type').notNull(),
  platforms: text('platforms').array().notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  fileEn: text('file_en').notNull(),
  fileZh: text('file_zh').notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  expiryDate: date('expiry_date', { mode: 'string' }),
  purchaseDateFrom: date('purchase_date_from', { mode: 'string' }),
  purchaseDateTo: date('purchase_date_to', { mode: 'string' }),
  ...timestamps,
});

export const productGroup = pgTable('product_group', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  productCodes: text('product_codes').array().notNull(),
});

export const productOption = pgTable('product_option', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  fromProductId: integer('from_product_id')
    .notNull()
    .references(() => product.id),
  toProductId: integer('to_product_id')
    .notNull()
    .references(() => product.id),
});

export const releaseContent = pgTable('release_content', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => product.id),
  version: text('version').notNull(),
  contentEn: text('content_en').notNull(),
  contentZh: text('content_zh').notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
});

export const serviceType = pgTable('service_type', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
});

// ---------------------------------------------------------------- policies

/** What a policy carries beyond the foundation row: billing terms, sum assured, renewal. */
export const policyTerms = pgTable('policy_terms', {
  policyId: integer('policy_id')
    .primaryKey()
    .references(() => policy.id),
  frequency: text('frequency').notNull(),
  sumAssured: money('sum_assured'),
  expiryDate: date('expiry_date', { mode: 'string' }),
  renewalIntention: text('renewal_intention').notNull().default('undecided'),
  cashBalance: money('cash_balance'),
  groupPolicyNumber: text('group_policy_number'),
  ...timestamps,
});

/** A party of a policy: its policyholder, insured life and beneficiaries. Never an HKID. */
export const policyParty = pgTable(
  'policy_party',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    /** policyholder, insured-life, beneficiary */
    role: text('role').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    chineseFirstName: text('chinese_first_name'),
    chineseLastName: text('chinese_last_name'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    identityDocumentType: text('identity_document_type'),
    relationship: text('relationship'),
    allocationPercentage: numeric('allocation_percentage', {
      precision: 5,
      scale: 2,
      mode: 'number',
    }),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('policy_party_policy_idx').on(t.policyId, t.role)],
);

export const coupon = pgTable('coupon', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  rewardType: text('reward_type').notNull(),
  rewardValue: numeric('reward_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  rewardLength: integer('reward_length').notNull(),
  status: text('status').notNull(),
  expiryDate: date('expiry_date', { mode: 'string' }),
  ...timestamps,
});

export const policyCoupon = pgTable(
  'policy_coupon',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.id),
    rewardSet: text('reward_set'),
    discountStartDate: date('discount_start_date', { mode: 'string' }).notNull(),
    discountEndDate: date('discount_end_date', { mode: 'string' }),
  },
  (t) => [index('policy_coupon_policy_idx').on(t.policyId)],
);

export const policyEvent = pgTable(
  'policy_event',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    type: text('type').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    activeDocuments: jsonb('active_documents')
      .$type<{ name: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_event_policy_idx').on(t.policyId)],
);

/** Coupons a retention offer may hand out, by reward set. */
export const rewardSetCoupon = pgTable(
  'reward_set_coupon',
  {
    rewardSet: text('reward_set').notNull(),
    rewardType: text('reward_type').notNull(),
    rewardValue: numeric('reward_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    rewardLength: integer('reward_length').notNull(),
    /** Days the offered coupon stays valid. */
    validDays: integer('valid_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rewardSet] })],
);

/** A retention-selling offer: a coupon offered to a policyholder who started a termination. */
export const policySelling = pgTable(
  'policy_selling',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    rewardSet: text('reward_set').notNull(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.id),
    /** offered, accepted, declined, expired */
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    ...timestamps,
  },
  (t) => [index('policy_selling_policy_idx').on(t.policyId)],
);

/** The first answer of a POST sent with an `Idempotency-Key`, per user and key. */
export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_record_user_key_idx').on(t.userId, t.key),
    index('idempotency_record_create_idx').on(t.createDate),
  ],
);
