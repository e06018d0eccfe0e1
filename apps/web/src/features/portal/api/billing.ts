import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { billingContract } from '@clinicpass/shared/contracts/billing';
import { paymentContract } from '@clinicpass/shared/contracts/payment';
import type { InvoiceQuery } from '@clinicpass/shared/platform/queries';
import { keepPreviousData, useMutation, useQueryClient, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

/** A page of invoices under the filters; the previous page stays shown while the next loads. */
export function useInvoices(query: InvoiceQuery) {
  return useQuery({
    queryKey: ['portal', 'invoices', query],
    queryFn: () => callRoute(api, billingContract.listInvoices, { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The customer's payment methods (every status), one query under one key for every screen that
 * shows them (a second shape under the same key would reach the other screens from the cache).
 * Asked again whenever a screen showing them opens: the billings they name are read fresh, and
 * another device may just have moved one to a card a list cached from an earlier screen has
 * never seen (it read as "No payment method").
 */
export const paymentMethodsQuery = {
  queryKey: ['portal', 'payment-methods'],
  queryFn: () => callRoute(api, paymentContract.listPaymentMethods, { query: { page_size: 100 } }),
  staleTime: 0,
};

/** The customer's payment methods, to name an invoice's or a billing's method. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery);
}

/** Pays the policy's billing with another method; one Idempotency-Key per attempt. */
export function useReplacePaymentMethod(policyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentMethodId, key }: { paymentMethodId: number; key: string }) =>
      callRoute(api, billingContract.replacePaymentMethod, {
        params: { id: policyId },
        body: { payment_method_id: paymentMethodId },
        idempotencyKey: key,
      }),
    onSuccess: async (billing) => {
      client.setQueryData(['portal', 'policy-billing', policyId], billing);
      await client.invalidateQueries({ queryKey: ['portal', 'payment-methods'] });
    },
  });
}
