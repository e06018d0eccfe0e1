// Service requests (SQL only). Customer reads take the owner's user id (through the policy), so
// another customer's request is simply not found; the operator's reads take none.
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { policyParty } from '../../db/platform-schema';
import { policy, product } from '../../db/schema';
import { serviceRequest } from '../../db/service-request-schema';
import type { Database } from '../../db/client';

const fromProduct = alias(product, 'from_product');
const toProduct = alias(product, 'to_product');

const columns = {
  id: serviceRequest.id,
  policyId: serviceRequest.policyId,
  policyNumber: policy.policyNumber,
  ownerUserId: policy.ownerUserId,
  type: serviceRequest.type,
  status: serviceRequest.status,
  proposedEffectiveDate: serviceRequest.proposedEffectiveDate,
  fromProductId: serviceRequest.fromProductId,
  fromProductCode: fromProduct.code,
  toProductId: serviceRequest.toProductId,
  toProductCode: toProduct.code,
  optionType: serviceRequest.optionType,
  underwritingCaseId: serviceRequest.underwritingCaseId,
  profileMappingChange: serviceRequest.profileMappingChange,
  identityVerificationChange: serviceRequest.identityVerificationChange,
  createDate: serviceRequest.createDate,
  updateDate: serviceRequest.updateDate,
};

export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function selectRequests(db: Database, where: SQL | undefined) {
  return db
    .select(columns)
    .from(serviceRequest)
    .innerJoin(policy, eq(policy.id, serviceRequest.policyId))
    .innerJoin(fromProduct, eq(fromProduct.id, serviceRequest.fromProductId))
    .leftJoin(toProduct, eq(toProduct.id, serviceRequest.toProductId))
    .where(where);
}

export interface RequestFilters {
  ownerUserId: string;
  policyNumber?: string | undefined;
  status?: string | undefined;
  types?: string[] | undefined;
  search?: string | undefined;
}

const ORDER_COLUMNS = {
  create_date: serviceRequest.createDate,
  update_date: serviceRequest.updateDate,
  proposed_effective_date: serviceRequest.proposedEffectiveDate,
  status: serviceRequest.status,
} as const;

/** `-create_date,status` → ORDER BY; newest first when nothing is asked; id breaks ties. */
function orderOf(ordering: string | undefined): SQL[] {
  const parts = (ordering ?? '-create_date').split(',').map((part) => part.trim());
  const order: SQL[] = [];
  for (const part of parts) {
    const name = part.replace(/^-/, '') as keyof typeof ORDER_COLUMNS;
    const column = ORDER_COLUMNS[name];
    order.push(part.startsWith('-') ? desc(column) : asc(column));
  }
  order.push(desc(serviceRequest.id));
  return order;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listRequests(
  db: Database,
  filters: RequestFilters,
  ordering: string | undefined,
  window: { offset: number; limit: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const pattern = filters.search ? `%${escapeLike(filters.search)}%` : null;
  const where = and(
    eq(policy.ownerUserId, filters.ownerUserId),
    filters.policyNumber === undefined ? undefined : eq(policy.policyNumber, filters.policyNumber),
    filters.status === undefined ? undefined : eq(serviceRequest.status, filters.status),
    filters.types === undefined || filters.types.length === 0
      ? undefined
      : inArray(serviceRequest.type, filters.types),
    pattern === null
      ? undefined
      : or(
          ilike(policy.policyNumber, pattern),
          ilike(serviceRequest.type, pattern),
          ilike(fromProduct.code, pattern),
          ilike(toProduct.code, pattern),
          sql`${serviceRequest.id}::text = ${filters.search}`,
        ),
  );
  const rows = await selectRequests(db, where)
    .orderBy(...orderOf(ordering))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(serviceRequest)
    .innerJoin(policy, eq(policy.id, serviceRequest.policyId))
    .innerJoin(fromProduct, eq(fromProduct.id, serviceRequest.fromProductId))
    .leftJoin(toProduct, eq(toProduct.id, serviceRequest.toProductId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** A request; with `ownerUserId` only the owner's. Locked for a move when `lock` is set. */
export async function findRequest(
  db: Database,
  id: number,
  options: { ownerUserId?: string; lock?: boolean } = {},
): Promise<RequestRow | null> {
  const query = selectRequests(
    db,
    and(
      eq(serviceRequest.id, id),
      options.ownerUserId === undefined ? undefined : eq(policy.ownerUserId, options.ownerUserId),
    ),
  );
  const [row] = await (options.lock === true ? query.for('update', { of: serviceRequest }) : query);
  return row ?? null;
}

/** Requests of a policy still on their way (any of `statuses`). */
export async function countInProgress(
  db: Database,
  policyId: number,
  statuses: readonly string[],
): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(serviceRequest)
    .where(and(eq(serviceRequest.policyId, policyId), inArray(serviceRequest.status, statuses)));
  return counted?.total ?? 0;
}

export async function createRequest(
  db: Database,
  values: Omit<
    typeof serviceRequest.$inferInsert,
    'id' | 'status' | 'createDate' | 'updateDate'
  > & {
    now: Date;
  },
): Promise<number> {
  const { now, ...rest } = values;
  const [created] = await db
    .insert(serviceRequest)
    .values({ ...rest, status: 'draft', createDate: now, updateDate: now })
    .returning({ id: serviceRequest.id });
  if (!created) throw new Error('service request not created');
  return created.id;
}

export async function setStatus(
  db: Database,
  id: number,
  status: string,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await db
    .update(serviceRequest)
    .set({ status, updateDate: now, ...(reason === null ? {} : { decisionReason: reason }) })
    .where(eq(serviceRequest.id, id));
}

/** Approved requests whose proposed effective date has come (for the due-date run). */
export async function listDueIds(db: Database, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: serviceRequest.id })
    .from(serviceRequest)
    .where(
      and(eq(serviceRequest.status, 'approved'), lte(serviceRequest.proposedEffectiveDate, today)),
    )
    .orderBy(asc(serviceRequest.proposedEffectiveDate), asc(serviceRequest.id));
  return rows.map((row) => row.id);
}

/** Locks a policy row for a change to it. */
export async function lockPolicy(db: Database, policyId: number): Promise<void> {
  await db.select({ id: policy.id }).from(policy).where(eq(policy.id, policyId)).for('update');
}

/** Moves a policy onto another product (a completed product change). */
export async function setPolicyProduct(
  db: Database,
  policyId: number,
  productId: number,
  now: Date,
) {
  await db.update(policy).set({ productId, updateDate: now }).where(eq(policy.id, policyId));
}

/** Records a party's new identity document type (a completed identity change). */
export async function setPartyDocumentType(
  db: Database,
  policyId: number,
  role: string,
  documentType: string,
): Promise<number> {
  const updated = await db
    .update(policyParty)
    .set({ identityDocumentType: documentType })
    .where(and(eq(policyParty.policyId, policyId), eq(policyParty.role, role)))
    .returning({ id: policyParty.id });
  return updated.length;
}

export async function findProductByCode(db: Database, code: string) {
  const [row] = await db
    .select({ id: product.id, code: product.code })
    .from(product)
    .where(eq(product.code, code));
  return row ?? null;
}

/** Every owner's requests in `statuses`, oldest first (the back office's queue). */
export async function listRequestsInStatuses(
  db: Database,
  statuses: readonly string[],
): Promise<RequestRow[]> {
  return selectRequests(db, inArray(serviceRequest.status, [...statuses]))
    .orderBy(asc(serviceRequest.createDate), asc(serviceRequest.id))
    .limit(500);
}
