import { MedicalCardSchema } from '../../schemas/outpatient';
import { BillingSchema, PolicyInvoiceSchema } from '../entities/billing';
import {
  BulkProjectionSchema,
  DiscountProjectionSchema,
  MemberMovementDateRangeSchema,
  PolicyClaimBalanceSchema,
  PolicyCouponSchema,
  PolicyCoverageSchema,
  PolicyDetailSchema,
  PolicyEventSchema,
  PolicyProfileMappingSchema,
  PolicySchema,
  PolicySellingSchema,
  PolicySurveyAttemptSchema,
  RedeemedPolicySchema,
  RenewalSchema,
  TaxReportSchema,
} from '../entities/policy';
import { ProductDocumentSchema } from '../entities/product';
import {
  BatchApplyPaymentMethodResultSchema,
  GroupPolicyRemoveResultSchema,
  RetentionSellingResultSchema,
} from '../entities/results';
import { INVOICE_LIST_QUERY } from '../constants';
import type {
  AllocateBenefitBody,
  BatchApplyPaymentMethodBody,
  BeneficiariesBody,
  GroupPolicyRemoveBody,
  PolicyProfileMappingBody,
  PolicySurveyAttemptBody,
  ProjectPremiumBody,
  RedeemPolicyBody,
  ReplacePaymentMethodBody,
  RetentionSellingBody,
  TerminateBody,
} from '../bodies';
import type {
  BulkProjectionQuery,
  MedicalCardQuery,
  PolicyEventQuery,
  PolicyInvoiceQuery,
  PolicyListQuery,
  PolicyNumberQuery,
  PolicyProductDocumentQuery,
  PolicyProfileMappingQuery,
  ProjectionQuery,
} from '../queries';
import { segment } from './call';
import type { CallOptions, Caller } from './call';

