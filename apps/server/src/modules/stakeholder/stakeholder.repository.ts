// SQL of stakeholders: always scoped to the owning user, so another customer's row reads as
// missing (null).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { stakeholder } from '../../db/stakeholder-schema';
import type { Database } from '../../db/client';

export type StakeholderRow = typeof stakeholder.$inferSelect;
export type StakeholderValues = Omit<
  typeof stakeholder.$inferInsert,
  'id' | 'userId' | 'createDate' | 'updateDate'
>;

/** Whether an error (or one it wraps) is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function list(
  db: Database,
  userId: string,
  window: { offset: number; limit: number },
) {
  const rows = await db
    .select()
    .from(stakeholder)
    .where(eq(stakeholder.userId, userId))
    .orderBy(asc(stakeholder.id))
    .offset(window.offset)
    .limit(window.limit);
  const [total] = await db
    .select({ n: count() })
    .from(stakeholder)
    .where(eq(stakeholder.userId, userId));
  return { rows, total: total?.n ?? 0 };
}

export async function find(
  db: Database,
  userId: string,
  id: number,
): Promise<StakeholderRow | null> {
  const [row] = await db
    .select()
    .from(stakeholder)
    .where(and(eq(stakeholder.id, id), eq(stakeholder.userId, userId)));
  return row ?? null;
}

/** The caller's stakeholder holding this document, other than `exceptId`. */
export async function findByDocument(
  db: Database,
  userId: string,
  document: string,
  hash: string,
  exceptId?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: stakeholder.id })
    .from(stakeholder)
    .where(
      and(
        eq(stakeholder.userId, userId),
        eq(stakeholder.identificationDocument, document),
        eq(stakeholder.documentNumberHash, hash),
        exceptId === undefined ? undefined : sql`${stakeholder.id} <> ${exceptId}`,
      ),
    );
  return row?.id ?? null;
}

export async function insert(
  db: Database,
  userId: string,
  values: StakeholderValues,
  now: Date,
): Promise<StakeholderRow> {
  const [row] = await db
    .insert(stakeholder)
    .values({ ...values, userId, createDate: now, updateDate: now })
    .returning();
  if (!row) throw new Error('stakeholder not inserted');
  return row;
}

export async function update(
  db: Database,
  userId: string,
  id: number,
  values: Partial<StakeholderValues>,
  now: Date,
): Promise<StakeholderRow | null> {
  const [row] = await db
    .update(stakeholder)
    .set({ ...values, updateDate: now })
    .where(and(eq(stakeholder.id, id), eq(stakeholder.userId, userId)))
    .returning();
  return row ?? null;
}

export async function remove(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(stakeholder)
    .where(and(eq(stakeholder.id, id), eq(stakeholder.userId, userId)))
    .returning({ id: stakeholder.id });
  return rows.length > 0;
}
