// Request bodies of the platform calls. The spec shows few of them ("body not shown"); the
// fields below are decided in decision 054. The server parses with these schemas, the typed
// client takes their `z.input`.
import { z } from 'zod';
import { DateSchema, FreeFormObjectSchema, IdSchema, PercentSchema } from './entities/common';
import { PersonIdentitySchema } from './entities/policy';
import { AddressSchema } from './entities/reference';
import { UnderwritingAnswerSchema } from './entities/underwriting';
import {
  GenderSchema,
  IdentityDocumentTypeSchema,
  PaymentFrequencySchema,
  PaymentGatewaySchema,
  PolicyModificationTypeSchema,
  ProfileMappingRoleSchema,
  RelationshipSchema,
  StakeholderRoleCodeSchema,
} from './enums';
import { PROJECTION_YEARS } from './constants';
import { PolicyNumberSchema } from './query-fields';
import { checkIdentityOrMemberCode, TextRules } from '../validation/rules';

/** A body with nothing in it (`cancel`, `deactivate`, `result`, `submit`, `accept`). */
export const EmptyBodySchema = z.object({}).strict();
export type EmptyBody = z.input<typeof EmptyBodySchema>;

// ---------------------------------------------------------------- policies

export const ProjectPremiumBodySchema = z.object({
  frequency: PaymentFrequencySchema.optional(),
  product_code: z.string().trim().min(1).optional(),
  sum_assured: z.number().positive().optional(),
  projection_years: z
    .number()
    .int()
    .min(PROJECTION_YEARS.min)
    .max(PROJECTION_YEARS.max)
    .default(PROJECTION_YEARS.default),
});
export type ProjectPremiumBody = z.input<typeof ProjectPremiumBodySchema>;

/** Moves part of a product's cash balance onto a benefit of the policy. */
export const AllocateBenefitBodySchema = z.object({
  benefit: z.string().trim().min(1),
  amount: z.number().positive(),
});
export type AllocateBenefitBody = z.input<typeof AllocateBenefitBodySchema>;

export const ReplacePaymentMethodBodySchema = z.object({ payment_method_id: IdSchema });
export type ReplacePaymentMethodBody = z.input<typeof ReplacePaymentMethodBodySchema>;

/** Paying an invoice (decision 337): the card, or the invoice's own payment method if omitted. */
export const PayInvoiceBodySchema = z.object({ payment_method_id: IdSchema.optional() }).strict();
export type PayInvoiceBody = z.input<typeof PayInvoiceBodySchema>;

export const BatchApplyPaymentMethodBodySchema = z.object({
  payment_method_id: IdSchema,
  policy_ids: z.array(IdSchema).min(1).max(100),
});
export type BatchApplyPaymentMethodBody = z.input<typeof BatchApplyPaymentMethodBodySchema>;

/** Reasons a policyholder gives for leaving (the termination flow's feedback step). */
export const TERMINATION_REASONS = [
  'too-expensive',
  'found-another-plan',
  'no-longer-needed',
  'service-experience',
  'other',
] as const;

export const TerminateBodySchema = z.object({
  /** Not in the past (Hong Kong date). */
  effective_date: DateSchema,
  reason: z.enum(TERMINATION_REASONS),
  feedback: z.string().trim().max(1000).optional(),
});
export type TerminateBody = z.input<typeof TerminateBodySchema>;

/** A name in Chinese: Chinese characters and their punctuation only, up to 20. */
const ChineseNameSchema = z.string().trim().max(20).pipe(TextRules.chineseOnly);

export const BeneficiaryInputSchema = z.object({
  identity: PersonIdentitySchema.extend({
    /** In Chinese only (platform-layer §5, "Chinese only"; decision 117). */
    chinese_first_name: ChineseNameSchema.nullable().default(null),
    chinese_last_name: ChineseNameSchema.nullable().default(null),
  }),
  gender: GenderSchema.optional(),
  date_of_birth: DateSchema.optional(),
  relationship_to_insured_life: RelationshipSchema,
  allocation_percentage: PercentSchema.pipe(z.number().positive()),
});
export type BeneficiaryInput = z.input<typeof BeneficiaryInputSchema>;

/** Replaces the beneficiaries; the percentages add up to 100. */
export const BeneficiariesBodySchema = z.object({
  beneficiaries: z
    .array(BeneficiaryInputSchema)
    .min(1)
    .max(10)
    .refine(
      (list) =>
        Math.abs(list.reduce((sum, item) => sum + item.allocation_percentage, 0) - 100) < 1e-9,
      { message: 'allocation percentages must add up to 100' },
    ),
});
export type BeneficiariesBody = z.input<typeof BeneficiariesBodySchema>;

/** Starts a termination; the answer may carry a retention offer. */
export const RetentionSellingBodySchema = z.object({
  reason: z.enum(TERMINATION_REASONS),
});
export type RetentionSellingBody = z.input<typeof RetentionSellingBodySchema>;

/** Redeems a group member's policy: the member code or identity document, and date of birth. */
export const RedeemPolicyBodySchema = z
  .object({
    identity_document_number: z.string().trim().min(1).max(20).optional(),
    member_code: z.string().trim().min(1).max(32).optional(),
    date_of_birth: DateSchema,
  })
  .superRefine(checkIdentityOrMemberCode);
export type RedeemPolicyBody = z.input<typeof RedeemPolicyBodySchema>;

export const GroupPolicyRemoveBodySchema = z.object({
  member_policy_numbers: z.array(PolicyNumberSchema).min(1).max(100),
  /** Within the member movement date range. */
  effective_date: DateSchema,
});
export type GroupPolicyRemoveBody = z.input<typeof GroupPolicyRemoveBodySchema>;

