// Enumerations and status sets of the insurance platform (spec platform-layer §3, §4, §6), each
// a `const` list (the order the spec writes it) and a zod enum. `enums.test.ts` reads the spec
// and fails when a value it lists is missing here. Where the spec writes a value as prose
// ("claim form part II"), the wire value is its kebab-case form (`claim-form-part-ii`).
import { z } from 'zod';
import { CARD_TYPES } from '../schemas/outpatient';

// ---------------------------------------------------------------- §3 enumerations

export const RELATIONSHIPS = [
  'self',
  'spouse',
  'child',
  'parent',
  'sibling',
  'grandparent',
  'grandchild',
  'nephew-or-niece',
  'sibling-of-parent',
  'cousin',
  'prospective-spouse',
  'legal-guardian',
  'parent-in-law',
  'relative',
  'employee',
  'dependent',
] as const;
export const RelationshipSchema = z.enum(RELATIONSHIPS);
export type Relationship = z.infer<typeof RelationshipSchema>;

/** Payment method gateways: the `gateway` of a payment method and the `gateway_type` filter. */
export const PAYMENT_GATEWAYS = [
  'stripe-card',
  'bank-transfer',
  'cheque',
  'partner',
  'fps',
] as const;
export const PaymentGatewaySchema = z.enum(PAYMENT_GATEWAYS);
export type PaymentGateway = z.infer<typeof PaymentGatewaySchema>;

