// SQL of outpatient application cases, always scoped to the owning user (another customer's
// case reads as missing).
import { and, eq } from 'drizzle-orm';
import { applicationCase } from '../../db/stakeholder-schema';
import { product } from '../../db/schema';
import type { Db } from '../platform-common/db';

export interface CaseRow {
  id: number;
  status: string;
  productId: number;
  productCode: string;
}

export async function find(db: Db, userId: string, id: number): Promise<CaseRow | null> {
  const [row] = await db
    .select({
      id: applicationCase.id,
      status: applicationCase.status,
      productId: applicationCase.productId,
      productCode: product.code,
    })
    .from(applicationCase)
    .innerJoin(product, eq(product.id, applicationCase.productId))
    .where(and(eq(applicationCase.id, id), eq(applicationCase.userId, userId)));
  return row ?? null;
}

/** Moves the case from `from` to `to` in one statement; null when it was not in `from`. */
export async function move(
  db: Db,
  userId: string,
  id: number,
  from: string,
  to: string,
  now: Date,
): Promise<{ id: number; status: string } | null> {
  const [row] = await db
    .update(applicationCase)
    .set({ status: to, submitDate: now, updateDate: now })
    .where(
      and(
        eq(applicationCase.id, id),
        eq(applicationCase.userId, userId),
        eq(applicationCase.status, from),
      ),
    )
    .returning({ id: applicationCase.id, status: applicationCase.status });
  return row ?? null;
}
