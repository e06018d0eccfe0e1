// Billing and invoices of the signed-in customer (spec platform-layer §7 "Invoices and billing"),
// with the policy calls about them: a policy's billing and invoices, and moving policies onto
// another payment method. Every route needs a signed-in customer (401 for a guest) and reaches
// only the caller's own policies: another customer's id answers 404 with no data.
import { billingContract as contract } from '@clinicpass/shared/contracts/billing';
import type { InvoiceQuerySchema } from '@clinicpass/shared/platform/queries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { route } from '../../lib/contract-route';
import { type CardProvider, requireCustomer } from '../payment';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import type { DateField, DateOp, InvoiceFilters, InvoiceOrderField } from './billing.repository';
import * as service from './billing.service';
import { requestLanguage } from '../../plugins/errors';
import { payInvoice } from './invoice-payment.service';

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

export const billingRoutes: FastifyPluginAsyncZod<{ cardProvider: CardProvider }> = async (
  app,
  { cardProvider },
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
) => {
  requireCustomer(app, SIGN_IN_MESSAGE);

  route(app, contract.listBillings, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listBillings(
      app.db,
      request.requireCaller(),
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
  });

  route(app, contract.getBilling, async (request) =>
    service.getBilling(app.db, request.requireCaller(), request.params.id),
  );

  route(app, contract.updateBilling, async (request) => {
    const caller = request.requireCaller();
    return app.db.transaction((tx) =>
      service.patchBilling(tx, caller, request.now, request.params.id, request.body),
    );
  });

  route(app, contract.listInvoices, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listInvoices(
      app.db,
      request.requireCaller(),
      invoiceFilters(q),
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.getInvoice, async (request) =>
    service.getInvoice(app.db, request.requireCaller(), request.params.id),
  );

  route(app, contract.payInvoice, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      payInvoice(tx, caller, now, request.params.id, request.body, {
        provider: cardProvider,
        sender: app.delivery,
        publicUrl: app.config.publicUrl,
        language: requestLanguage(request),
      }),
    ),
  );

  route(app, contract.getPolicyBilling, async (request) =>
    service.getPolicyBilling(app.db, request.requireCaller(), request.params.id),
  );

  route(app, contract.listPolicyInvoices, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listPolicyInvoices(
      app.db,
      request.requireCaller(),
      request.params.id,
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.replacePaymentMethod, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.replacePaymentMethod(tx, caller, now, request.params.id, request.body),
    ),
  );

  route(app, contract.batchApplyPaymentMethod, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.batchApplyPaymentMethod(tx, caller, now, request.body),
    ),
  );
};