export const GENDERS = ['female', 'male'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;

export const IDENTITY_DOCUMENT_TYPES = [
  'hong-kong-birth-certificate',
  'hong-kong-identity-card',
  'passport',
] as const;
export const IdentityDocumentTypeSchema = z.enum(IDENTITY_DOCUMENT_TYPES);
export type IdentityDocumentType = z.infer<typeof IdentityDocumentTypeSchema>;

export const PAYMENT_FREQUENCIES = ['monthly', 'quarterly', 'semi-annual', 'annual'] as const;
export const PaymentFrequencySchema = z.enum(PAYMENT_FREQUENCIES);
export type PaymentFrequency = z.infer<typeof PaymentFrequencySchema>;

/** Premium instalments a year per frequency (the projection multiplies the annual premium). */
export const PAYMENTS_PER_YEAR = {
  monthly: 12,
  quarterly: 4,
  'semi-annual': 2,
  annual: 1,
} as const satisfies Record<PaymentFrequency, number>;

export const INVOICE_TYPES = ['ad-hoc', 'regular', 'adjustment'] as const;
export const InvoiceTypeSchema = z.enum(INVOICE_TYPES);
export type InvoiceType = z.infer<typeof InvoiceTypeSchema>;

export const USER_TYPES = ['admin', 'customer', 'guest', 'machine', 'merchant'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

/**
 * Coupon reward types: MF month free, BTC cash, AMT amount off, PO percentage off, BTCPP cash as
 * a percentage of the premium.
 */
export const COUPON_REWARD_TYPES = ['MF', 'BTC', 'AMT', 'PO', 'BTCPP'] as const;
export const CouponRewardTypeSchema = z.enum(COUPON_REWARD_TYPES);
export type CouponRewardType = z.infer<typeof CouponRewardTypeSchema>;

export const COUPON_STATUSES = ['active', 'inactive', 'expired', 'used'] as const;
export const CouponStatusSchema = z.enum(COUPON_STATUSES);
export type CouponStatus = z.infer<typeof CouponStatusSchema>;

/** Reward balances: `btc` and one `{product}-points` per product (e.g. `outpatient-points`). */
export const REWARD_BALANCES = ['btc', '{product}-points'] as const;
export const RewardBalanceSchema = z.union([
  z.literal('btc'),
  z.string().regex(/^[a-z0-9][a-z0-9-]*-points$/, 'must be btc or {product}-points'),
]);
export type RewardBalance = z.infer<typeof RewardBalanceSchema>;

/** The reward balance of a product's points: `outpatient` → `outpatient-points`. */
export function productPointsBalance(productSlug: string): RewardBalance {
  return `${productSlug}-points`;
}

export const PRODUCT_LINES = ['vhis', 'term-ci', 'term-life'] as const;
export const ProductLineSchema = z.enum(PRODUCT_LINES);
export type ProductLine = z.infer<typeof ProductLineSchema>;

export const COVERAGE_TYPES = [
  'inpatient',
  'outpatient',
  'daycase',
  'last-wish-rider',
  'covid-test',
] as const;
export const CoverageTypeSchema = z.enum(COVERAGE_TYPES);
export type CoverageType = z.infer<typeof CoverageTypeSchema>;

/** Medical card types: written once, in schemas/outpatient.ts, which the web loads (decision 166). */
export { CARD_TYPES };
export type { CardType } from '../schemas/outpatient';
export const CardTypeSchema = z.enum(CARD_TYPES);

export const PREMIUM_COMPONENTS = [
  'basic-premium',
  'adjustment-premium',
  'premium-loading',
  'non-insurance-premium',
  'shortfall',
  'discount',
  'waiver',
  'levy',
] as const;
export const PremiumComponentSchema = z.enum(PREMIUM_COMPONENTS);
export type PremiumComponent = z.infer<typeof PremiumComponentSchema>;

/** Switch / policy-change types: the `type` of a product option. */
export const POLICY_CHANGE_TYPES = [
  'switchable',
  'self-switchable',
  'cross-sell',
  'alternative',
  'supplementary',
  'rider',
  'sum-assured-increase',
  'sum-assured-decrease',
  'upgrade',
  'downgrade',
  'anniversary-switchable',
] as const;
export const PolicyChangeTypeSchema = z.enum(POLICY_CHANGE_TYPES);
export type PolicyChangeType = z.infer<typeof PolicyChangeTypeSchema>;

/** Policy modification (service request) types. */
export const POLICY_MODIFICATION_TYPES = [
  'PRODUCT_UPGRADE',
  'PRODUCT_DOWNGRADE',
  'ADD_IL_BIRTH_CERTIFICATE',
  'IDENTITY_VERIFICATION_CHANGE',
] as const;
export const PolicyModificationTypeSchema = z.enum(POLICY_MODIFICATION_TYPES);
export type PolicyModificationType = z.infer<typeof PolicyModificationTypeSchema>;

export const CLAIM_TYPES = [
  'reimbursement',
  'death',
  'critical-illness',
  'disability',
  'pre-approval',
  'third-party-settlement',
  'pre-approval-settlement',
  'estimation',
  'panel',
] as const;
export const ClaimTypeSchema = z.enum(CLAIM_TYPES);
export type ClaimType = z.infer<typeof ClaimTypeSchema>;

export const CLAIM_CAUSES = ['illness', 'accident'] as const;
export const ClaimCauseSchema = z.enum(CLAIM_CAUSES);
export type ClaimCause = z.infer<typeof ClaimCauseSchema>;

export const SURGERY_SIZES = ['minor', 'intermediate', 'major', 'complex'] as const;
export const SurgerySizeSchema = z.enum(SURGERY_SIZES);
export type SurgerySize = z.infer<typeof SurgerySizeSchema>;

export const ROOM_CLASSES = ['ward', 'semi-private', 'private'] as const;
export const RoomClassSchema = z.enum(ROOM_CLASSES);
export type RoomClass = z.infer<typeof RoomClassSchema>;

/** Claim document kinds; the spec writes them as prose, the wire as kebab-case. */
export const CLAIM_DOCUMENT_KINDS = [
  'original-medical-receipt',
  'claim-form-part-ii',
  'doctor-fee-breakdown',
  'lab-report',
  'operation-report',
  'referral-letter',
  'medical-records',
  'other-insurer-information',
  'bank-account-info',
  'others',
  'receipt-sticker',
] as const;
export const ClaimDocumentKindSchema = z.enum(CLAIM_DOCUMENT_KINDS);
export type ClaimDocumentKind = z.infer<typeof ClaimDocumentKindSchema>;

export const SIGN_ON_TYPES = [
  'regular',
  'partnership-offer',
  'upselling',
  'referral',
  'promotion-campaign',
] as const;
export const SignOnTypeSchema = z.enum(SIGN_ON_TYPES);
export type SignOnType = z.infer<typeof SignOnTypeSchema>;

/** Underwriting question input kinds. */
export const QUESTION_INPUT_KINDS = [
  'CHECKBOX',
  'NON_NULLABLE_CHECKBOX',
  'RADIO',
  'SINGLE_SELECT',
  'SLIDER',
  'NUMBER',
] as const;
export const QuestionInputKindSchema = z.enum(QUESTION_INPUT_KINDS);
export type QuestionInputKind = z.infer<typeof QuestionInputKindSchema>;

export const UNDERWRITING_DECISIONS = [
  'STANDARD',
  'LOADING',
  'EXCLUSION',
  'REJECTION',
  'POSTPONE',
] as const;
export const UnderwritingDecisionSchema = z.enum(UNDERWRITING_DECISIONS);
export type UnderwritingDecision = z.infer<typeof UnderwritingDecisionSchema>;

/** Cash ledger event kinds; the spec writes them as prose, the wire as kebab-case. */
export const CASH_LEDGER_EVENT_KINDS = [
  'awarded',
  'consumed',
  'deducted',
  'campaign-reward',
  'referral-reward',
  'no-claim-reward',
  'general-reward',
  'claim-refund',
  'claim-payout',
  'manual-adjustment-add',
  'manual-adjustment-subtract',
] as const;
export const CashLedgerEventKindSchema = z.enum(CASH_LEDGER_EVENT_KINDS);
export type CashLedgerEventKind = z.infer<typeof CashLedgerEventKindSchema>;

export const GROUP_MEMBER_CHANGE_KINDS = ['join', 'terminate', 'change'] as const;
export const GroupMemberChangeKindSchema = z.enum(GROUP_MEMBER_CHANGE_KINDS);
export type GroupMemberChangeKind = z.infer<typeof GroupMemberChangeKindSchema>;

export const PUBLISHING_STATUSES = [
  'draft',
  'published',
  'failed',
  'succeeded',
  'pending',
] as const;
export const PublishingStatusSchema = z.enum(PUBLISHING_STATUSES);
export type PublishingStatus = z.infer<typeof PublishingStatusSchema>;

export const UPLOAD_STATES = [
  'success',
  'uploaded',
  'failed',
  'appended',
  'overridden',
  'created',
  'processing',
] as const;
export const UploadStateSchema = z.enum(UPLOAD_STATES);
export type UploadState = z.infer<typeof UploadStateSchema>;

export const UPLOAD_MODES = ['append', 'override'] as const;
export const UploadModeSchema = z.enum(UPLOAD_MODES);
export type UploadMode = z.infer<typeof UploadModeSchema>;

export const ASYNC_STATES = ['PENDING', 'SUCCESS', 'FAILED'] as const;
export const AsyncStateSchema = z.enum(ASYNC_STATES);
export type AsyncState = z.infer<typeof AsyncStateSchema>;

export const ACTIVE_STATES = ['active', 'inactive'] as const;
export const ActiveStateSchema = z.enum(ACTIVE_STATES);
export type ActiveState = z.infer<typeof ActiveStateSchema>;

export const RENEWAL_INTENTIONS = ['undecided', 'renew', 'terminate'] as const;
export const RenewalIntentionSchema = z.enum(RENEWAL_INTENTIONS);
export type RenewalIntention = z.infer<typeof RenewalIntentionSchema>;

// ---------------------------------------------------------------- §4 status sets

export const APPLICATION_STATUSES = [
  'pending',
  'started',
  'submitted',
  'completed',
  'canceled',
  'withdrawn',
] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

export const APPLICATION_CASE_STATUSES = [
  'submitted',
  'canceled',
  'declined',
  'withdrawn',
  'accepted',
  'update-requested',
  'updated',
  'processed',
  'removed',
  'draft',
  'postponed',
  'voided',
  'expired',
] as const;
export const ApplicationCaseStatusSchema = z.enum(APPLICATION_CASE_STATUSES);
export type ApplicationCaseStatus = z.infer<typeof ApplicationCaseStatusSchema>;

/** The spec's "second application-like set" (offers and switch applications use it). */
export const SECOND_APPLICATION_STATUSES = [
  'draft',
  'open',
  'update-requested',
  'updated',
  'escalated',
  'accepted',
  'declined',
  'withdrawn',
  'canceled',
  'removed',
  'switched',
  'ineligible',
  'offered',
] as const;
export const SecondApplicationStatusSchema = z.enum(SECOND_APPLICATION_STATUSES);
export type SecondApplicationStatus = z.infer<typeof SecondApplicationStatusSchema>;

export const POLICY_STATUSES = [
  'inactive',
  'free-looking',
  'in-force',
  'suspended',
  'voided',
  'rescinded',
  'canceled',
  'terminated',
  'death',
  'lapsed',
  'upgraded',
  'switched',
  'matured',
  'disentitled',
  'claim-paid',
] as const;
export const PolicyStatusSchema = z.enum(POLICY_STATUSES);
export type PolicyStatus = z.infer<typeof PolicyStatusSchema>;

export const COVERAGE_STATUSES = ['inactive', 'in-force', 'suspended', 'terminated'] as const;
export const CoverageStatusSchema = z.enum(COVERAGE_STATUSES);
export type CoverageStatus = z.infer<typeof CoverageStatusSchema>;

export const SERVICE_REQUEST_STATUSES = [
  'draft',
  'open',
  'offered',
  'updated',
  'approved',
  'completed',
  'rejected',
  'canceled',
] as const;
export const ServiceRequestStatusSchema = z.enum(SERVICE_REQUEST_STATUSES);
export type ServiceRequestStatus = z.infer<typeof ServiceRequestStatusSchema>;

export const CLAIM_STATUSES = [
  'open',
  'update-requested',
  'updated',
  'escalated',
  'pending-third-party',
  'approval-requested',
  'payment-requested',
  'payment-approved',
  'shortfall-requested',
  'pre-approved',
  'accepted',
  'declined',
  'canceled',
  'withdrawn',
  'paid',
  'shortfall-settled',
  'adjusting-approval',
  'adjusting-payment',
  'closed',
] as const;
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

export const CLAIM_ACTIONS = [
  'self-assign',
  'transfer',
  'escalate',
  'approve',
  'decline',
  'request-update',
  'update',
  'confirm-payment',
  'cancel',
  'withdraw',
  'request-third-party',
  'cancel-request-third-party',
  'pre-approve',
  'request-shortfall',
  'settle-shortfall',
  'settle',
  'create',
  'submit',
  'request-payment',
  'close',
] as const;
export const ClaimActionSchema = z.enum(CLAIM_ACTIONS);
export type ClaimAction = z.infer<typeof ClaimActionSchema>;

export const INVOICE_STATUSES = [
  'open',
  'void',
  'paid',
  'partially-paid',
  'refunded',
  'free',
] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

export const QUOTATION_STATUSES = [
  'draft',
  'quoted',
  'approved',
  'expired',
  'accepted',
  'completed',
  'removed',
] as const;
export const QuotationStatusSchema = z.enum(QUOTATION_STATUSES);
export type QuotationStatus = z.infer<typeof QuotationStatusSchema>;

export const FORM_STATUSES = ['draft', 'submitted', 'accepted', 'declined'] as const;
export const FormStatusSchema = z.enum(FORM_STATUSES);
export type FormStatus = z.infer<typeof FormStatusSchema>;

/** The application flow's steps, in the order an applicant meets them. */
export const APPLICATION_FLOW_STEPS = [
  'pre-agreement',
  'sum-assured',
  'terms-and-conditions',
  'underwriting',
  'affordability',
  'document',
  'payment',
  'summary',
] as const;
export const ApplicationFlowStepSchema = z.enum(APPLICATION_FLOW_STEPS);
export type ApplicationFlowStep = z.infer<typeof ApplicationFlowStepSchema>;

/** The step after `step` in the application flow, or null after the last. */
export function nextApplicationFlowStep(step: ApplicationFlowStep): ApplicationFlowStep | null {
  return APPLICATION_FLOW_STEPS[APPLICATION_FLOW_STEPS.indexOf(step) + 1] ?? null;
}

/**
 * Billing, payment method and underwriting case statuses: the spec carries the field but not its
 * values (decision 051).
 */
export const BILLING_STATUSES = ['active', 'suspended', 'canceled'] as const;
export const BillingStatusSchema = z.enum(BILLING_STATUSES);
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

export const PAYMENT_METHOD_STATUSES = ['active', 'inactive', 'expired'] as const;
export const PaymentMethodStatusSchema = z.enum(PAYMENT_METHOD_STATUSES);
export type PaymentMethodStatus = z.infer<typeof PaymentMethodStatusSchema>;

export const UNDERWRITING_CASE_STATUSES = ['draft', 'submitted', 'completed', 'expired'] as const;
export const UnderwritingCaseStatusSchema = z.enum(UNDERWRITING_CASE_STATUSES);
export type UnderwritingCaseStatus = z.infer<typeof UnderwritingCaseStatusSchema>;

// ---------------------------------------------------------------- §5, §6 roles and rules

export const POLICY_PARTY_ROLES = ['policyholder', 'insured-life', 'beneficiary'] as const;
export const PolicyPartyRoleSchema = z.enum(POLICY_PARTY_ROLES);
export type PolicyPartyRole = z.infer<typeof PolicyPartyRoleSchema>;

export const STAKEHOLDER_ROLES = [
  'owner',
  'director',
  'partner',
  'shareholder',
  'authorized_person',
  'person-purporting-to-act',
] as const;
export const StakeholderRoleCodeSchema = z.enum(STAKEHOLDER_ROLES);
export type StakeholderRoleCode = z.infer<typeof StakeholderRoleCodeSchema>;

export const CLAIM_ACTOR_KINDS = ['customer', 'medical-provider', 'insurer'] as const;
export const ClaimActorKindSchema = z.enum(CLAIM_ACTOR_KINDS);
export type ClaimActorKind = z.infer<typeof ClaimActorKindSchema>;

/** Who may own the payment method of a policy. */
export const PAYMENT_OWNERS = ['policyholder', 'anyone'] as const;
export const PaymentOwnerSchema = z.enum(PAYMENT_OWNERS);
export type PaymentOwner = z.infer<typeof PaymentOwnerSchema>;

/**
 * Roles on policy-profile and payment-method-profile mappings: not shown in the spec; the party
 * roles plus `payor` (a third-party payor's profile) — decision 051.
 */
export const PROFILE_MAPPING_ROLES = [...POLICY_PARTY_ROLES, 'payor'] as const;
export const ProfileMappingRoleSchema = z.enum(PROFILE_MAPPING_ROLES);
export type ProfileMappingRole = z.infer<typeof ProfileMappingRoleSchema>;

export const POLICY_OPTION_RULES = [
  'max-in-force-policy-per-insured-life',
  'max-parent-policy-year',
  'min-days-before-policy-anniversary',
] as const;
export const PolicyOptionRuleSchema = z.enum(POLICY_OPTION_RULES);
export type PolicyOptionRule = z.infer<typeof PolicyOptionRuleSchema>;

/** Variants of an inline notification and of a notification banner's `type`. */
export const NOTIFICATION_VARIANTS = ['info', 'error', 'warning', 'success'] as const;
export const NotificationVariantSchema = z.enum(NOTIFICATION_VARIANTS);
export type NotificationVariant = z.infer<typeof NotificationVariantSchema>;

/** Projection modes of `/policy/{id}/projection` (not shown in the spec; decision 053). */
export const PROJECTION_MODES = ['premium', 'discount'] as const;
export const ProjectionModeSchema = z.enum(PROJECTION_MODES);
export type ProjectionMode = z.infer<typeof ProjectionModeSchema>;

/** Platforms a product document is published to (not shown in the spec; decision 051). */
export const DOCUMENT_PLATFORMS = ['web', 'app', 'portal'] as const;
export const DocumentPlatformSchema = z.enum(DOCUMENT_PLATFORMS);
export type DocumentPlatform = z.infer<typeof DocumentPlatformSchema>;