export const PolicySurveyAttemptBodySchema = z.object({
  policy: IdSchema,
  attempt: FreeFormObjectSchema,
});
export type PolicySurveyAttemptBody = z.input<typeof PolicySurveyAttemptBodySchema>;

export const PolicyProfileMappingBodySchema = z.object({
  policy_number: PolicyNumberSchema,
  role: ProfileMappingRoleSchema,
  profile: IdSchema,
  parameters: FreeFormObjectSchema.default({}),
});
export type PolicyProfileMappingBody = z.input<typeof PolicyProfileMappingBodySchema>;

// ---------------------------------------------------------------- service requests, underwriting

export const ServiceRequestBodySchema = z.object({
  policy_number: PolicyNumberSchema,
  type: PolicyModificationTypeSchema,
  proposed_effective_date: DateSchema.optional(),
  /** For PRODUCT_UPGRADE and PRODUCT_DOWNGRADE: the product option's code. */
  to_product: z.string().trim().min(1).optional(),
  /**
   * For ADD_IL_BIRTH_CERTIFICATE (the insured life's Hong Kong birth certificate) and
   * IDENTITY_VERIFICATION_CHANGE: the new identity document (decision 082). The number is
   * checked, hashed and masked by the server, never stored or answered in full.
   */
  identity_document: z
    .object({
      role: z.enum(['policyholder', 'insured-life']).default('insured-life'),
      type: IdentityDocumentTypeSchema,
      number: z.string().trim().min(1).max(30),
    })
    .optional(),
});
export type ServiceRequestBody = z.input<typeof ServiceRequestBodySchema>;

export const UnderwritingAnswersBodySchema = z.object({
  answers: z.array(UnderwritingAnswerSchema).min(1),
});
export type UnderwritingAnswersBody = z.input<typeof UnderwritingAnswersBodySchema>;

// ---------------------------------------------------------------- payments, billing

/** Adds a payment method: the gateway and the token its form produced (never a card number). */
export const PaymentMethodBodySchema = z.object({
  gateway: PaymentGatewaySchema,
  token: z.string().trim().min(1).max(255),
  holder_name: z.string().trim().min(1).max(100).optional(),
  is_default: z.boolean().default(false),
});
export type PaymentMethodBody = z.input<typeof PaymentMethodBodySchema>;

export const DefaultPaymentMethodBodySchema = z.object({ payment_method_id: IdSchema });
export type DefaultPaymentMethodBody = z.input<typeof DefaultPaymentMethodBodySchema>;

/** Card details to check (Luhn, expiry, CVC); never stored or logged. */
export const ValidateCardBodySchema = z.object({
  card_number: z.string().trim().min(1).max(30),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().trim().min(1).max(4),
  holder_name: z.string().trim().max(100).optional(),
});
export type ValidateCardBody = z.input<typeof ValidateCardBodySchema>;

export const PaymentMethodProfileMappingBodySchema = z.object({
  role: ProfileMappingRoleSchema,
  payment_method_id: IdSchema,
  profile: IdSchema,
});
export type PaymentMethodProfileMappingBody = z.input<typeof PaymentMethodProfileMappingBodySchema>;

export const BillingPatchBodySchema = z
  .object({
    frequency: PaymentFrequencySchema.optional(),
    payment_method: IdSchema.optional(),
  })
  .strict()
  .refine((body) => body.frequency !== undefined || body.payment_method !== undefined, {
    message: 'Give frequency or payment_method',
  });
export type BillingPatchBody = z.input<typeof BillingPatchBodySchema>;

// ---------------------------------------------------------------- outpatient, partner, others

/** The member card look-up (`/outpatient/member-ticket`); the member-card branch owns the rules. */
export const MemberTicketBodySchema = z
  .object({
    identity_document_number: z.string().trim().min(1).optional(),
    member_code: z.string().trim().min(1).optional(),
    phone_number: z.string().trim().min(1),
  })
  .superRefine(checkIdentityOrMemberCode);
export type MemberTicketBody = z.input<typeof MemberTicketBodySchema>;

/** Signs in to the health-services provider on behalf of the signed-in member. */
export const HealsLoginBodySchema = z.object({ policy_number: PolicyNumberSchema });
export type HealsLoginBody = z.input<typeof HealsLoginBodySchema>;

export const SecretRedeemBodySchema = z.object({ token: z.string().trim().min(16).max(256) });
export type SecretRedeemBody = z.input<typeof SecretRedeemBodySchema>;

const StakeholderFieldsSchema = z.object({
  /** The English name carries no Chinese characters (platform-layer §5; decision 117). */
  name_en: z.string().trim().min(1).max(200).pipe(TextRules.noChinese),
  name_zh: z.string().trim().max(100).nullable(),
  roles: z.array(StakeholderRoleCodeSchema).min(1),
  identification_document: IdentityDocumentTypeSchema,
  identification_document_number: z.string().trim().min(1).max(20),
  address: AddressSchema.nullable(),
  shares_over_threshold: z.boolean(),
});

export const StakeholderBodySchema = StakeholderFieldsSchema.extend({
  name_zh: StakeholderFieldsSchema.shape.name_zh.default(null),
  address: StakeholderFieldsSchema.shape.address.default(null),
  shares_over_threshold: z.boolean().default(false),
});
export type StakeholderBody = z.input<typeof StakeholderBodySchema>;

/** A PATCH changes only the fields it names; at least one. */
export const StakeholderPatchBodySchema = StakeholderFieldsSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one field' });
export type StakeholderPatchBody = z.input<typeof StakeholderPatchBodySchema>;
