import type { ApiClient } from '../../api-client/client';
import { policyContract as contract } from '../../contracts/policy';
import { MedicalCardSchema } from '../../schemas/outpatient';
import { billingContract } from '../../contracts/billing';
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
import { createCaller } from './call';
import type { CallOptions } from './call';
import { callPlatformRoute as callRoute } from './route';

/** Policy calls (spec platform-layer §7 "Policies"), by the route table (contracts/policy.ts). */
export function policyCalls(api: ApiClient) {
  const call = createCaller(api);
  return {
    /** GET /policy */
    listPolicies: (query?: PolicyListQuery, options?: CallOptions) =>
      callRoute(api, contract.listPolicies, { query, ...options }),
    /** GET /policy/{id} */
    getPolicy: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getPolicy, { params: { id }, ...options }),
    /** GET /policy/{id}/coverage */
    getPolicyCoverage: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getPolicyCoverage, { params: { id }, ...options }),
    /** GET /policy/{id}/coupon */
    listPolicyCoupons: (id: number, options?: CallOptions) =>
      callRoute(api, contract.listPolicyCoupons, { params: { id }, ...options }),
    /** GET /policy/{id}/claim-balance */
    getPolicyClaimBalance: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getPolicyClaimBalance, { params: { id }, ...options }),
    /** GET /policy/{id}/billing */
    getPolicyBilling: (id: number, options?: CallOptions) =>
      callRoute(api, billingContract.getPolicyBilling, { params: { id }, ...options }),
    /** GET /policy/{id}/invoices, page 1 of 100 unless asked otherwise. */
    listPolicyInvoices: (
      id: number,
      query: PolicyInvoiceQuery = INVOICE_LIST_QUERY,
      options?: CallOptions,
    ) => callRoute(api, billingContract.listPolicyInvoices, { params: { id }, query, ...options }),
    /** GET /policy/{id}/projection?mode&projection_years */
    getPolicyProjection: (id: number, query?: ProjectionQuery, options?: CallOptions) =>
      callRoute(api, contract.getPolicyProjection, { params: { id }, query, ...options }),
    /** GET /policy/bulk-projection?mode&projection_years&policy_number__in */
    getBulkProjection: (query: BulkProjectionQuery, options?: CallOptions) =>
      callRoute(api, contract.getBulkProjection, { query, ...options }),
    /** POST /policy/{number}/project-premium */
    projectPremium: (policyNumber: string, body: ProjectPremiumBody, options?: CallOptions) =>
      callRoute(api, contract.projectPremium, {
        params: { number: policyNumber },
        body,
        ...options,
      }),
    /** GET /policy/medical-card?policy_number&card_type */
    listMedicalCards: (query: MedicalCardQuery, options?: CallOptions) =>
      call.list({ path: '/policy/medical-card', query }, MedicalCardSchema, options),
    /** POST /policy/{id}/allocate-benefit */
    allocateBenefit: (id: number, body: AllocateBenefitBody, options?: CallOptions) =>
      callRoute(api, contract.allocateBenefit, { params: { id }, body, ...options }),
    /** POST /policy/{id}/replace-payment-method */
    replacePaymentMethod: (id: number, body: ReplacePaymentMethodBody, options?: CallOptions) =>
      callRoute(api, billingContract.replacePaymentMethod, { params: { id }, body, ...options }),
    /** POST /policy/batch-apply-payment-method */
    batchApplyPaymentMethod: (body: BatchApplyPaymentMethodBody, options?: CallOptions) =>
      callRoute(api, billingContract.batchApplyPaymentMethod, { body, ...options }),
    /** POST /policy/{id}/terminate */
    terminatePolicy: (id: number, body: TerminateBody, options?: CallOptions) =>
      callRoute(api, contract.terminatePolicy, { params: { id }, body, ...options }),
    /** POST /policy/{id}/beneficiaries: replaces the beneficiaries. */
    setBeneficiaries: (id: number, body: BeneficiariesBody, options?: CallOptions) =>
      callRoute(api, contract.setBeneficiaries, { params: { id }, body, ...options }),
    /** POST /policy/{id}/retention-selling: starts a termination, maybe with an offer. */
    startRetentionSelling: (id: number, body: RetentionSellingBody, options?: CallOptions) =>
      callRoute(api, contract.startRetentionSelling, { params: { id }, body, ...options }),
    /** POST /policy-selling/{id}/accept */
    acceptPolicySelling: (id: number, options?: CallOptions) =>
      callRoute(api, contract.acceptPolicySelling, { params: { id }, ...options }),
    /** POST /policy/redeem-validation */
    validateRedeem: (body: RedeemPolicyBody, options?: CallOptions) =>
      callRoute(api, contract.validateRedeem, { body, ...options }),
    /** POST /policy/redeem */
    redeemPolicy: (body: RedeemPolicyBody, options?: CallOptions) =>
      callRoute(api, contract.redeemPolicy, { body, ...options }),
    /** POST /group-policy/{id}/remove */
    removeGroupPolicyMembers: (id: number, body: GroupPolicyRemoveBody, options?: CallOptions) =>
      callRoute(api, contract.removeGroupPolicyMembers, { params: { id }, body, ...options }),
    /** GET /group-member-policy/{id}/movement-date-range */
    getMovementDateRange: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getMovementDateRange, { params: { id }, ...options }),
    /** GET /policy-event */
    listPolicyEvents: (query?: PolicyEventQuery, options?: CallOptions) =>
      callRoute(api, contract.listPolicyEvents, { query, ...options }),
    /** GET /tax-report?policy_number */
    listTaxReports: (query?: PolicyNumberQuery, options?: CallOptions) =>
      callRoute(api, contract.listTaxReports, { query, ...options }),
    /** GET /policy-renewal?policy_number */
    listPolicyRenewals: (query?: PolicyNumberQuery, options?: CallOptions) =>
      callRoute(api, contract.listPolicyRenewals, { query, ...options }),
    /** GET /policy-product-document (group product documents) */
    listGroupProductDocuments: (query?: PolicyProductDocumentQuery, options?: CallOptions) =>
      callRoute(api, contract.listGroupProductDocuments, { query, ...options }),
    /** POST /policy-survey-attempt */
    createSurveyAttempt: (body: PolicySurveyAttemptBody, options?: CallOptions) =>
      callRoute(api, contract.createSurveyAttempt, { body, ...options }),
    /** GET /policy-profile-mapping */
    listPolicyProfileMappings: (query?: PolicyProfileMappingQuery, options?: CallOptions) =>
      callRoute(api, contract.listPolicyProfileMappings, { query, ...options }),
    /** GET /policy-profile-mapping/{id} */
    getPolicyProfileMapping: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getPolicyProfileMapping, { params: { id }, ...options }),
    /** POST /policy-profile-mapping */
    createPolicyProfileMapping: (body: PolicyProfileMappingBody, options?: CallOptions) =>
      callRoute(api, contract.createPolicyProfileMapping, { body, ...options }),
    /** DELETE /policy-profile-mapping/{id} */
    deletePolicyProfileMapping: async (id: number, options?: CallOptions): Promise<void> => {
      await callRoute(api, contract.deletePolicyProfileMapping, { params: { id }, ...options });
    },
  };
}
