// Billing and invoices of the signed-in customer (spec platform-layer §7 "Invoices and billing"),
// with the policy calls about them: a policy's billing and invoices, and moving policies onto
// another payment method. Every route needs a signed-in customer (401 for a guest) and reaches
// only the caller's own policies: another customer's id answers 404 with no data.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import {
  BatchApplyPaymentMethodBodySchema,
  BillingPatchBodySchema,
  ReplacePaymentMethodBodySchema,
} from '@clinicpass/shared/platform/bodies';
import {
  BillingSchema,
  InvoiceSchema,
  PolicyInvoiceSchema,
} from '@clinicpass/shared/platform/entities/billing';
import { BatchApplyPaymentMethodResultSchema } from '@clinicpass/shared/platform/entities/results';
import {
  BillingQuerySchema,
  InvoiceQuerySchema,
  PolicyInvoiceQuerySchema,
} from '@clinicpass/shared/platform/queries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callerOf, IdempotencyHeadersSchema, nowOf, requireCustomer } from '../payment';
import { idempotent } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import type { DateField, DateOp, InvoiceFilters, InvoiceOrderField } from './billing.repository';
import * as service from './billing.service';

const tags = ['billing'];
const SIGN_IN_MESSAGE = 'Sign in to see your billing and invoices';

const DATE_FIELDS = ['coverage_start_date', 'coverage_end_date', 'due_date'] as const;
const DATE_OPS: readonly (readonly [string, DateOp])[] = [
  ['', '='],
  ['__gt', '>'],
  ['__gte', '>='],
  ['__lt', '<'],
  ['__lte', '<='],
];

/** The invoice list's filters from its parsed query; newest due date first unless ordered. */
function invoiceFilters(
  query: z.output<typeof InvoiceQuerySchema>,
): Omit<InvoiceFilters, 'userId'> {
  const dates: { field: DateField; op: DateOp; date: string }[] = [];
  const values = query as unknown as Record<string, unknown>;
  for (const field of DATE_FIELDS) {
    for (const [suffix, op] of DATE_OPS) {
      const value = values[`${field}${suffix}`];
      if (typeof value === 'string') dates.push({ field, op, date: value });
    }
  }
  const ordering = (query.ordering ?? '-due_date')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => ({
      field: part.replace(/^-/, '') as InvoiceOrderField,
      descending: part.startsWith('-'),
    }));
  return {
    statuses: query.status,
    invoiceType: query.invoice_type,
    policyNumber: query.policy_number,
    groupPolicyNumber: query.group_policy_number,
    company: query.company,
    billingCompany: query.billing_company,
    billingCompanyId: query.billing_company_id,
    dates,
    ordering,
  };
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => nowOf(app.clock);

  requireCustomer(app, SIGN_IN_MESSAGE);

  app.get(
    '/billing',
    {
      schema: {
        tags,
        summary: "Billings of the caller's policies",
        querystring: BillingQuerySchema,
        response: { 200: PaginatedSchema(BillingSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listBillings(
        app.db,
        callerOf(request),
        {
          status: q.status,
          frequency: q.frequency,
          policyNumber: q.policy_number,
          groupPolicyNumber: q.group_policy_number,
          paymentMethodId: q.payment_method_id,
        },
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.get(
    '/billing/:id',
    {
      schema: {
        tags,
        summary: 'One billing of the caller’s policies',
        params: IdParamsSchema,
        response: { 200: BillingSchema },
      },
    },
    async (request) => service.getBilling(app.db, callerOf(request), request.params.id),
  );

  app.patch(
    '/billing/:id',
    {
      schema: {
        tags,
        summary:
          "Changes a billing's frequency or payment method (an active, verified one of yours)",
        params: IdParamsSchema,
        body: BillingPatchBodySchema,
        response: { 200: BillingSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return app.db.transaction((tx) =>
        service.patchBilling(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.get(
    '/invoice',
    {
      schema: {
        tags,
        summary: "Invoices of the caller's policies, newest due date first unless ordered",
        querystring: InvoiceQuerySchema,
        response: { 200: PaginatedSchema(InvoiceSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listInvoices(
        app.db,
        callerOf(request),
        invoiceFilters(q),
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.get(
    '/invoice/:id',
    {
      schema: {
        tags,
        summary: 'One invoice of the caller’s policies',
        params: IdParamsSchema,
        response: { 200: InvoiceSchema },
      },
    },
    async (request) => service.getInvoice(app.db, callerOf(request), request.params.id),
  );

  app.get(
    '/policy/:id/billing',
    {
      schema: {
        tags,
        summary: 'The billing of one of the caller’s policies',
        params: IdParamsSchema,
        response: { 200: BillingSchema },
      },
    },
    async (request) => service.getPolicyBilling(app.db, callerOf(request), request.params.id),
  );

  app.get(
    '/policy/:id/invoices',
    {
      schema: {
        tags,
        summary: 'Invoices of one of the caller’s policies (page 1 of 100 by default)',
        params: IdParamsSchema,
        querystring: PolicyInvoiceQuerySchema,
        response: { 200: PaginatedSchema(PolicyInvoiceSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listPolicyInvoices(
        app.db,
        callerOf(request),
        request.params.id,
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.post(
    '/policy/:id/replace-payment-method',
    {
      schema: {
        tags,
        summary:
          "Pays a policy's billing with another active, verified method of yours; honours Idempotency-Key",
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ReplacePaymentMethodBodySchema,
        response: { 200: BillingSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.replacePaymentMethod(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.post(
    '/policy/batch-apply-payment-method',
    {
      schema: {
        tags,
        summary:
          'Pays the billings of several policies with one method; all or none; honours Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: BatchApplyPaymentMethodBodySchema,
        response: { 200: BatchApplyPaymentMethodResultSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.batchApplyPaymentMethod(tx, caller, at, request.body),
      );
    },
  );
};
