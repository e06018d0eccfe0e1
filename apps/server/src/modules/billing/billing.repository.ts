// Billing and invoice reads and writes (SQL only). Every read joins the policy and takes the
// owner's user id, so another customer's billing or invoice is simply not found.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { billing, company, invoice } from '../../db/billing-schema';
import { policyTerms } from '../../db/platform-schema';
import { policy } from '../../db/schema';
import type { Database } from '../../db/client';

type Window = { offset: number; limit: number };

// ---------------------------------------------------------------- billings

const billingColumns = {
  billing,
  policyStatus: policy.status,
  policyNumber: policy.policyNumber,
};

export type BillingRow = typeof billing.$inferSelect;
export type OwnedBillingRow = { billing: BillingRow; policyStatus: string; policyNumber: string };

export interface BillingFilters {
  userId: string;
  status?: string | undefined;
  frequency?: string | undefined;
  policyNumber?: string | undefined;
  groupPolicyNumber?: string | undefined;
  paymentMethodId?: number | undefined;
}

function billingWhere(filters: BillingFilters): SQL | undefined {
  return and(
    eq(policy.ownerUserId, filters.userId),
    filters.status === undefined ? undefined : eq(billing.status, filters.status),
    filters.frequency === undefined ? undefined : eq(billing.frequency, filters.frequency),
    filters.policyNumber === undefined ? undefined : eq(policy.policyNumber, filters.policyNumber),
    filters.groupPolicyNumber === undefined
      ? undefined
      : eq(policyTerms.groupPolicyNumber, filters.groupPolicyNumber),
    filters.paymentMethodId === undefined
      ? undefined
      : eq(billing.paymentMethodId, filters.paymentMethodId),
  );
}

function selectBillings(db: Database) {
  return db
    .select(billingColumns)
    .from(billing)
    .innerJoin(policy, eq(policy.id, billing.policyId))
    .leftJoin(policyTerms, eq(policyTerms.policyId, policy.id));
}

