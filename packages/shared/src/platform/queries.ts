// Query parameters of the platform calls (spec platform-layer §7, member-app §7): one schema per
// call with filters. The server route parses the query text with it; the typed client takes its
// `z.input` (numbers, booleans, lists) and writes it out. The finder's queries (service points,
// healthcare services) are written once, in schemas/finder.ts (decision 166).
import { z } from 'zod';
import { ANNOUNCEMENT_TAGS } from '../schemas/outpatient';
import { DateSchema } from './entities/common';
import {
  BillingStatusSchema,
  CardTypeSchema,
  DocumentPlatformSchema,
  InvoiceStatusSchema,
  InvoiceTypeSchema,
  PaymentFrequencySchema,
  PaymentGatewaySchema,
  PaymentMethodStatusSchema,
  PolicyModificationTypeSchema,
  PolicyStatusSchema,
  ProfileMappingRoleSchema,
  ProjectionModeSchema,
  ServiceRequestStatusSchema,
} from './enums';
import { PROJECTION_YEARS } from './constants';
import {
  commaList,
  dateRangeFields,
  NO_PAGINATION_FIELD,
  orderingField,
  PAGE_FIELDS,
  PolicyNumberSchema,
  QueryBooleanSchema,
  SearchTextSchema,
  wholeNumber,
} from './query-fields';

// ---------------------------------------------------------------- products

export const ProductListQuerySchema = z.object({
  product_type: z.string().trim().min(1).optional(),
  code: z.string().trim().min(1).optional(),
  ...PAGE_FIELDS,
});
export type ProductListQuery = z.input<typeof ProductListQuerySchema>;

export const OutpatientProductQuerySchema = z.object({
  application_case_id: wholeNumber().optional(),
});
export type OutpatientProductQuery = z.input<typeof OutpatientProductQuerySchema>;

export const ProductBenefitQuerySchema = z.object({
  /** The date the benefits are read at; today (Hong Kong) when absent. */
  evaluation_date: DateSchema.optional(),
});
export type ProductBenefitQuery = z.input<typeof ProductBenefitQuerySchema>;

// ---------------------------------------------------------------- policies

export const PolicyListQuerySchema = z.object({
  status: commaList(PolicyStatusSchema).optional(),
  product_type: z.string().trim().min(1).optional(),
  product_code: z.string().trim().min(1).optional(),
  payment_gateway_type: PaymentGatewaySchema.optional(),
  profile_id: wholeNumber().optional(),
  policy_number: PolicyNumberSchema.optional(),
  ...PAGE_FIELDS,
});
export type PolicyListQuery = z.input<typeof PolicyListQuerySchema>;

/** `page=1&page_size=100` by default, as the spec's policy invoice list reads it. */
export const PolicyInvoiceQuerySchema = z.object({
  page: wholeNumber(1).default(1),
  page_size: wholeNumber(1).pipe(z.number().max(100)).default(100),
});
export type PolicyInvoiceQuery = z.input<typeof PolicyInvoiceQuerySchema>;

const projectionYears = wholeNumber(PROJECTION_YEARS.min)
  .pipe(z.number().max(PROJECTION_YEARS.max))
  .default(PROJECTION_YEARS.default);

export const ProjectionQuerySchema = z.object({
  mode: ProjectionModeSchema.default('premium'),
  projection_years: projectionYears,
});
export type ProjectionQuery = z.input<typeof ProjectionQuerySchema>;

export const BulkProjectionQuerySchema = ProjectionQuerySchema.extend({
  policy_number__in: commaList(PolicyNumberSchema).pipe(z.array(z.string()).min(1).max(50)),
});
export type BulkProjectionQuery = z.input<typeof BulkProjectionQuerySchema>;

/** Without a policy number: every card the caller may see. */
export const MedicalCardQuerySchema = z.object({
  policy_number: PolicyNumberSchema.optional(),
  card_type: CardTypeSchema.optional(),
});
export type MedicalCardQuery = z.input<typeof MedicalCardQuerySchema>;

export const PolicyEventQuerySchema = z.object({
  policy_number: PolicyNumberSchema.optional(),
  event_type: z.string().trim().min(1).optional(),
  ...dateRangeFields('create_date'),
  ...PAGE_FIELDS,
});
export type PolicyEventQuery = z.input<typeof PolicyEventQuerySchema>;

export const PolicyNumberQuerySchema = z.object({
  policy_number: PolicyNumberSchema.optional(),
  ...PAGE_FIELDS,
});
/** Query of `/tax-report` and `/policy-renewal`. */
export type PolicyNumberQuery = z.input<typeof PolicyNumberQuerySchema>;

