// Policies and what hangs off them (spec platform-layer §3). The medical card is written once, in
// schemas/outpatient.ts, where the route and the web read it (decision 166).
import { z } from 'zod';
import { PaginatedSchema } from '../../api-client/pagination';
import {
  CouponRewardTypeSchema,
  CouponStatusSchema,
  GenderSchema,
  IdentityDocumentTypeSchema,
  PolicyModificationTypeSchema,
  PolicyStatusSchema,
  ProductLineSchema,
  ProfileMappingRoleSchema,
  RelationshipSchema,
  RenewalIntentionSchema,
  ServiceRequestStatusSchema,
} from '../enums';
import {
  DateSchema,
  DocumentLinkSchema,
  IdSchema,
  MoneySchema,
  PercentSchema,
  TIMESTAMPS,
  TimestampSchema,
  UserIdSchema,
} from './common';

/** A person's names as a policy carries them; the Chinese names are optional. */
export const PersonIdentitySchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  chinese_first_name: z.string().nullable(),
  chinese_last_name: z.string().nullable(),
});
export type PersonIdentity = z.infer<typeof PersonIdentitySchema>;

/** A party of a policy (policyholder, insured life, beneficiary). Never carries an HKID. */
export const PolicyPartySchema = z.object({
  id: IdSchema,
  identity: PersonIdentitySchema,
  gender: GenderSchema.nullable(),
  date_of_birth: DateSchema.nullable(),
  identity_document_type: IdentityDocumentTypeSchema.nullable(),
});
export type PolicyParty = z.infer<typeof PolicyPartySchema>;

export const InsuredLifeSchema = PolicyPartySchema.extend({
  relationship_to_policyholder: RelationshipSchema,
});
export type InsuredLife = z.infer<typeof InsuredLifeSchema>;

export const BeneficiarySchema = PolicyPartySchema.extend({
  relationship_to_insured_life: RelationshipSchema,
  allocation_percentage: PercentSchema,
});
export type Beneficiary = z.infer<typeof BeneficiarySchema>;

/** A dependant covered under a policy (a group member's family, a redeemed policy's children). */
export const DependentSchema = z.object({
  id: IdSchema,
  policy_number: z.string(),
  insured_life: InsuredLifeSchema,
  status: PolicyStatusSchema,
});
export type Dependent = z.infer<typeof DependentSchema>;

/**
 * The product as a policy names it. `short_name` and `full_name` are the spec's (English);
 * `short_name_zh` and `full_name_zh` are their Traditional Chinese beside them (decision 222).
 */
export const PolicyProductSchema = z.object({
  id: IdSchema,
  code: z.string(),
  short_name: z.string(),
  full_name: z.string(),
  short_name_zh: z.string(),
  full_name_zh: z.string(),
  product_type: z.string(),
  type: ProductLineSchema.nullable(),
});
export type PolicyProduct = z.infer<typeof PolicyProductSchema>;

/** A policy as lists show it. `policy_number` is not in the spec's field list but keys every call. */
export const PolicySchema = z.object({
  id: IdSchema,
  policy_number: z.string(),
  application_case_id: IdSchema.nullable(),
  application_id: IdSchema.nullable(),
  beneficiaries: z.array(BeneficiarySchema),
  billing_id: IdSchema.nullable(),
  dependents: z.array(DependentSchema),
  effective_date: DateSchema,
  expiry_date: DateSchema.nullable(),
  insured_life: InsuredLifeSchema,
  is_effective: z.boolean(),
  issue_date: DateSchema.nullable(),
  /** The parent policy's id (a rider's or dependant's policy). */
  parent: IdSchema.nullable(),
  policyholder: PolicyPartySchema,
  product: PolicyProductSchema,
  status: PolicyStatusSchema,
  underwriting_case_id: IdSchema.nullable(),
  user_id: UserIdSchema.nullable(),
  group_policy_number: z.string().nullable(),
  ...TIMESTAMPS,
});
export type Policy = z.infer<typeof PolicySchema>;

/** A page of the caller's policies (`GET /policy`), one schema object shared by its route-table
 * entry and the portal's landing, which calls it without the table (decision 210). */
export const PolicyPageSchema = PaginatedSchema(PolicySchema);

/** One row of a policy schedule: a benefit and its limit. */
export const PolicyScheduleItemSchema = z.object({
  benefit: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  limit: MoneySchema.nullable(),
  unit: z.string().nullable(),
});
export type PolicyScheduleItem = z.infer<typeof PolicyScheduleItemSchema>;

