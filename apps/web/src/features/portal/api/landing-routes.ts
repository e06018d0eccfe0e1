/**
 * The portal landing's two reads (My policies: the caller's policies, each one's next unpaid
 * invoice), called without their route tables (decision 210), as the member shell's own calls
 * are (decision 202): importing `policyContract` or `billingContract` builds every entry's
 * request and body schemas, and brings the shared validation rules and the Hong Kong clock with
 * date-fns, ~6 KiB gzip of the portal's first load for two calls. These send the same request
 * and validate the answer with the very schema their entries declare
 * (`policyContract.listPolicies`, `billingContract.listInvoices`); `landing-routes.test.ts` holds
 * each to its entry. The portal's other calls go through `callRoute`.
 */
import type { ApiArea } from '@clinicpass/shared/api-client/client';
import type { Paginated } from '@clinicpass/shared/api-client/pagination';
import { InvoicePageSchema, type Invoice } from '@clinicpass/shared/platform/entities/billing';
import { PolicyPageSchema, type Policy } from '@clinicpass/shared/platform/entities/policy';
import { useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';

import { api } from '../../../lib/api';

/** Each call's route (as its route-table entry has it) and answer schema. */
export const LANDING_ROUTES = {
  listPolicies: { method: 'GET', area: 'customer', path: '/policy', response: PolicyPageSchema },
  listInvoices: { method: 'GET', area: 'customer', path: '/invoice', response: InvoicePageSchema },
} as const satisfies Record<
  string,
  { method: 'GET'; area: ApiArea; path: string; response: ZodType }
>;

type Query = Readonly<Record<string, string | number>>;

/** A list page, its pagination read from `Content-Range` first, as `callRoute` reads it. */
async function listPage<Item>(
  route: { method: 'GET'; area: ApiArea; path: string; response: ZodType<Paginated<Item>> },
  query: Query,
): Promise<Paginated<Item>> {
  const { method, area, path, response } = route;
  const answer = await api.request({ method, area, path, query, schema: response });
  return answer.pagination === null
    ? answer.data
    : { ...answer.data, pagination: answer.pagination };
}

/** GET /policy: a page of the caller's policies. */
export function fetchPolicies(query: { page_size: number }): Promise<Paginated<Policy>> {
  return listPage(LANDING_ROUTES.listPolicies, query);
}

/** GET /invoice: a page of the caller's invoices. */
export function fetchInvoices(query: {
  policy_number: string;
  status: string;
  ordering: string;
  page_size: number;
}): Promise<Paginated<Invoice>> {
  return listPage(LANDING_ROUTES.listInvoices, query);
}

/** More than anyone holds: the portal lists every policy on one page. */
const ALL = 100;

/** Every policy the caller owns (My policies, and the pickers of other pages). */
export function usePolicies() {
  return useQuery({
    queryKey: ['portal', 'policies'],
    queryFn: () => fetchPolicies({ page_size: ALL }),
  });
}

/** The next premium: the policy's earliest unpaid invoice (amount still owed and due date). */
export function useNextPremium(policyNumber: string) {
  return useQuery({
    queryKey: ['portal', 'next-premium', policyNumber],
    queryFn: async () => {
      const page = await fetchInvoices({
        policy_number: policyNumber,
        status: 'open,partially-paid',
        ordering: 'due_date',
        page_size: 1,
      });
      return page.results[0] ?? null;
    },
  });
}