export const PolicyProductDocumentQuerySchema = z.object({
  group_policy_number: PolicyNumberSchema.optional(),
  category: z.string().trim().min(1).optional(),
  platform: DocumentPlatformSchema.optional(),
  ...NO_PAGINATION_FIELD,
  ...PAGE_FIELDS,
});
export type PolicyProductDocumentQuery = z.input<typeof PolicyProductDocumentQuerySchema>;

export const PolicyProfileMappingQuerySchema = z.object({
  policy_number: PolicyNumberSchema.optional(),
  role: ProfileMappingRoleSchema.optional(),
  ...PAGE_FIELDS,
});
export type PolicyProfileMappingQuery = z.input<typeof PolicyProfileMappingQuerySchema>;

// ---------------------------------------------------------------- service requests

export const ServiceRequestQuerySchema = z.object({
  policy_number: PolicyNumberSchema.optional(),
  status: ServiceRequestStatusSchema.optional(),
  ordering: orderingField(['create_date', 'update_date', 'proposed_effective_date', 'status']),
  search: SearchTextSchema.optional(),
  type__in: commaList(PolicyModificationTypeSchema).optional(),
  ...PAGE_FIELDS,
});
export type ServiceRequestQuery = z.input<typeof ServiceRequestQuerySchema>;

export const ProjectionYearsQuerySchema = z.object({ projection_years: projectionYears });
export type ProjectionYearsQuery = z.input<typeof ProjectionYearsQuerySchema>;

// ---------------------------------------------------------------- payments, invoices, billing

export const PaymentMethodQuerySchema = z.object({
  status: PaymentMethodStatusSchema.optional(),
  gateway_type: PaymentGatewaySchema.optional(),
  ...PAGE_FIELDS,
});
export type PaymentMethodQuery = z.input<typeof PaymentMethodQuerySchema>;

export const PaymentMethodProfileMappingQuerySchema = z.object({
  role: ProfileMappingRoleSchema.optional(),
  payment_method_id: wholeNumber().optional(),
  profile_id: wholeNumber().optional(),
  ...PAGE_FIELDS,
});
export type PaymentMethodProfileMappingQuery = z.input<
  typeof PaymentMethodProfileMappingQuerySchema
>;

/** Fields an invoice list can be ordered by. */
export const INVOICE_ORDERING_FIELDS = [
  'due_date',
  'coverage_start_date',
  'coverage_end_date',
  'create_date',
  'total_amount',
  'policy_year',
] as const;

export const InvoiceQuerySchema = z.object({
  ordering: orderingField(INVOICE_ORDERING_FIELDS),
  status: commaList(InvoiceStatusSchema).optional(),
  invoice_type: InvoiceTypeSchema.optional(),
  policy_number: PolicyNumberSchema.optional(),
  group_policy_number: PolicyNumberSchema.optional(),
  company: z.string().trim().min(1).optional(),
  billing_company: z.string().trim().min(1).optional(),
  billing_company_id: wholeNumber().optional(),
  ...dateRangeFields('coverage_start_date'),
  ...dateRangeFields('coverage_end_date'),
  ...dateRangeFields('due_date'),
  ...PAGE_FIELDS,
});
export type InvoiceQuery = z.input<typeof InvoiceQuerySchema>;

export const BillingQuerySchema = z.object({
  status: BillingStatusSchema.optional(),
  frequency: PaymentFrequencySchema.optional(),
  policy_number: PolicyNumberSchema.optional(),
  group_policy_number: PolicyNumberSchema.optional(),
  payment_method_id: wholeNumber().optional(),
  ...PAGE_FIELDS,
});
export type BillingQuery = z.input<typeof BillingQuerySchema>;

// ---------------------------------------------------------------- outpatient, reference data

export const OutpatientTicketQuerySchema = z.object({
  /** The policy number, as the spec names it. */
  policy_id: PolicyNumberSchema,
});
export type OutpatientTicketQuery = z.input<typeof OutpatientTicketQuerySchema>;

export const AnnouncementQuerySchema = z.object({
  tag: z.enum(ANNOUNCEMENT_TAGS).optional(),
});
export type AnnouncementQuery = z.input<typeof AnnouncementQuerySchema>;

export const BankQuerySchema = z.object({
  is_active: QueryBooleanSchema.optional(),
  ordering: orderingField(['sequence', 'code', 'name_en']),
  ...NO_PAGINATION_FIELD,
  ...PAGE_FIELDS,
});
export type BankQuery = z.input<typeof BankQuerySchema>;

/** Lists with nothing to filter but pages. */
export const PageOnlyQuerySchema = z.object({ ...PAGE_FIELDS });
export type PageOnlyQuery = z.input<typeof PageOnlyQuerySchema>;
