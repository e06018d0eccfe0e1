// SQL of the policy records (claim balance, allocations, tax reports, renewals, survey attempts,
// profile mappings). Every read by id or number also takes the owner's user id, so another
// customer's record is simply not found.
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  policyBenefitAllocation,
  policyParty,
  policyProfileMapping,
  policyRenewal,
  policySurveyAttempt,
  policyTerms,
  taxReport,
} from '../../db/platform-schema';
import { policy } from '../../db/schema';
import type { Database } from '../../db/client';

interface Window {
  offset: number;
  limit: number;
}

function ownedBy(ownerUserId: string, policyNumber: string | undefined): SQL | undefined {
  return and(
    eq(policy.ownerUserId, ownerUserId),
    policyNumber === undefined ? undefined : eq(policy.policyNumber, policyNumber),
  );
}

// ---------------------------------------------------------------- claim balance

export function listAllocations(db: Database, policyId: number, policyYearStart: string) {
  return db
    .select()
    .from(policyBenefitAllocation)
    .where(
      and(
        eq(policyBenefitAllocation.policyId, policyId),
        gte(policyBenefitAllocation.policyYearStart, policyYearStart),
      ),
    );
}

export async function addAllocation(
  db: Database,
  row: typeof policyBenefitAllocation.$inferInsert,
) {
  await db.insert(policyBenefitAllocation).values(row);
}

export async function setCashBalance(
  db: Database,
  policyId: number,
  cashBalance: number,
  now: Date,
) {
  await db
    .update(policyTerms)
    .set({ cashBalance, updateDate: now })
    .where(eq(policyTerms.policyId, policyId));
}

// ---------------------------------------------------------------- tax reports, renewals

export async function listTaxReports(
  db: Database,
  ownerUserId: string,
  policyNumber: string | undefined,
  window: Window,
) {
  const where = ownedBy(ownerUserId, policyNumber);
  const rows = await db
    .select({ report: taxReport })
    .from(taxReport)
    .innerJoin(policy, eq(policy.id, taxReport.policyId))
    .where(where)
    .orderBy(desc(taxReport.startDate), desc(taxReport.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(taxReport)
    .innerJoin(policy, eq(policy.id, taxReport.policyId))
    .where(where);
  return { rows: rows.map((row) => row.report), total: counted?.total ?? 0 };
}

export async function listRenewals(
  db: Database,
  ownerUserId: string,
  policyNumber: string | undefined,
  window: Window,
) {
  const where = ownedBy(ownerUserId, policyNumber);
  const rows = await db
    .select({ renewal: policyRenewal, policyNumber: policy.policyNumber })
    .from(policyRenewal)
    .innerJoin(policy, eq(policy.id, policyRenewal.policyId))
    .where(where)
    .orderBy(desc(policyRenewal.renewalDate), desc(policyRenewal.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(policyRenewal)
    .innerJoin(policy, eq(policy.id, policyRenewal.policyId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------- survey attempts

export async function addSurveyAttempt(
  db: Database,
  row: { policyId: number; attempt: Record<string, unknown>; createDate: Date },
) {
  const [created] = await db.insert(policySurveyAttempt).values(row).returning();
  if (!created) throw new Error('survey attempt not created');
  return created;
}

// ---------------------------------------------------------------- profile mappings

const mappingColumns = {
  id: policyProfileMapping.id,
  policyId: policyProfileMapping.policyId,
  policyNumber: policy.policyNumber,
  role: policyProfileMapping.role,
  profileId: policyProfileMapping.profileId,
  parameters: policyProfileMapping.parameters,
};

export type MappingRow = Awaited<ReturnType<typeof selectMappings>>[number];

function selectMappings(db: Database, where: SQL | undefined) {
  return db
    .select(mappingColumns)
    .from(policyProfileMapping)
    .innerJoin(policy, eq(policy.id, policyProfileMapping.policyId))
    .where(where);
}

export async function listMappings(
  db: Database,
  filters: { ownerUserId: string; policyNumber?: string | undefined; role?: string | undefined },
  window: Window,
) {
  const where = and(
    ownedBy(filters.ownerUserId, filters.policyNumber),
    filters.role === undefined ? undefined : eq(policyProfileMapping.role, filters.role),
  );
  const rows = await selectMappings(db, where)
    .orderBy(asc(policy.id), asc(policyProfileMapping.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(policyProfileMapping)
    .innerJoin(policy, eq(policy.id, policyProfileMapping.policyId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOwnedMapping(
  db: Database,
  ownerUserId: string,
  id: number,
  lock = false,
): Promise<MappingRow | null> {
  const query = selectMappings(
    db,
    and(eq(policy.ownerUserId, ownerUserId), eq(policyProfileMapping.id, id)),
  );
  const [row] = lock ? await query.for('update', { of: policyProfileMapping }) : await query;
  return row ?? null;
}

export async function findParty(db: Database, policyId: number, partyId: number) {
  const [row] = await db
    .select({ id: policyParty.id, role: policyParty.role })
    .from(policyParty)
    .where(and(eq(policyParty.policyId, policyId), eq(policyParty.id, partyId)));
  return row ?? null;
}

/** Inserts a mapping; null when the same policy, role and profile are mapped already. */
export async function addMapping(
  db: Database,
  row: {
    policyId: number;
    role: string;
    profileId: number;
    parameters: Record<string, unknown>;
    now: Date;
  },
): Promise<number | null> {
  const [created] = await db
    .insert(policyProfileMapping)
    .values({
      policyId: row.policyId,
      role: row.role,
      profileId: row.profileId,
      parameters: row.parameters,
      createDate: row.now,
      updateDate: row.now,
    })
    .onConflictDoNothing()
    .returning({ id: policyProfileMapping.id });
  return created?.id ?? null;
}

export async function countMappings(db: Database, policyId: number, role: string): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(policyProfileMapping)
    .where(and(eq(policyProfileMapping.policyId, policyId), eq(policyProfileMapping.role, role)));
  return counted?.total ?? 0;
}

export async function deleteMapping(db: Database, id: number) {
  await db.delete(policyProfileMapping).where(eq(policyProfileMapping.id, id));
}

/** Locks the mappings of a policy (a delete checks how many of a role remain). */
export async function lockMappingsOf(db: Database, policyId: number) {
  await db.execute(
    sql`SELECT 1 FROM ${policyProfileMapping} WHERE ${policyProfileMapping.policyId} = ${policyId} FOR UPDATE`,
  );
}
