/**
 * The portal's account calls (issue 20, c20d): payment methods (list, add by token, default,
 * deactivate) and the billings they pay, each through its route-table entry.
 */
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { billingContract } from '@clinicpass/shared/contracts/billing';
import { paymentContract } from '@clinicpass/shared/contracts/payment';
import { policyContract } from '@clinicpass/shared/contracts/policy';
import type { PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import { useQueryClient, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { paymentMethodsQuery } from './billing';

/** The customer's payment methods as a list: the portal's one payment-methods query. */
export function usePaymentMethods() {
  return useQuery({ ...paymentMethodsQuery, select: (page) => page.results });
}

/** Refetches what a change of payment methods touches (their list, billings, policies). */
export function useRefreshPayments(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['portal'] });
}

/** A new idempotency key for one write (a retry of the same write reuses it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Adds a card from its provider token (after the setup intent the provider's form needs). */
export async function addCard(input: {
  token: string;
  holderName: string;
  isDefault: boolean;
  idempotencyKey: string;
}): Promise<PaymentMethod> {
  await callRoute(api, paymentContract.createSetupIntent, { body: {} });
  return callRoute(api, paymentContract.createPaymentMethod, {
    body: {
      gateway: 'stripe-card',
      token: input.token,
      holder_name: input.holderName,
      is_default: input.isDefault,
    },
    idempotencyKey: input.idempotencyKey,
  });
}

export function makeDefault(id: number) {
  return callRoute(api, paymentContract.replaceDefaultPaymentMethod, {
    body: { payment_method_id: id },
  });
}

/** The caller's policies whose billing `methodId` pays: `{ id, number }`. */
export async function policiesPaidBy(methodId: number) {
  const policies = await callRoute(api, policyContract.listPolicies, { query: { page_size: 100 } });
  const paid: { id: number; number: string }[] = [];
  for (const policy of policies.results) {
    if (policy.billing_id === null) continue;
    const billing = await callRoute(api, billingContract.getPolicyBilling, {
      params: { id: policy.id },
    });
    if (billing.payment_method === methodId && billing.status === 'active') {
      paid.push({ id: policy.id, number: policy.policy_number });
    }
  }
  return paid;
}

/** Moves `policyIds` onto `targetId` (when any), then deactivates `methodId`. */
export async function deactivate(
  methodId: number,
  move: { targetId: number; policyIds: number[] } | null,
) {
  if (move !== null && move.policyIds.length > 0) {
    await callRoute(api, billingContract.batchApplyPaymentMethod, {
      body: { payment_method_id: move.targetId, policy_ids: move.policyIds },
      idempotencyKey: newIdempotencyKey(),
    });
  }
  return callRoute(api, paymentContract.deactivatePaymentMethod, {
    params: { id: methodId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}
