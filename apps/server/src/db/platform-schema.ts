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
  /** The short name in Traditional Chinese; null: the product's Chinese name (decision 222). */
  shortNameZh: text('short_name_zh'),
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
      .$type<{ name: string; name_zh?: string; url: string }[]>()
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

// ---------------------------------------------------------------- claim balance (decision 075; the
// use itself is the claims', claim-schema.ts)

/** Cash balance earmarked for a benefit of a policy in one policy year. */
export const policyBenefitAllocation = pgTable(
  'policy_benefit_allocation',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    benefit: text('benefit').notNull(),
    amount: money('amount').notNull(),
    /** The anniversary that starts the policy year the allocation belongs to. */
    policyYearStart: date('policy_year_start', { mode: 'string' }).notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_benefit_allocation_policy_idx').on(t.policyId, t.policyYearStart)],
);

// ---------------------------------------------------------------- group policies (decision 077)

/** An employer's group policy; `admin_user_id` is the customer who manages its members. */
export const groupPolicy = pgTable('group_policy', {
  id: serial('id').primaryKey(),
  groupPolicyNumber: text('group_policy_number').notNull().unique(),
  companyName: text('company_name').notNull(),
  adminUserId: uuid('admin_user_id')
    .notNull()
    .references(() => appUser.id),
  productId: integer('product_id')
    .notNull()
    .references(() => product.id),
  /** in-force, terminated */
  status: text('status').notNull(),
  periodStartDate: date('period_start_date', { mode: 'string' }).notNull(),
  periodEndDate: date('period_end_date', { mode: 'string' }).notNull(),
  ...timestamps,
});

/** A member's policy under a group policy; a dependant names its principal's member policy. */
export const groupMemberPolicy = pgTable(
  'group_member_policy',
  {
    id: serial('id').primaryKey(),
    groupPolicyId: integer('group_policy_id')
      .notNull()
      .references(() => groupPolicy.id),
    policyId: integer('policy_id')
      .notNull()
      .unique()
      .references(() => policy.id),
    principalPolicyId: integer('principal_policy_id').references(() => policy.id),
    joinDate: date('join_date', { mode: 'string' }).notNull(),
    /** active, removed */
    status: text('status').notNull(),
    removalEffectiveDate: date('removal_effective_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('group_member_policy_group_idx').on(t.groupPolicyId)],
);

/** Documents of a group policy (the employer's scheme rules, member guides, claim forms). */
export const groupPolicyDocument = pgTable(
  'group_policy_document',
  {
    id: serial('id').primaryKey(),
    groupPolicyId: integer('group_policy_id')
      .notNull()
      .references(() => groupPolicy.id),
    category: text('category').notNull(),
    type: text('type').notNull(),
    platforms: text('platforms').array().notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    fileEn: text('file_en').notNull(),
    fileZh: text('file_zh').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('group_policy_document_group_idx').on(t.groupPolicyId)],
);

/**
 * A one-time code printed on a welcome letter: redeeming it links a member policy (and its
 * dependants) to the account that redeems it. Only a SHA-256 of the code is kept (decision 076).
 */
export const policyRedeemCode = pgTable('policy_redeem_code', {
  id: serial('id').primaryKey(),
  policyId: integer('policy_id')
    .notNull()
    .references(() => policy.id),
  codeHash: text('code_hash').notNull().unique(),
  expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  redeemedByUserId: uuid('redeemed_by_user_id').references(() => appUser.id),
  ...timestamps,
});

// ---------------------------------------------------------------- policy records (decision 078)

export const taxReport = pgTable(
  'tax_report',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    documentName: text('document_name').notNull(),
    /** The document's name in Traditional Chinese; null: the English one (decision 222). */
    documentNameZh: text('document_name_zh'),
    documentUrl: text('document_url').notNull(),
    ...timestamps,
  },
  (t) => [index('tax_report_policy_idx').on(t.policyId)],
);

export const policyRenewal = pgTable(
  'policy_renewal',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    renewalDate: date('renewal_date', { mode: 'string' }).notNull(),
    /** The renewal notice, once issued. */
    document: jsonb('document').$type<{ name: string; name_zh?: string; url: string } | null>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('policy_renewal_policy_date_idx').on(t.policyId, t.renewalDate)],
);

export const policySurveyAttempt = pgTable(
  'policy_survey_attempt',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    attempt: jsonb('attempt').$type<Record<string, unknown>>().notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_survey_attempt_policy_idx').on(t.policyId)],
);

/** A person (a party of the policy) mapped to a policy in a role. */
export const policyProfileMapping = pgTable(
  'policy_profile_mapping',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    role: text('role').notNull(),
    /** A mapping goes with its party (beneficiaries are replaced as a list). */
    profileId: integer('profile_id')
      .notNull()
      .references(() => policyParty.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [uniqueIndex('policy_profile_mapping_unique_idx').on(t.policyId, t.role, t.profileId)],
);
