// Payment method reads and writes (SQL only). Every read by id also takes the owner's user id,
// so another customer's method is simply not found.
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  billing,
  defaultPaymentMethod,
  paymentMethod,
  paymentMethodProfile,
  paymentProviderEvent,
} from '../../db/billing-schema';
import { policyParty } from '../../db/platform-schema';
import { policy } from '../../db/schema';
import type { Database } from '../../db/client';

export type PaymentMethodRow = typeof paymentMethod.$inferSelect;
export type ProfileMappingRow = typeof paymentMethodProfile.$inferSelect;

export interface MethodFilters {
  userId: string;
  status?: string | undefined;
  gateway?: string | undefined;
}

function methodWhere(filters: MethodFilters): SQL | undefined {
  return and(
    eq(paymentMethod.userId, filters.userId),
    filters.status === undefined ? undefined : eq(paymentMethod.status, filters.status),
    filters.gateway === undefined ? undefined : eq(paymentMethod.gateway, filters.gateway),
  );
}

export async function listMethods(
  db: Database,
  filters: MethodFilters,
  window: { offset: number; limit: number },
): Promise<{ rows: PaymentMethodRow[]; total: number }> {
  const where = methodWhere(filters);
  const rows = await db
    .select()
    .from(paymentMethod)
    .where(where)
    .orderBy(asc(paymentMethod.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db.select({ total: count() }).from(paymentMethod).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The caller's method, or null when it is not theirs. `lock`: `update` for a change of the method,
 * `share` while a billing or the default is pointed at it (so a concurrent deactivation waits).
 */
export async function findOwnedMethod(
  db: Database,
  userId: string,
  id: number,
  lock?: 'update' | 'share',
): Promise<PaymentMethodRow | null> {
  const query = db
    .select()
    .from(paymentMethod)
    .where(and(eq(paymentMethod.userId, userId), eq(paymentMethod.id, id)));
  const [row] = lock === undefined ? await query : await query.for(lock);
  return row ?? null;
}

export async function insertMethod(
  db: Database,
  values: typeof paymentMethod.$inferInsert,
): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethod).values(values).returning();
  if (!row) throw new Error('payment method not created');
  return row;
}

export async function setMethodStatus(db: Database, id: number, status: string, now: Date) {
  await db.update(paymentMethod).set({ status, updateDate: now }).where(eq(paymentMethod.id, id));
}

// ---------------------------------------------------------------- billings of methods

/** Per method id: whether any billing uses it, and whether an active one does. */
export async function billingUse(
  db: Database,
  methodIds: number[],
): Promise<Map<number, { any: boolean; active: boolean }>> {
  const use = new Map<number, { any: boolean; active: boolean }>();
  if (methodIds.length === 0) return use;
  const rows = await db
    .select({ methodId: billing.paymentMethodId, status: billing.status })
    .from(billing)
    .where(inArray(billing.paymentMethodId, methodIds));
  for (const row of rows) {
    if (row.methodId === null) continue;
    const seen = use.get(row.methodId) ?? { any: false, active: false };
    use.set(row.methodId, { any: true, active: seen.active || row.status === 'active' });
  }
  return use;
}

// ---------------------------------------------------------------- default

export async function findDefault(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(defaultPaymentMethod)
    .where(eq(defaultPaymentMethod.userId, userId));
  return row ?? null;
}

/** Sets (or replaces) the caller's default; answers the default row. */
export async function upsertDefault(db: Database, userId: string, methodId: number, now: Date) {
  const [row] = await db
    .insert(defaultPaymentMethod)
    .values({ userId, paymentMethodId: methodId, createDate: now, updateDate: now })
    .onConflictDoUpdate({
      target: defaultPaymentMethod.userId,
      set: { paymentMethodId: methodId, updateDate: now },
    })
    .returning();
  if (!row) throw new Error('default not set');
  return row;
}

export async function clearDefault(db: Database, userId: string) {
  await db.delete(defaultPaymentMethod).where(eq(defaultPaymentMethod.userId, userId));
}

// ---------------------------------------------------------------- profile mappings

export function listMappingsOfMethods(db: Database, methodIds: number[]) {
  if (methodIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentMethodProfile)
    .where(inArray(paymentMethodProfile.paymentMethodId, methodIds))
    .orderBy(asc(paymentMethodProfile.id));
}

export interface MappingFilters {
  userId: string;
  role?: string | undefined;
  paymentMethodId?: number | undefined;
  profileId?: number | undefined;
}

export async function listMappings(
  db: Database,
  filters: MappingFilters,
  window: { offset: number; limit: number },
): Promise<{ rows: ProfileMappingRow[]; total: number }> {
  const where = and(
    eq(paymentMethod.userId, filters.userId),
    filters.role === undefined ? undefined : eq(paymentMethodProfile.role, filters.role),
    filters.paymentMethodId === undefined
      ? undefined
      : eq(paymentMethodProfile.paymentMethodId, filters.paymentMethodId),
    filters.profileId === undefined
      ? undefined
      : eq(paymentMethodProfile.profileId, filters.profileId),
  );
  const rows = await db
    .select({ mapping: paymentMethodProfile })
    .from(paymentMethodProfile)
    .innerJoin(paymentMethod, eq(paymentMethod.id, paymentMethodProfile.paymentMethodId))
    .where(where)
    .orderBy(asc(paymentMethodProfile.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(paymentMethodProfile)
    .innerJoin(paymentMethod, eq(paymentMethod.id, paymentMethodProfile.paymentMethodId))
    .where(where);
  return { rows: rows.map((row) => row.mapping), total: counted?.total ?? 0 };
}

/** Whether a profile (policy party) belongs to one of the user's policies. */
export async function ownsProfile(
  db: Database,
  userId: string,
  profileId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: policyParty.id })
    .from(policyParty)
    .innerJoin(policy, eq(policy.id, policyParty.policyId))
    .where(and(eq(policyParty.id, profileId), eq(policy.ownerUserId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function findMapping(db: Database, methodId: number, role: string, profileId: number) {
  const [row] = await db
    .select()
    .from(paymentMethodProfile)
    .where(
      and(
        eq(paymentMethodProfile.paymentMethodId, methodId),
        eq(paymentMethodProfile.role, role),
        eq(paymentMethodProfile.profileId, profileId),
      ),
    );
  return row ?? null;
}

export async function insertMapping(
  db: Database,
  values: typeof paymentMethodProfile.$inferInsert,
): Promise<ProfileMappingRow> {
  const [row] = await db.insert(paymentMethodProfile).values(values).returning();
  if (!row) throw new Error('mapping not created');
  return row;
}

// ---------------------------------------------------------------- provider notifications

/** Inserts the event's row; false when its id was recorded before (a replay). */
export async function claimProviderEvent(
  db: Database,
  values: typeof paymentProviderEvent.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(paymentProviderEvent)
    .values(values)
    .onConflictDoNothing({ target: paymentProviderEvent.id })
    .returning({ id: paymentProviderEvent.id });
  return rows.length > 0;
}

export async function findProviderEvent(db: Database, id: string) {
  const [row] = await db.select().from(paymentProviderEvent).where(eq(paymentProviderEvent.id, id));
  return row ?? null;
}

export async function settleProviderEvent(
  db: Database,
  id: string,
  outcome: string,
  paymentMethodId: number | null,
) {
  await db
    .update(paymentProviderEvent)
    .set({ outcome, paymentMethodId })
    .where(eq(paymentProviderEvent.id, id));
}

/** The card method with this provider reference (the provider's id is unique to one card). */
export async function findCardByReference(
  db: Database,
  reference: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethod)
    .where(
      and(eq(paymentMethod.gateway, 'stripe-card'), eq(paymentMethod.gatewayReference, reference)),
    )
    .orderBy(asc(paymentMethod.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateMethod(
  db: Database,
  id: number,
  values: Partial<typeof paymentMethod.$inferInsert>,
) {
  await db.update(paymentMethod).set(values).where(eq(paymentMethod.id, id));
}