/** The key of a product's cash balance on a policy detail: `outpatient` → `outpatient_cash_balance`. */
export function cashBalanceKey(productSlug: string): `${string}_cash_balance` {
  return `${productSlug}_cash_balance`;
}

const CASH_BALANCE_KEY = /^[a-z0-9][a-z0-9-]*_cash_balance$/;

const PolicyDetailFieldsSchema = PolicySchema.extend({
  policy_schedule: z.array(PolicyScheduleItemSchema),
  sum_assured: MoneySchema.nullable(),
  renewal_date: DateSchema.nullable(),
  intentions: z.object({ renewal: RenewalIntentionSchema }),
});

/** The spec's `{product}_cash_balance` fields: one per product with a cash scheme. */
export type CashBalances = { [key: `${string}_cash_balance`]: number | null };

/** A policy in full: the list fields, `{product}_cash_balance`, schedule, sum assured, renewal. */
export type PolicyDetail = z.infer<typeof PolicyDetailFieldsSchema> & CashBalances;

/**
 * The policy detail's schema. Keys beyond the named fields must be `{product}_cash_balance`
 * amounts; any other key is refused rather than passed on, so a stray column never leaks into an
 * answer (nested objects strip unknown keys as every object schema does).
 */
export const PolicyDetailSchema: z.ZodType<PolicyDetail> = PolicyDetailFieldsSchema.catchall(
  MoneySchema.nullable(),
).superRefine((detail, context) => {
  for (const key of Object.keys(detail)) {
    if (!Object.hasOwn(PolicyDetailFieldsSchema.shape, key) && !CASH_BALANCE_KEY.test(key)) {
      context.addIssue({
        code: 'custom',
        path: [key],
        message: 'only {product}_cash_balance fields may be added to a policy detail',
      });
    }
  }
});

export const PolicyProfileMappingSchema = z.object({
  id: IdSchema,
  policy_number: z.string(),
  role: ProfileMappingRoleSchema,
  /** The profile (person) id mapped to the policy. */
  profile: IdSchema,
  parameters: z.record(z.string(), z.unknown()),
});
export type PolicyProfileMapping = z.infer<typeof PolicyProfileMappingSchema>;

/** A policy service request (policy modification). */
export const PolicyServiceRequestSchema = z.object({
  id: IdSchema,
  status: ServiceRequestStatusSchema,
  /** The policy's number. */
  policy: z.string(),
  type: PolicyModificationTypeSchema,
  proposed_effective_date: DateSchema.nullable(),
  product_change: z.object({ from_product: z.string(), to_product: z.string() }).nullable(),
  underwriting_case_id: IdSchema.nullable(),
  profile_mapping_change: z.record(z.string(), z.unknown()).nullable(),
  identity_verification_change: z.record(z.string(), z.unknown()).nullable(),
  ...TIMESTAMPS,
});
export type PolicyServiceRequest = z.infer<typeof PolicyServiceRequestSchema>;

export const ServiceRequestFlowPageSchema = z.object({
  page: z.string(),
  flow: z.string(),
  sequence: z.number().int().nonnegative(),
  is_end: z.boolean(),
  callback_code: z.string().nullable(),
});
export type ServiceRequestFlowPage = z.infer<typeof ServiceRequestFlowPageSchema>;