/** Policy calls (spec platform-layer §7 "Policies"). */
export function policyCalls(call: Caller) {
  return {
    /** GET /policy */
    listPolicies: (query?: PolicyListQuery, options?: CallOptions) =>
      call.list({ path: '/policy', query }, PolicySchema, options),
    /** GET /policy/{id} */
    getPolicy: (id: number, options?: CallOptions) =>
      call.get({ path: `/policy/${segment(id)}` }, PolicyDetailSchema, options),
    /** GET /policy/{id}/coverage */
    getPolicyCoverage: (id: number, options?: CallOptions) =>
      call.get({ path: `/policy/${segment(id)}/coverage` }, PolicyCoverageSchema, options),
    /** GET /policy/{id}/coupon */
    listPolicyCoupons: (id: number, options?: CallOptions) =>
      call.list({ path: `/policy/${segment(id)}/coupon` }, PolicyCouponSchema, options),
    /** GET /policy/{id}/claim-balance */
    getPolicyClaimBalance: (id: number, options?: CallOptions) =>
      call.get({ path: `/policy/${segment(id)}/claim-balance` }, PolicyClaimBalanceSchema, options),
    /** GET /policy/{id}/billing */
    getPolicyBilling: (id: number, options?: CallOptions) =>
      call.get({ path: `/policy/${segment(id)}/billing` }, BillingSchema, options),
    /** GET /policy/{id}/invoices, page 1 of 100 unless asked otherwise. */
    listPolicyInvoices: (
      id: number,
      query: PolicyInvoiceQuery = INVOICE_LIST_QUERY,
      options?: CallOptions,
    ) =>
      call.list({ path: `/policy/${segment(id)}/invoices`, query }, PolicyInvoiceSchema, options),
    /** GET /policy/{id}/projection?mode&projection_years */
    getPolicyProjection: (id: number, query?: ProjectionQuery, options?: CallOptions) =>
      call.get(
        { path: `/policy/${segment(id)}/projection`, query },
        DiscountProjectionSchema,
        options,
      ),
    /** GET /policy/bulk-projection?mode&projection_years&policy_number__in */
    getBulkProjection: (query: BulkProjectionQuery, options?: CallOptions) =>
      call.get({ path: '/policy/bulk-projection', query }, BulkProjectionSchema, options),
    /** POST /policy/{number}/project-premium */
    projectPremium: (policyNumber: string, body: ProjectPremiumBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/${segment(policyNumber)}/project-premium` },
        body,
        DiscountProjectionSchema,
        options,
      ),
    /** GET /policy/medical-card?policy_number&card_type */
    listMedicalCards: (query: MedicalCardQuery, options?: CallOptions) =>
      call.list({ path: '/policy/medical-card', query }, MedicalCardSchema, options),
    /** POST /policy/{id}/allocate-benefit */
    allocateBenefit: (id: number, body: AllocateBenefitBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/${segment(id)}/allocate-benefit` },
        body,
        PolicyClaimBalanceSchema,
        options,
      ),
    /** POST /policy/{id}/replace-payment-method */
    replacePaymentMethod: (id: number, body: ReplacePaymentMethodBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/${segment(id)}/replace-payment-method` },
        body,
        BillingSchema,
        options,
      ),
    /** POST /policy/batch-apply-payment-method */
    batchApplyPaymentMethod: (body: BatchApplyPaymentMethodBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/policy/batch-apply-payment-method' },
        body,
        BatchApplyPaymentMethodResultSchema,
        options,
      ),
    /** POST /policy/{id}/terminate */
    terminatePolicy: (id: number, body: TerminateBody, options?: CallOptions) =>
      call.send('POST', { path: `/policy/${segment(id)}/terminate` }, body, PolicySchema, options),
    /** POST /policy/{id}/beneficiaries: replaces the beneficiaries. */
    setBeneficiaries: (id: number, body: BeneficiariesBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/${segment(id)}/beneficiaries` },
        body,
        PolicyDetailSchema,
        options,
      ),
    /** POST /policy/{id}/retention-selling: starts a termination, maybe with an offer. */
    startRetentionSelling: (id: number, body: RetentionSellingBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/${segment(id)}/retention-selling` },
        body,
        RetentionSellingResultSchema,
        options,
      ),
    /** POST /policy-selling/{id}/accept */
    acceptPolicySelling: (id: number, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy-selling/${segment(id)}/accept` },
        {},
        PolicySellingSchema,
        options,
      ),
    /** POST /policy/redeem-validation */
    validateRedeem: (body: RedeemPolicyBody, options?: CallOptions) =>
      call.send('POST', { path: '/policy/redeem-validation' }, body, RedeemedPolicySchema, options),
    /** POST /policy/redeem */
    redeemPolicy: (body: RedeemPolicyBody, options?: CallOptions) =>
      call.send('POST', { path: '/policy/redeem' }, body, RedeemedPolicySchema, options),
    /** POST /group-policy/{id}/remove */
    removeGroupPolicyMembers: (id: number, body: GroupPolicyRemoveBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/group-policy/${segment(id)}/remove` },
        body,
        GroupPolicyRemoveResultSchema,
        options,
      ),
    /** GET /group-member-policy/{id}/movement-date-range */
    getMovementDateRange: (id: number, options?: CallOptions) =>
      call.get(
        { path: `/group-member-policy/${segment(id)}/movement-date-range` },
        MemberMovementDateRangeSchema,
        options,
      ),
    /** GET /policy-event */
    listPolicyEvents: (query?: PolicyEventQuery, options?: CallOptions) =>
      call.list({ path: '/policy-event', query }, PolicyEventSchema, options),
    /** GET /tax-report?policy_number */
    listTaxReports: (query?: PolicyNumberQuery, options?: CallOptions) =>
      call.list({ path: '/tax-report', query }, TaxReportSchema, options),
    /** GET /policy-renewal?policy_number */
    listPolicyRenewals: (query?: PolicyNumberQuery, options?: CallOptions) =>
      call.list({ path: '/policy-renewal', query }, RenewalSchema, options),
    /** GET /policy-product-document (group product documents) */
    listGroupProductDocuments: (query?: PolicyProductDocumentQuery, options?: CallOptions) =>
      call.list({ path: '/policy-product-document', query }, ProductDocumentSchema, options),
    /** POST /policy-survey-attempt */
    createSurveyAttempt: (body: PolicySurveyAttemptBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/policy-survey-attempt' },
        body,
        PolicySurveyAttemptSchema,
        options,
      ),
    /** GET /policy-profile-mapping */
    listPolicyProfileMappings: (query?: PolicyProfileMappingQuery, options?: CallOptions) =>
      call.list({ path: '/policy-profile-mapping', query }, PolicyProfileMappingSchema, options),
    /** GET /policy-profile-mapping/{id} */
    getPolicyProfileMapping: (id: number, options?: CallOptions) =>
      call.get(
        { path: `/policy-profile-mapping/${segment(id)}` },
        PolicyProfileMappingSchema,
        options,
      ),
    /** POST /policy-profile-mapping */
    createPolicyProfileMapping: (body: PolicyProfileMappingBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/policy-profile-mapping' },
        body,
        PolicyProfileMappingSchema,
        options,
      ),
    /** DELETE /policy-profile-mapping/{id} */
    deletePolicyProfileMapping: (id: number, options?: CallOptions) =>
      call.remove({ path: `/policy-profile-mapping/${segment(id)}` }, options),
  };
}