export async function listBillings(
  db: Database,
  filters: BillingFilters,
  window: Window,
): Promise<{ rows: OwnedBillingRow[]; total: number }> {
  const where = billingWhere(filters);
  const rows = await selectBillings(db)
    .where(where)
    .orderBy(asc(billing.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(billing)
    .innerJoin(policy, eq(policy.id, billing.policyId))
    .leftJoin(policyTerms, eq(policyTerms.policyId, policy.id))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The caller's billing by its id, or by its policy's id; locked for a change when `lock`. */
export async function findOwnedBilling(
  db: Database,
  userId: string,
  by: { id: number } | { policyId: number },
  lock = false,
): Promise<OwnedBillingRow | null> {
  const query = selectBillings(db).where(
    and(
      eq(policy.ownerUserId, userId),
      'id' in by ? eq(billing.id, by.id) : eq(billing.policyId, by.policyId),
    ),
  );
  const [row] = lock ? await query.for('update', { of: billing }) : await query;
  return row ?? null;
}

/** The caller's billings of these policies, locked for a change. */
export function lockOwnedBillingsOfPolicies(db: Database, userId: string, policyIds: number[]) {
  return selectBillings(db)
    .where(and(eq(policy.ownerUserId, userId), inArray(billing.policyId, policyIds)))
    .orderBy(asc(billing.id))
    .for('update', { of: billing });
}

export async function updateBilling(
  db: Database,
  id: number,
  set: { frequency?: string; paymentMethodId?: number },
  now: Date,
): Promise<BillingRow> {
  const [row] = await db
    .update(billing)
    .set({ ...set, updateDate: now })
    .where(eq(billing.id, id))
    .returning();
  if (!row) throw new Error('billing not updated');
  return row;
}

/** Keeps the policy's terms (read by the premium projection) on the billing's frequency. */
export async function setTermsFrequency(
  db: Database,
  policyId: number,
  frequency: string,
  now: Date,
) {
  await db
    .update(policyTerms)
    .set({ frequency, updateDate: now })
    .where(eq(policyTerms.policyId, policyId));
}

/** The caller's policies among `ids`, with their status: what a batch may touch. */
export function listOwnedPolicies(db: Database, userId: string, ids: number[]) {
  return db
    .select({ id: policy.id, status: policy.status, policyNumber: policy.policyNumber })
    .from(policy)
    .where(and(eq(policy.ownerUserId, userId), inArray(policy.id, ids)))
    .for('update');
}

// ---------------------------------------------------------------- invoices

const issuer = alias(company, 'issuer');
const billedTo = alias(company, 'billed_to');

const invoiceColumns = {
  invoice,
  policyNumber: policy.policyNumber,
  userId: policy.ownerUserId,
  company: { id: issuer.id, nameEn: issuer.nameEn, nameZh: issuer.nameZh },
  billingCompany: { id: billedTo.id, nameEn: billedTo.nameEn, nameZh: billedTo.nameZh },
};

export type InvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];

function selectInvoices(db: Database) {
  return db
    .select(invoiceColumns)
    .from(invoice)
    .innerJoin(policy, eq(policy.id, invoice.policyId))
    .innerJoin(issuer, eq(issuer.id, invoice.companyId))
    .leftJoin(billedTo, eq(billedTo.id, invoice.billingCompanyId));
}

export type DateOp = '=' | '>' | '>=' | '<' | '<=';
export type DateField = 'coverage_start_date' | 'coverage_end_date' | 'due_date';

const DATE_COLUMNS = {
  coverage_start_date: invoice.coverageStartDate,
  coverage_end_date: invoice.coverageEndDate,
  due_date: invoice.dueDate,
} as const;

const ORDER_COLUMNS = {
  due_date: invoice.dueDate,
  coverage_start_date: invoice.coverageStartDate,
  coverage_end_date: invoice.coverageEndDate,
  create_date: invoice.createDate,
  total_amount: invoice.totalAmount,
  policy_year: invoice.policyYear,
} as const;
export type InvoiceOrderField = keyof typeof ORDER_COLUMNS;

export interface InvoiceFilters {
  userId: string;
  policyId?: number | undefined;
  statuses?: string[] | undefined;
  invoiceType?: string | undefined;
  policyNumber?: string | undefined;
  groupPolicyNumber?: string | undefined;
  /** A company's code or English name (case-insensitive). */
  company?: string | undefined;
  billingCompany?: string | undefined;
  billingCompanyId?: number | undefined;
  dates: { field: DateField; op: DateOp; date: string }[];
  ordering: { field: InvoiceOrderField; descending: boolean }[];
}

function companyMatches(table: typeof issuer | typeof billedTo, text: string): SQL {
  return sql`(lower(${table.code}) = lower(${text}) OR lower(${table.nameEn}) = lower(${text}))`;
}

function invoiceWhere(filters: InvoiceFilters): SQL | undefined {
  return and(
    eq(policy.ownerUserId, filters.userId),
    filters.policyId === undefined ? undefined : eq(invoice.policyId, filters.policyId),
    filters.statuses === undefined || filters.statuses.length === 0
      ? undefined
      : inArray(invoice.status, filters.statuses),
    filters.invoiceType === undefined ? undefined : eq(invoice.invoiceType, filters.invoiceType),
    filters.policyNumber === undefined ? undefined : eq(policy.policyNumber, filters.policyNumber),
    filters.groupPolicyNumber === undefined
      ? undefined
      : eq(invoice.groupPolicyNumber, filters.groupPolicyNumber),
    filters.company === undefined ? undefined : companyMatches(issuer, filters.company),
    filters.billingCompany === undefined
      ? undefined
      : companyMatches(billedTo, filters.billingCompany),
    filters.billingCompanyId === undefined
      ? undefined
      : eq(invoice.billingCompanyId, filters.billingCompanyId),
    ...filters.dates.map(
      ({ field, op, date }) => sql`${DATE_COLUMNS[field]} ${sql.raw(op)} ${date}::date`,
    ),
  );
}

export async function listInvoices(
  db: Database,
  filters: InvoiceFilters,
  window: Window,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = invoiceWhere(filters);
  const order = [
    ...filters.ordering.map(({ field, descending }) =>
      descending ? desc(ORDER_COLUMNS[field]) : asc(ORDER_COLUMNS[field]),
    ),
    desc(invoice.id),
  ];
  const rows = await selectInvoices(db)
    .where(where)
    .orderBy(...order)
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(invoice)
    .innerJoin(policy, eq(policy.id, invoice.policyId))
    .innerJoin(issuer, eq(issuer.id, invoice.companyId))
    .leftJoin(billedTo, eq(billedTo.id, invoice.billingCompanyId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOwnedInvoice(
  db: Database,
  userId: string,
  id: number,
): Promise<InvoiceRow | null> {
  const [row] = await selectInvoices(db).where(
    and(eq(policy.ownerUserId, userId), eq(invoice.id, id)),
  );
  return row ?? null;
}
