// The named state-changing actions of spec platform-layer §4 and the statuses each may start
// from (the spec: "Permitted source states for each: not shown"; issues 6 and 7 and decision 056).
// The server refuses any other source with `invalid_state_transition` (409); the web uses the
// same sets to offer only the actions that can succeed.
import type {
  ApplicationCaseStatus,
  InvoiceStatus,
  PolicyStatus,
  ServiceRequestStatus,
} from './enums';

/** A policy can be terminated (or, in its free look, cancelled) only from these. */
export const TERMINABLE_POLICY_STATUSES = [
  'in-force',
  'free-looking',
] as const satisfies readonly PolicyStatus[];

/** The status a termination leaves a policy in: `canceled` during the free look, else `terminated`. */
export function terminatedStatus(
  from: (typeof TERMINABLE_POLICY_STATUSES)[number],
): Extract<PolicyStatus, 'canceled' | 'terminated'> {
  return from === 'free-looking' ? 'canceled' : 'terminated';
}

/** Policies whose payment method, beneficiaries or benefits may change. */
export const ACTIVE_POLICY_STATUSES = [
  'in-force',
  'free-looking',
  'suspended',
] as const satisfies readonly PolicyStatus[];

/** A service request is submitted from `draft` only. */
export const SUBMITTABLE_SERVICE_REQUEST_STATUSES = [
  'draft',
] as const satisfies readonly ServiceRequestStatus[];

/** A service request can be cancelled until the insurer has decided. */
export const CANCELLABLE_SERVICE_REQUEST_STATUSES = [
  'draft',
  'open',
  'offered',
] as const satisfies readonly ServiceRequestStatus[];

/** An outpatient application case is submitted from `draft` only. */
export const SUBMITTABLE_APPLICATION_CASE_STATUSES = [
  'draft',
] as const satisfies readonly ApplicationCaseStatus[];

/** Invoices that still want money. */
export const PAYABLE_INVOICE_STATUSES = [
  'open',
  'partially-paid',
] as const satisfies readonly InvoiceStatus[];

/** Whether `status` is one of `allowed`: `canMove(TERMINABLE_POLICY_STATUSES, policy.status)`. */
export function canMove<Status extends string>(
  allowed: readonly Status[],
  status: string,
): status is Status {
  return (allowed as readonly string[]).includes(status);
}
