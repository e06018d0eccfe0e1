/**
 * The portal's service-request calls (issue 20, c20d): the caller's requests, starting one,
 * its flow page and projection, submitting and cancelling; the termination flow's retention
 * offer and the termination itself. Each through its route-table entry.
 */
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { policyContract } from '@clinicpass/shared/contracts/policy';
import { productContract } from '@clinicpass/shared/contracts/product';
import { serviceRequestContract } from '@clinicpass/shared/contracts/service-request';
import type { ServiceRequestBody, TerminateBody } from '@clinicpass/shared/platform/bodies';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

import { newIdempotencyKey } from './account';

export const SERVICE_REQUESTS_KEY = ['portal', 'service-requests'] as const;

export function useServiceRequests() {
  return useQuery({
    queryKey: SERVICE_REQUESTS_KEY,
    queryFn: () =>
      callRoute(api, serviceRequestContract.listServiceRequests, {
        query: { ordering: '-create_date', page_size: 100 },
      }),
  });
}

export function useProductOptions(policyId: number | null) {
  return useQuery({
    queryKey: ['portal', 'product-options', policyId],
    queryFn: () =>
      callRoute(api, policyContract.listPolicyProductOptions, { params: { id: policyId ?? 0 } }),
    enabled: policyId !== null,
  });
}

/**
 * The product catalogue, to name an option's product (its answer gives only the code): a code is
 * never shown to a person (decision 222).
 */
export function useProductCatalogue(enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'products'],
    queryFn: () => callRoute(api, productContract.listProducts, { query: { page_size: 100 } }),
    enabled,
    staleTime: Infinity,
  });
}

export function createRequest(body: ServiceRequestBody, idempotencyKey: string) {
  return callRoute(api, serviceRequestContract.createServiceRequest, { body, idempotencyKey });
}

/** Where a request stands, and (for a product change) the first-year premium before and after. */
export function useRequestProgress(request: {
  id: number;
  policyId: number | null;
  productChange: boolean;
}) {
  return useQuery({
    queryKey: ['portal', 'service-request-progress', request.id],
    queryFn: async () => {
      const page = await callRoute(api, serviceRequestContract.getServiceRequestFlowPage, {
        params: { id: request.id },
      });
      if (!request.productChange || request.policyId === null)
        return { page, before: null, after: null };
      const [before, after] = await Promise.all([
        callRoute(api, policyContract.getPolicyProjection, {
          params: { id: request.policyId },
          query: { projection_years: 1 },
        }),
        callRoute(api, serviceRequestContract.getServiceRequestProjection, {
          params: { id: request.id },
          query: { projection_years: 1 },
        }),
      ]);
      return {
        page,
        before: before.projection[0]?.net_premium ?? null,
        after: after.projection[0]?.net_premium ?? null,
      };
    },
  });
}

export function submitRequest(id: number) {
  return callRoute(api, serviceRequestContract.submitServiceRequest, {
    params: { id },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}

export function cancelRequest(id: number) {
  return callRoute(api, serviceRequestContract.cancelServiceRequest, {
    params: { id },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}

export function startRetention(policyId: number, reason: TerminateBody['reason']) {
  return callRoute(api, policyContract.startRetentionSelling, {
    params: { id: policyId },
    body: { reason },
    idempotencyKey: newIdempotencyKey(),
  });
}

export function acceptOffer(sellingId: number) {
  return callRoute(api, policyContract.acceptPolicySelling, {
    params: { id: sellingId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}

export function terminatePolicy(policyId: number, body: TerminateBody) {
  return callRoute(api, policyContract.terminatePolicy, {
    params: { id: policyId },
    body,
    idempotencyKey: newIdempotencyKey(),
  });
}
