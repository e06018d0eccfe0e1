// Paying an invoice online with a saved card (issue 42, decision 337). The owner pays an open,
// partially paid or overdue invoice of their own policy with one of their cards; the card
// provider takes the outstanding amount; the invoice is then paid, the payment recorded with the
// provider's id, the billing paid to the end of the invoice's cover, and a receipt queued by
// email in the owner's language. The provider's idempotency key is the invoice and its attempt:
// a request retried after its transaction failed charges once, and is recorded then.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { LANGUAGE_PREFIXES } from '@clinicpass/shared/i18n/languages';
import { invoiceNumber } from '@clinicpass/shared/platform/documents';
import { formatMoney } from '@clinicpass/shared/platform/format';
import type { Invoice } from '@clinicpass/shared/platform/entities/billing';
import { and, eq, sql } from 'drizzle-orm';
import { billing, invoice, invoicePayment, paymentMethod } from '../../db/billing-schema';
import type { Database } from '../../db/client';
import { appUser, policy } from '../../db/schema';
import type { Caller, Now } from '../../plugins/request-context';
import { type CardProvider, isUsable, providerCustomer, requireMethod } from '../payment';
import * as repo from './billing.repository';
import { toInvoice } from './billing.service';

/** The statuses an invoice may be paid in. */
export const PAYABLE_STATUSES: readonly string[] = ['open', 'partially-paid'];

/** Queues a message in `executor`'s transaction (the app's `delivery`). */
export interface ReceiptSender {
  send(
    message: {
      channel: 'email';
      to: string;
      subject: string;
      body: string;
      language: Language;
      link?: string;
    },
    executor: Database,
  ): Promise<void>;
}

const RECEIPT: Record<
  Language,
  (f: { number: string; amount: string; card: string }) => { subject: string; body: string }
> = {
  en: (f) => ({
    subject: `Receipt for invoice ${f.number}`,
    body: `We received ${f.amount} for invoice ${f.number}, paid by ${f.card}. Thank you.`,
  }),
  'zh-HK': (f) => ({
    subject: `發票 ${f.number} 的收據`,
    body: `我們已收到發票 ${f.number} 的款項 ${f.amount}，以 ${f.card} 支付。謝謝。`,
  }),
};

export interface PayInvoiceOptions {
  provider: CardProvider;
  sender: ReceiptSender;
  publicUrl: string;
  language: Language;
}

/** Pays the caller's invoice `id` with their card `paymentMethodId` (or the invoice's own). */
export async function payInvoice(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: { payment_method_id?: number | undefined },
  options: PayInvoiceOptions,
): Promise<Invoice> {
  const [locked] = await db
    .select({ id: invoice.id })
    .from(invoice)
    .innerJoin(policy, eq(policy.id, invoice.policyId))
    .where(and(eq(invoice.id, id), eq(policy.ownerUserId, caller.userId)))
    .for('update', { of: invoice });
  if (!locked) throw new AppError('not_found', { message: `No invoice ${id}` });
  const row = await repo.findOwnedInvoice(db, caller.userId, id);
  if (!row) throw new AppError('not_found', { message: `No invoice ${id}` });
  const outstanding = row.invoice.outstandingAmount;
  if (!PAYABLE_STATUSES.includes(row.invoice.status) || outstanding <= 0) {
    throw new AppError('invoice_not_payable', {
      message: `Invoice ${invoiceNumber(id)} is ${row.invoice.status}: there is nothing to pay`,
      details: { status: row.invoice.status },
    });
  }
  const methodId = body.payment_method_id ?? row.invoice.paymentMethodId;
  if (methodId === null) {
    throw validationError(
      [{ path: 'body.payment_method_id', message: 'is required', key: 'required' }],
      { message: 'Choose the card to pay with (payment_method_id)' },
    );
  }
  const method = await requireMethod(db, caller, methodId);
  if (method.gateway !== 'stripe-card' || !isUsable(method) || method.gatewayReference === null) {
    throw new AppError('payment_method_not_usable', {
      message: 'Only an active card can pay an invoice online',
      details: { issues: [{ path: 'body.payment_method_id', message: 'is not an active card' }] },
    });
  }
  const attempt = row.invoice.attemptCount + 1;
  const customer = await providerCustomer(db, options.provider, caller.userId);
  const { reference } = await options.provider.charge({
    token: method.gatewayReference,
    customer,
    amount: outstanding,
    currency: row.invoice.currency,
    idempotencyKey: `invoice-${id}-attempt-${attempt}`,
    description: `ClinicPass invoice ${invoiceNumber(id)}`,
  });
  await db.insert(invoicePayment).values({
    invoiceId: id,
    paymentMethodId: method.id,
    amount: outstanding,
    currency: row.invoice.currency,
    provider: options.provider.name,
    providerReference: reference,
    createDate: now.instant,
  });
  await db
    .update(invoice)
    .set({
      status: 'paid',
      outstandingAmount: 0,
      attemptCount: attempt,
      paymentMethodId: method.id,
      updateDate: now.instant,
    })
    .where(eq(invoice.id, id));
  await db
    .update(billing)
    .set({
      paidToDate: sql`greatest(${billing.paidToDate}, ${row.invoice.coverageEndDate}::date)`,
      updateDate: now.instant,
    })
    .where(eq(billing.id, row.invoice.billingId));
  const [owner] = await db
    .select({ email: appUser.email })
    .from(appUser)
    .where(eq(appUser.id, caller.userId));
  if (owner) {
    const text = RECEIPT[options.language]({
      number: invoiceNumber(id),
      amount: formatMoney(outstanding, row.invoice.currency),
      card: method.label,
    });
    await options.sender.send(
      {
        channel: 'email',
        to: owner.email,
        ...text,
        language: options.language,
        link: `${options.publicUrl.replace(/\/$/, '')}/portal/#/${LANGUAGE_PREFIXES[options.language]}/manage/p/${row.invoice.policyId}/invoices`,
      },
      db,
    );
  }
  const paid = await repo.findOwnedInvoice(db, caller.userId, id);
  if (!paid) throw new Error(`invoice ${id} vanished while being paid`);
  return toInvoice(paid);
}

/** The payments taken online for the caller's invoice `id`, oldest first (Hong Kong dates). */
export async function invoicePayments(
  db: Database,
  caller: Caller,
  id: number,
): Promise<{ date: string; amount: number; method: string }[]> {
  const rows = await db
    .select({
      date: sql<string>`to_char(${invoicePayment.createDate} AT TIME ZONE 'Asia/Hong_Kong', 'YYYY-MM-DD')`,
      amount: invoicePayment.amount,
      method: paymentMethod.label,
    })
    .from(invoicePayment)
    .innerJoin(invoice, eq(invoice.id, invoicePayment.invoiceId))
    .innerJoin(policy, eq(policy.id, invoice.policyId))
    .innerJoin(paymentMethod, eq(paymentMethod.id, invoicePayment.paymentMethodId))
    .where(and(eq(invoicePayment.invoiceId, id), eq(policy.ownerUserId, caller.userId)))
    .orderBy(invoicePayment.id);
  return rows;
}