/** A coupon as the platform issues it. */
export const CouponSchema = z.object({
  id: IdSchema,
  code: z.string(),
  reward_type: CouponRewardTypeSchema,
  /** Months (MF), dollars (AMT, BTC) or percent (PO, BTCPP), by `reward_type`. */
  reward_value: z.number().nonnegative(),
  /** How many premium instalments the reward applies to. */
  reward_length: z.number().int().positive(),
  status: CouponStatusSchema,
  expiry_date: DateSchema.nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** A retention-selling offer made to a policy. */
export const PolicySellingSchema = z.object({
  id: IdSchema,
  /** The policy's id. */
  policy: IdSchema,
  selling: z.object({
    reward_set: z.string(),
    coupon: CouponSchema,
    status: z.enum(['offered', 'accepted', 'declined', 'expired']),
  }),
  ...TIMESTAMPS,
});
export type PolicySelling = z.infer<typeof PolicySellingSchema>;

export const PolicyEventSchema = z.object({
  id: IdSchema,
  type: z.string(),
  event_type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  active_documents: z.array(DocumentLinkSchema),
  create_date: TimestampSchema,
});
export type PolicyEvent = z.infer<typeof PolicyEventSchema>;

/**
 * Benefit units whose limit is HK$ for each one (room and board: HK$ a day; the surgeon's fee:
 * HK$ a surgery): a claim's `used` counts the days or surgeries, and the limit applies afresh to
 * each, so it is also the balance (decision 222).
 */
export const MONEY_PER_UNIT: readonly string[] = ['day', 'surgery'];

/**
 * One benefit's balance in the policy year: `limit`, `used` and `balance` in the benefit's own
 * unit (visits, checks or dollars, as the policy schedule gives it; for a unit of
 * MONEY_PER_UNIT the limit and balance are HK$ per day or surgery and `used` counts them);
 * `allocated` in HKD.
 */
export const ClaimBalanceItemSchema = z.object({
  benefit: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  limit: MoneySchema.nullable(),
  used: MoneySchema,
  balance: MoneySchema.nullable(),
  /** HKD of the policy's cash balance earmarked for this benefit this policy year. */
  allocated: MoneySchema,
});
export type ClaimBalanceItem = z.infer<typeof ClaimBalanceItemSchema>;

export const PolicyClaimBalanceSchema = z.object({
  balance_items: z.array(ClaimBalanceItemSchema),
  evaluated_on: DateSchema,
  last_anniversary: DateSchema,
  annual_balance_limit: MoneySchema.nullable(),
  smm_annual_balance_limit: MoneySchema.nullable(),
  deductible_balance_limit: MoneySchema.nullable(),
  lifetime_balance_limit: MoneySchema.nullable(),
});
export type PolicyClaimBalance = z.infer<typeof PolicyClaimBalanceSchema>;

export const PolicyCouponSchema = z.object({
  coupon: CouponSchema,
  reward_set: z.string().nullable(),
  discount_start_date: DateSchema,
  discount_end_date: DateSchema.nullable(),
});
export type PolicyCoupon = z.infer<typeof PolicyCouponSchema>;

export const PolicyCoverageSchema = z.object({
  total_sum_assured: MoneySchema,
});
export type PolicyCoverage = z.infer<typeof PolicyCoverageSchema>;

/** One year of a premium projection. */
export const ProjectionYearSchema = z.object({
  policy_year: z.number().int().positive(),
  start_date: DateSchema,
  attained_age: z.number().int().nonnegative(),
  gross_premium: MoneySchema,
  discount: MoneySchema,
  levy: MoneySchema,
  net_premium: MoneySchema,
});
export type ProjectionYear = z.infer<typeof ProjectionYearSchema>;

export const DiscountProjectionSchema = z.object({
  /** The policy's number. */
  policy: z.string(),
  projection: z.array(ProjectionYearSchema),
  total_discount: MoneySchema,
});
export type DiscountProjection = z.infer<typeof DiscountProjectionSchema>;

/** The answer of `/policy/bulk-projection`: one projection per policy and their total discount. */
export const BulkProjectionSchema = z.object({
  projections: z.array(DiscountProjectionSchema),
  total_discount: MoneySchema,
});
export type BulkProjection = z.infer<typeof BulkProjectionSchema>;

export const PolicySurveyAttemptSchema = z.object({
  id: IdSchema,
  /** The policy's id. */
  policy: IdSchema,
  attempt: z.record(z.string(), z.unknown()),
});
export type PolicySurveyAttempt = z.infer<typeof PolicySurveyAttemptSchema>;

export const TaxReportSchema = z.object({
  id: IdSchema,
  start_date: DateSchema,
  end_date: DateSchema,
  document: DocumentLinkSchema,
  ...TIMESTAMPS,
});
export type TaxReport = z.infer<typeof TaxReportSchema>;

export const RenewalSchema = z.object({
  id: IdSchema,
  policy_number: z.string(),
  renewal_date: DateSchema,
  document: DocumentLinkSchema.nullable(),
});
export type Renewal = z.infer<typeof RenewalSchema>;

export const MemberMovementDateRangeSchema = z.object({
  start_date: DateSchema,
  end_date: DateSchema,
});
export type MemberMovementDateRange = z.infer<typeof MemberMovementDateRangeSchema>;

/** What `/policy/redeem` and `/policy/redeem-validation` answer. */
export const RedeemedPolicySchema = z.object({
  policy: PolicySchema,
  dependents: z.array(DependentSchema),
});
export type RedeemedPolicy = z.infer<typeof RedeemedPolicySchema>;
