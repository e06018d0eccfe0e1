// Billing and invoice rules: ownership through the policy (another customer's billing, invoice or
// policy is not found), the billing change (frequency or payment method) and the payment method
// moves of one policy or a batch (decision 073). A move changes everything or nothing.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { documentPaths, invoiceNumber } from '@clinicpass/shared/platform/documents';
import type {
  BatchApplyPaymentMethodBody,
  BillingPatchBody,
  ReplacePaymentMethodBody,
} from '@clinicpass/shared/platform/bodies';
import type {
  Billing,
  CompanyRef,
  Invoice,
  PolicyInvoice,
  PremiumBreakdownItem,
} from '@clinicpass/shared/platform/entities/billing';
import type {
  BillingStatus,
  InvoiceStatus,
  InvoiceType,
  PaymentFrequency,
} from '@clinicpass/shared/platform/enums';
import { ACTIVE_POLICY_STATUSES, canMove } from '@clinicpass/shared/platform/transitions';
import type { Database } from '../../db/client';
import * as paymentService from '../payment/payment.service';
import { findOwnedPolicy, type Caller, type Now } from '../policy/policy.service';
import * as repo from './billing.repository';

function notFound(what: string): AppError {
  return new AppError('not_found', { message: `No ${what}` });
}

// ---------------------------------------------------------------- shapes

