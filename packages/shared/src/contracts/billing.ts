// Route table: billing and invoices of the signed-in customer (spec platform-layer §7 "Invoices
// and billing"), with the policy calls about them: a policy's billing and invoices, and moving
// policies onto another payment method. Only the caller's own policies (404 otherwise).
import { PaginatedSchema } from '../api-client/pagination';
import {
  BatchApplyPaymentMethodBodySchema,
  BillingPatchBodySchema,
  PayInvoiceBodySchema,
  ReplacePaymentMethodBodySchema,
} from '../platform/bodies';
import {
  BillingSchema,
  InvoicePageSchema,
  InvoiceSchema,
  PolicyInvoiceSchema,
} from '../platform/entities/billing';
import { BatchApplyPaymentMethodResultSchema } from '../platform/entities/results';
import { IdParamsSchema } from '../platform/params';
import {
  BillingQuerySchema,
  InvoiceQuerySchema,
  PolicyInvoiceQuerySchema,
} from '../platform/queries';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['billing'] as const;
const area = 'customer';
const auth = 'customer';

const READ_ONE = ['validation_error', 'unauthenticated', 'not_found'] as const;
/** Paying a billing with another method: the method must be active and verified. */
const MOVE = [...READ_ONE, 'invalid_state_transition'] as const;

export const billingContract = {
  listBillings: defineRoute({
    method: 'GET',
    area,
    path: '/billing',
    query: BillingQuerySchema,
    responses: { 200: PaginatedSchema(BillingSchema) },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "Billings of the caller's policies",
  }),
  getBilling: defineRoute({
    method: 'GET',
    area,
    path: '/billing/:id',
    params: IdParamsSchema,
    responses: { 200: BillingSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'One billing of the caller’s policies',
  }),
  updateBilling: defineRoute({
    method: 'PATCH',
    area,
    path: '/billing/:id',
    params: IdParamsSchema,
    body: BillingPatchBodySchema,
    responses: { 200: BillingSchema },
    errors: MOVE,
    auth,
    tags,
    summary: "Changes a billing's frequency or payment method (an active, verified one of yours)",
  }),
  listInvoices: defineRoute({
    method: 'GET',
    area,
    path: '/invoice',
    query: InvoiceQuerySchema,
    responses: { 200: InvoicePageSchema },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "Invoices of the caller's policies, newest due date first unless ordered",
  }),
  getInvoice: defineRoute({
    method: 'GET',
    area,
    path: '/invoice/:id',
    params: IdParamsSchema,
    responses: { 200: InvoiceSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'One invoice of the caller’s policies',
  }),
  payInvoice: defineRoute({
    method: 'POST',
    area,
    path: '/invoice/:id/pay',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: PayInvoiceBodySchema,
    responses: { 200: InvoiceSchema },
    errors: [
      ...READ_ONE,
      'invoice_not_payable',
      'payment_method_not_usable',
      'card_declined',
      'card_authentication_failed',
      'idempotency_key_reused',
      'service_unavailable',
    ],
    auth,
    tags,
    summary: 'Pays the outstanding amount of one of the caller’s invoices with a saved card',
  }),
  getPolicyBilling: defineRoute({
    method: 'GET',
    area,
    path: '/policy/:id/billing',
    params: IdParamsSchema,
    responses: { 200: BillingSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'The billing of one of the caller’s policies',
  }),
  listPolicyInvoices: defineRoute({
    method: 'GET',
    area,
    path: '/policy/:id/invoices',
    params: IdParamsSchema,
    query: PolicyInvoiceQuerySchema,
    responses: { 200: PaginatedSchema(PolicyInvoiceSchema) },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'Invoices of one of the caller’s policies (page 1 of 100 by default)',
  }),
  replacePaymentMethod: defineRoute({
    method: 'POST',
    area,
    path: '/policy/:id/replace-payment-method',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: ReplacePaymentMethodBodySchema,
    responses: { 200: BillingSchema },
    errors: [...MOVE, 'idempotency_key_reused'],
    auth,
    tags,
    summary:
      "Pays a policy's billing with another active, verified method of yours; honours Idempotency-Key",
  }),
  batchApplyPaymentMethod: defineRoute({
    method: 'POST',
    area,
    path: '/policy/batch-apply-payment-method',
    headers: IdempotencyHeadersSchema,
    body: BatchApplyPaymentMethodBodySchema,
    responses: { 200: BatchApplyPaymentMethodResultSchema },
    errors: [...MOVE, 'idempotency_key_reused'],
    auth,
    tags,
    summary:
      'Pays the billings of several policies with one method; all or none; honours Idempotency-Key',
  }),
} as const;
