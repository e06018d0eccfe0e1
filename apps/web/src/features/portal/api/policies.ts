/**
 * The portal's reads of the platform API, each a query keyed under `portal`: every call goes
 * through its route-table entry (`callRoute`), so answers are validated as the server declares
 * them. A sign-out clears the whole cache with the session. The landing's two reads (the
 * policies, each one's next premium) are in landing-routes.ts, without the route tables.
 */
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { policyContract } from '@clinicpass/shared/contracts/policy';
import { billingContract } from '@clinicpass/shared/contracts/billing';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { fetchPolicyMedicalCards } from '../../../lib/medical-cards';

/** More than anyone holds: the portal lists every policy on one page. */
const ALL = 100;

/** One policy in full; `null` (an address that is no id) asks nothing. */
export function usePolicy(id: number | null) {
  return useQuery({
    queryKey: ['portal', 'policy', id],
    queryFn: () => callRoute(api, policyContract.getPolicy, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function usePolicyBilling(id: number) {
  return useQuery({
    queryKey: ['portal', 'policy-billing', id],
    queryFn: () => callRoute(api, billingContract.getPolicyBilling, { params: { id } }),
  });
}

export function usePolicyCoverage(id: number) {
  return useQuery({
    queryKey: ['portal', 'coverage', id],
    queryFn: () => callRoute(api, policyContract.getPolicyCoverage, { params: { id } }),
  });
}

export function usePolicyClaimBalance(id: number) {
  return useQuery({
    queryKey: ['portal', 'claim-balance', id],
    queryFn: () => callRoute(api, policyContract.getPolicyClaimBalance, { params: { id } }),
  });
}

export function usePolicyCoupons(id: number) {
  return useQuery({
    queryKey: ['portal', 'coupons', id],
    queryFn: () =>
      callRoute(api, policyContract.listPolicyCoupons, {
        params: { id },
        query: { page_size: ALL },
      }),
  });
}

/** The policy's member cards (outpatient policies; none for a policy without a network). */
export function usePolicyMemberCards(policyNumber: string) {
  return useQuery({
    queryKey: ['portal', 'member-cards', policyNumber],
    queryFn: async () =>
      (await fetchPolicyMedicalCards(policyNumber)).filter(
        (card) => card.card_type === 'outpatient-card',
      ),
  });
}

export function usePolicyEvents(policyNumber: string) {
  return useQuery({
    queryKey: ['portal', 'events', policyNumber],
    queryFn: () =>
      callRoute(api, policyContract.listPolicyEvents, {
        query: { policy_number: policyNumber, page_size: ALL },
      }),
  });
}

export function useTaxReports(policyNumber: string) {
  return useQuery({
    queryKey: ['portal', 'tax-reports', policyNumber],
    queryFn: () =>
      callRoute(api, policyContract.listTaxReports, {
        query: { policy_number: policyNumber, page_size: ALL },
      }),
  });
}

export function useRenewals(policyNumber: string) {
  return useQuery({
    queryKey: ['portal', 'renewals', policyNumber],
    queryFn: () =>
      callRoute(api, policyContract.listPolicyRenewals, {
        query: { policy_number: policyNumber, page_size: ALL },
      }),
  });
}
