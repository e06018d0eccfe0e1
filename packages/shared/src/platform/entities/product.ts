// Products, their options, eligibility and documents (spec platform-layer §3).
import { z } from 'zod';
import { DocumentPlatformSchema, PolicyChangeTypeSchema, ProductLineSchema } from '../enums';
import { DateSchema, IdSchema, MoneySchema, TIMESTAMPS } from './common';

/** Units of an issue age. */
export const AGE_UNITS = ['day', 'month', 'year'] as const;
export const AgeUnitSchema = z.enum(AGE_UNITS);
export type AgeUnit = z.infer<typeof AgeUnitSchema>;

/** A waiting period before a benefit can be claimed. */
export const WaitingPeriodSchema = z.object({
  value: z.number().int().nonnegative(),
  unit: AgeUnitSchema,
});
export type WaitingPeriod = z.infer<typeof WaitingPeriodSchema>;

export const ProductSchema = z.object({
  id: IdSchema,
  code: z.string(),
  full_name: z.string(),
  short_name: z.string(),
  /** Beside the spec's English names, their Traditional Chinese (decision 222). */
  full_name_zh: z.string(),
  short_name_zh: z.string(),
  headline: z.string().nullable(),
  description: z.string().nullable(),
  /** The product line. */
  type: ProductLineSchema.nullable(),
  /** The product family (e.g. `outpatient`, `vhis`, `term-life`). */
  product_type: z.string(),
  annual_limit: MoneySchema.nullable(),
  lifetime_limit: MoneySchema.nullable(),
  smm_annual_limit: MoneySchema.nullable(),
  triannual_limit: MoneySchema.nullable(),
  min_issue_age_value: z.number().int().nonnegative(),
  min_issue_age_unit: AgeUnitSchema,
  max_issue_age_value: z.number().int().nonnegative(),
  max_issue_age_unit: AgeUnitSchema,
  max_renewal_age: z.number().int().positive().nullable(),
  waiting_period: WaitingPeriodSchema.nullable(),
  /** Months in a renewal period. */
  renewal_period: z.number().int().positive().nullable(),
  plan_option: z.string().nullable(),
  plan_details_url: z.string().nullable(),
  provision_url: z.string().nullable(),
  product_risk_url: z.string().nullable(),
  valid_date_of_birth_from: DateSchema.nullable(),
  valid_date_of_birth_to: DateSchema.nullable(),
  /** Codes of the products that can be added to this one. */
  supplementary_products: z.array(z.string()),
  allow_flexible_selection: z.boolean(),
  require_sum_assured: z.boolean(),
  ...TIMESTAMPS,
});
export type Product = z.infer<typeof ProductSchema>;

/** A group of products shown together (`/product/group`). */
export const ProductGroupSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  products: z.array(z.string()),
});
export type ProductGroup = z.infer<typeof ProductGroupSchema>;

/** Release content: the spec shows none of its fields; decision 051. */
export const ReleaseContentSchema = z.object({
  id: IdSchema,
  product_code: z.string(),
  version: z.string(),
  content_en: z.string(),
  content_zh: z.string(),
  effective_date: DateSchema,
});
export type ReleaseContent = z.infer<typeof ReleaseContentSchema>;

/** A service type a product covers (`/service-type`). */
export const ServiceTypeSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
});
export type ServiceType = z.infer<typeof ServiceTypeSchema>;

/** A benefit of a product as of an evaluation date (`/product/{id}/benefit`). */
export const ProductBenefitSchema = z.object({
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  limit: MoneySchema.nullable(),
  unit: z.string().nullable(),
  waiting_period: WaitingPeriodSchema.nullable(),
  evaluation_date: DateSchema,
});
export type ProductBenefit = z.infer<typeof ProductBenefitSchema>;

export const SumAssuredRangeSchema = z.object({
  /** The product's code. */
  product: z.string(),
  min_issue_age: z.number().int().nonnegative(),
  max_issue_age: z.number().int().nonnegative(),
  min_sum_assured: MoneySchema,
  max_sum_assured: MoneySchema,
});
export type SumAssuredRange = z.infer<typeof SumAssuredRangeSchema>;

export const EligibilitySchema = z.object({
  /** The product's code. */
  product: z.string(),
  code: z.string(),
  group_name: z.string(),
  min_issue_age_value: z.number().int().nonnegative(),
  min_issue_age_unit: AgeUnitSchema,
  max_issue_age_value: z.number().int().nonnegative(),
  max_issue_age_unit: AgeUnitSchema,
  valid_date_of_birth_from: DateSchema.nullable(),
  valid_date_of_birth_to: DateSchema.nullable(),
});
export type Eligibility = z.infer<typeof EligibilitySchema>;

/** The premium a product option would cost. */
export const QuotationSchema = z.object({
  annual_premium: MoneySchema,
  modal_premium: MoneySchema,
  levy: MoneySchema,
  currency: z.string(),
});
export type Quotation = z.infer<typeof QuotationSchema>;

export const ProductOptionSchema = z.object({
  type: PolicyChangeTypeSchema,
  /** Product codes. */
  from_product: z.string(),
  to_product: z.string(),
  quotation: QuotationSchema.nullable(),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** One eligibility rule of a product option for a policy, and whether the policy meets it. */
export const OptionEligibilitySchema = z.object({
  rule: z.string(),
  is_eligible: z.boolean(),
});
export type OptionEligibility = z.infer<typeof OptionEligibilitySchema>;

/** A product option offered to a policy: with its eligibility rules and the verdict. */
export const PolicyProductOptionSchema = ProductOptionSchema.extend({
  eligibilities: z.array(OptionEligibilitySchema),
  is_eligible: z.boolean(),
});
export type PolicyProductOption = z.infer<typeof PolicyProductOptionSchema>;

export const ProductDocumentSchema = z.object({
  id: IdSchema,
  product_code: z.string(),
  product_codes: z.array(z.string()),
  category: z.string(),
  type: z.string(),
  platforms: z.array(DocumentPlatformSchema),
  name_en: z.string(),
  name_zh: z.string(),
  file_en: z.string(),
  file_zh: z.string(),
  effective_date: DateSchema,
  expiry_date: DateSchema.nullable(),
  purchase_date_from: DateSchema.nullable(),
  purchase_date_to: DateSchema.nullable(),
  ...TIMESTAMPS,
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;