export function toBilling(row: repo.BillingRow): Billing {
  return {
    id: row.id,
    billed_to_date: row.billedToDate,
    billing_anchor_date: row.billingAnchorDate,
    currency: row.currency,
    frequency: row.frequency as PaymentFrequency,
    next_invoice: row.nextInvoice,
    paid_to_date: row.paidToDate,
    payment_method: row.paymentMethodId,
    status: row.status as BillingStatus,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

function toCompany(ref: { id: number; nameEn: string; nameZh: string } | null): CompanyRef | null {
  return ref === null ? null : { id: ref.id, name_en: ref.nameEn, name_zh: ref.nameZh };
}

export function toInvoice(row: repo.InvoiceRow): Invoice {
  const i = row.invoice;
  return {
    id: i.id,
    attempt_count: i.attemptCount,
    billing_id: i.billingId,
    billing_company: toCompany(row.billingCompany),
    coverage_start_date: i.coverageStartDate,
    coverage_end_date: i.coverageEndDate,
    currency: i.currency,
    // Every invoice has its PDF at our own address (decision 197).
    document: {
      name: i.document?.name ?? `Invoice ${invoiceNumber(i.id)}`,
      url: documentPaths.invoice(i.id),
    },
    due_date: i.dueDate,
    group_policy_number: i.groupPolicyNumber,
    company: { id: row.company.id, name_en: row.company.nameEn, name_zh: row.company.nameZh },
    invoice_type: i.invoiceType as InvoiceType,
    levy_amount: i.levyAmount,
    levy_percent: i.levyPercent,
    policy_number: row.policyNumber,
    policy_year: i.policyYear,
    pre_discount_amount: i.preDiscountAmount,
    pre_levy_amount: i.preLevyAmount,
    pre_levy_amount_breakdown: i.preLevyAmountBreakdown as PremiumBreakdownItem[],
    product_id: i.productId,
    refund_date: i.refundDate,
    refunded_amount: i.refundedAmount,
    status: i.status as InvoiceStatus,
    total_amount: i.totalAmount,
    outstanding_amount: i.outstandingAmount,
    payment_method: i.paymentMethodId,
    void_date: i.voidDate,
    create_date: i.createDate.toISOString(),
    update_date: i.updateDate.toISOString(),
  };
}

function toPolicyInvoice(row: repo.InvoiceRow): PolicyInvoice {
  return { ...toInvoice(row), billing: row.invoice.billingId, user_id: row.userId ?? '' };
}

// ---------------------------------------------------------------- billings

export async function listBillings(
  db: Database,
  caller: Caller,
  filters: Omit<repo.BillingFilters, 'userId'>,
  window: { offset: number; limit: number },
): Promise<{ items: Billing[]; total: number }> {
  const { rows, total } = await repo.listBillings(
    db,
    { userId: caller.userId, ...filters },
    window,
  );
  return { items: rows.map((row) => toBilling(row.billing)), total };
}

export async function getBilling(db: Database, caller: Caller, id: number): Promise<Billing> {
  const row = await repo.findOwnedBilling(db, caller.userId, { id });
  if (!row) throw notFound('billing');
  return toBilling(row.billing);
}

async function requirePolicy(db: Database, caller: Caller, policyId: number) {
  const row = await findOwnedPolicy(db, caller.userId, policyId);
  if (!row) throw notFound('policy');
  return row;
}

export async function getPolicyBilling(
  db: Database,
  caller: Caller,
  policyId: number,
): Promise<Billing> {
  await requirePolicy(db, caller, policyId);
  const row = await repo.findOwnedBilling(db, caller.userId, { policyId });
  if (!row) throw notFound('billing for this policy');
  return toBilling(row.billing);
}

/** A billing may change while it is not canceled and its policy is active. */
function assertChangeable(row: repo.OwnedBillingRow): void {
  if (row.billing.status === 'canceled') {
    throw new AppError('invalid_state_transition', {
      message: `The billing of policy ${row.policyNumber} is canceled and cannot change`,
    });
  }
  if (!canMove(ACTIVE_POLICY_STATUSES, row.policyStatus)) {
    throw new AppError('invalid_state_transition', {
      message: `Policy ${row.policyNumber} is ${row.policyStatus}: its billing cannot change`,
    });
  }
}

/** Changes a billing's frequency and/or payment method (the caller's own, active, verified). */
export async function patchBilling(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: BillingPatchBody,
): Promise<Billing> {
  const row = await repo.findOwnedBilling(db, caller.userId, { id }, true);
  if (!row) throw notFound('billing');
  assertChangeable(row);
  const set: { frequency?: string; paymentMethodId?: number } = {};
  if (body.payment_method !== undefined) {
    const method = await paymentService.usableMethod(
      db,
      caller,
      body.payment_method,
      'payment_method',
    );
    set.paymentMethodId = method.id;
  }
  if (body.frequency !== undefined) set.frequency = body.frequency;
  const updated = await repo.updateBilling(db, row.billing.id, set, now.instant);
  if (body.frequency !== undefined) {
    await repo.setTermsFrequency(db, row.billing.policyId, body.frequency, now.instant);
  }
  return toBilling(updated);
}

/** Pays a policy's billing with another of the caller's active, verified methods. */
export async function replacePaymentMethod(
  db: Database,
  caller: Caller,
  now: Now,
  policyId: number,
  body: ReplacePaymentMethodBody,
): Promise<Billing> {
  const [result] = await applyMethod(db, caller, now, [policyId], body.payment_method_id);
  if (!result) throw new Error('billing not moved');
  return result;
}

/** The batch form: every policy moves, or none does. */
export async function batchApplyPaymentMethod(
  db: Database,
  caller: Caller,
  now: Now,
  body: BatchApplyPaymentMethodBody,
): Promise<{ results: Billing[] }> {
  return { results: await applyMethod(db, caller, now, body.policy_ids, body.payment_method_id) };
}

async function applyMethod(
  db: Database,
  caller: Caller,
  now: Now,
  policyIds: number[],
  methodId: number,
): Promise<Billing[]> {
  const ids = [...new Set(policyIds)];
  const owned = await repo.listOwnedPolicies(db, caller.userId, ids);
  const missing = ids.find((id) => !owned.some((row) => row.id === id));
  if (missing !== undefined) throw notFound(`policy ${missing}`);
  const method = await paymentService.usableMethod(db, caller, methodId, 'payment_method_id');
  const billings = await repo.lockOwnedBillingsOfPolicies(db, caller.userId, ids);
  const rows = ids.map((id) => {
    const row = billings.find((b) => b.billing.policyId === id);
    if (!row) {
      const number = owned.find((p) => p.id === id)?.policyNumber ?? String(id);
      throw new AppError('invalid_state_transition', {
        message: `Policy ${number} has no billing to pay`,
      });
    }
    assertChangeable(row);
    return row;
  });
  const results: Billing[] = [];
  for (const row of rows) {
    results.push(
      toBilling(
        row.billing.paymentMethodId === method.id
          ? row.billing
          : await repo.updateBilling(
              db,
              row.billing.id,
              { paymentMethodId: method.id },
              now.instant,
            ),
      ),
    );
  }
  return results;
}

// ---------------------------------------------------------------- invoices

export async function listInvoices(
  db: Database,
  caller: Caller,
  filters: Omit<repo.InvoiceFilters, 'userId'>,
  window: { offset: number; limit: number },
): Promise<{ items: Invoice[]; total: number }> {
  const { rows, total } = await repo.listInvoices(
    db,
    { userId: caller.userId, ...filters },
    window,
  );
  return { items: rows.map(toInvoice), total };
}

export async function getInvoice(db: Database, caller: Caller, id: number): Promise<Invoice> {
  const row = await repo.findOwnedInvoice(db, caller.userId, id);
  if (!row) throw notFound('invoice');
  return toInvoice(row);
}

/** A policy's own invoices, newest due date first. */
export async function listPolicyInvoices(
  db: Database,
  caller: Caller,
  policyId: number,
  window: { offset: number; limit: number },
): Promise<{ items: PolicyInvoice[]; total: number }> {
  await requirePolicy(db, caller, policyId);
  const { rows, total } = await repo.listInvoices(
    db,
    {
      userId: caller.userId,
      policyId,
      dates: [],
      ordering: [{ field: 'due_date', descending: true }],
    },
    window,
  );
  return { items: rows.map(toPolicyInvoice), total };
}
