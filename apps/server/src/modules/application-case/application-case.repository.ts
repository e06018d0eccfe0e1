// SQL of outpatient application cases, always scoped to the owning user (another customer's
// case reads as missing).
import { and, eq, inArray } from 'drizzle-orm';
import { productProfile } from '../../db/platform-schema';
import { applicationCase } from '../../db/stakeholder-schema';
import { member, policy, product } from '../../db/schema';
import type { Database } from '../../db/client';
import type { CaseDetails } from './case-checks';

export interface CaseRow {
  id: number;
  status: string;
  productId: number;
  productCode: string;
  details: CaseDetails | null;
}

export async function find(db: Database, userId: string, id: number): Promise<CaseRow | null> {
  const [row] = await db
    .select({
      id: applicationCase.id,
      status: applicationCase.status,
      productId: applicationCase.productId,
      productCode: product.code,
      details: applicationCase.details,
    })
    .from(applicationCase)
    .innerJoin(product, eq(product.id, applicationCase.productId))
    .where(and(eq(applicationCase.id, id), eq(applicationCase.userId, userId)));
  return row ?? null;
}

/** Moves the case from `from` to `to` in one statement; null when it was not in `from`. */
export async function move(
  db: Database,
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

/** The case product's platform profile (issue ages, whether on sale); null when it has none. */
export async function productProfileOf(db: Database, productId: number) {
  const [row] = await db
    .select({
      isActive: productProfile.isActive,
      minIssueAgeValue: productProfile.minIssueAgeValue,
      minIssueAgeUnit: productProfile.minIssueAgeUnit,
      maxIssueAgeValue: productProfile.maxIssueAgeValue,
      maxIssueAgeUnit: productProfile.maxIssueAgeUnit,
    })
    .from(productProfile)
    .where(eq(productProfile.productId, productId));
  return row ?? null;
}

/** Of the given identity hashes, those of members of an in-force policy of the product. */
export async function coveredIdentityHashes(
  db: Database,
  productId: number,
  hashes: readonly string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ hash: member.hkidHash })
    .from(member)
    .innerJoin(policy, eq(policy.id, member.policyId))
    .where(
      and(
        eq(policy.productId, productId),
        eq(policy.status, 'in-force'),
        inArray(member.hkidHash, [...hashes]),
      ),
    );
  return new Set(rows.map((row) => row.hash));
}
