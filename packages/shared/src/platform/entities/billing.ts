// Payment methods, invoices and billing (spec platform-layer §3).
import { z } from 'zod';
import { PaginatedSchema } from '../../api-client/pagination';
import {
  BillingStatusSchema,
  InvoiceStatusSchema,
  InvoiceTypeSchema,
  PaymentFrequencySchema,
  PaymentGatewaySchema,
  PaymentMethodStatusSchema,
  PremiumComponentSchema,
  ProfileMappingRoleSchema,
} from '../enums';
import {
  CurrencySchema,
  DateSchema,
  DocumentLinkSchema,
  IdSchema,
  MoneySchema,
  PercentSchema,
  TIMESTAMPS,
  UserIdSchema,
} from './common';

/**
 * What a payment method shows of itself; never a full card or account number. Card methods
 * carry brand, last four digits and expiry; bank transfer and FPS a masked account.
 */
export const PaymentMethodDisplayDataSchema = z.object({
  label: z.string(),
  brand: z.string().nullable(),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  exp_month: z.number().int().min(1).max(12).nullable(),
  exp_year: z.number().int().nullable(),
  holder_name: z.string().nullable(),
});
export type PaymentMethodDisplayData = z.infer<typeof PaymentMethodDisplayDataSchema>;

export const PaymentMethodProfileMappingSchema = z.object({
  id: IdSchema,
  role: ProfileMappingRoleSchema,
  payment_method_id: IdSchema,
  /** The profile (person) id. */
  profile: IdSchema,
});
export type PaymentMethodProfileMapping = z.infer<typeof PaymentMethodProfileMappingSchema>;

export const PaymentMethodSchema = z.object({
  id: IdSchema,
  user_id: UserIdSchema,
  gateway: PaymentGatewaySchema,
  display_data: PaymentMethodDisplayDataSchema,
  status: PaymentMethodStatusSchema,
  is_verified: z.boolean(),
  is_default: z.boolean(),
  has_billings: z.boolean(),
  payment_method_profiles: z.array(PaymentMethodProfileMappingSchema),
  ...TIMESTAMPS,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const DefaultPaymentMethodSchema = z.object({
  id: IdSchema,
  user: UserIdSchema,
  payment_method: PaymentMethodSchema,
});
export type DefaultPaymentMethod = z.infer<typeof DefaultPaymentMethodSchema>;

/** One part of an invoice's amount before levy (basic premium, loading, discount, …). */
export const PremiumBreakdownItemSchema = z.object({
  component: PremiumComponentSchema,
  amount: MoneySchema,
});
export type PremiumBreakdownItem = z.infer<typeof PremiumBreakdownItemSchema>;

/** The company an invoice is issued by or billed to. */
export const CompanyRefSchema = z.object({
  id: IdSchema,
  name_en: z.string(),
  name_zh: z.string(),
});
export type CompanyRef = z.infer<typeof CompanyRefSchema>;

export const InvoiceSchema = z.object({
  id: IdSchema,
  attempt_count: z.number().int().nonnegative(),
  billing_id: IdSchema,
  billing_company: CompanyRefSchema.nullable(),
  coverage_start_date: DateSchema,
  coverage_end_date: DateSchema,
  currency: CurrencySchema,
  document: DocumentLinkSchema.nullable(),
  due_date: DateSchema,
  group_policy_number: z.string().nullable(),
  company: CompanyRefSchema,
  invoice_type: InvoiceTypeSchema,
  levy_amount: MoneySchema,
  levy_percent: PercentSchema,
  policy_number: z.string(),
  policy_year: z.number().int().positive(),
  pre_discount_amount: MoneySchema,
  pre_levy_amount: MoneySchema,
  pre_levy_amount_breakdown: z.array(PremiumBreakdownItemSchema),
  product_id: IdSchema,
  refund_date: DateSchema.nullable(),
  refunded_amount: MoneySchema,
  status: InvoiceStatusSchema,
  total_amount: MoneySchema,
  outstanding_amount: MoneySchema,
  /** The payment method's id. */
  payment_method: IdSchema.nullable(),
  void_date: DateSchema.nullable(),
  ...TIMESTAMPS,
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** A page of invoices (`GET /invoice`), one schema object shared by its route-table entry and
 * the portal's landing, which calls it without the table (decision 210). */
export const InvoicePageSchema = PaginatedSchema(InvoiceSchema);

/** An invoice in a policy's own list, which also carries its billing and user. */
export const PolicyInvoiceSchema = InvoiceSchema.extend({
  /** The billing's id. */
  billing: IdSchema,
  user_id: UserIdSchema,
});
export type PolicyInvoice = z.infer<typeof PolicyInvoiceSchema>;

export const BillingSchema = z.object({
  id: IdSchema,
  billed_to_date: DateSchema.nullable(),
  billing_anchor_date: DateSchema,
  currency: CurrencySchema,
  frequency: PaymentFrequencySchema,
  /** The date the next invoice is issued, or null when none will be. */
  next_invoice: DateSchema.nullable(),
  paid_to_date: DateSchema.nullable(),
  /** The payment method's id. */
  payment_method: IdSchema.nullable(),
  status: BillingStatusSchema,
  ...TIMESTAMPS,
});
export type Billing = z.infer<typeof BillingSchema>;

/** Setup intent of the card payment provider: what the web hands to the card form. */
export const SetupIntentSchema = z.object({
  client_secret: z.string().min(1),
});
export type SetupIntent = z.infer<typeof SetupIntentSchema>;

/** The answer to a card provider's notification (decision 287): received, and what it meant. */
export const ProviderNotificationResultSchema = z.object({
  received: z.literal(true),
  /** Seen before (a replay): nothing changed this time. */
  duplicate: z.boolean(),
  /** method_verified, method_unverified, method_updated, recorded, ignored */
  outcome: z.string(),
});
export type ProviderNotificationResult = z.infer<typeof ProviderNotificationResultSchema>;

/** The answer of `/payment-method/validate-card`; a bad card is an error answer instead. */
export const ValidateCardResultSchema = z.object({
  success: z.boolean(),
});
export type ValidateCardResult = z.infer<typeof ValidateCardResultSchema>;
