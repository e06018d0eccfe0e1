// SQL of the clinic keys. Returns null when not found.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicApiKey } from '../../db/clinic-schema';
import { venue } from '../../db/schema';

export interface ClinicKeyRow {
  id: number;
  venueId: number;
  label: string;
  keyPrefix: string;
  revokedAt: Date | null;
}

const columns = {
  id: clinicApiKey.id,
  venueId: clinicApiKey.venueId,
  label: clinicApiKey.label,
  keyPrefix: clinicApiKey.keyPrefix,
  revokedAt: clinicApiKey.revokedAt,
};

export async function venueExists(db: Database, venueId: number): Promise<boolean> {
  const rows = await db.select({ id: venue.id }).from(venue).where(eq(venue.id, venueId)).limit(1);
  return rows.length > 0;
}

export async function insertKey(
  db: Database,
  row: { venueId: number; label: string; keyPrefix: string; keyHash: string },
): Promise<ClinicKeyRow> {
  const [inserted] = await db.insert(clinicApiKey).values(row).returning(columns);
  if (inserted === undefined) throw new Error('clinic key not inserted');
  return inserted;
}

export async function findKeyByHash(db: Database, keyHash: string): Promise<ClinicKeyRow | null> {
  const rows = await db
    .select(columns)
    .from(clinicApiKey)
    .where(eq(clinicApiKey.keyHash, keyHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Revokes a key (once: the first revocation time is kept). False when there is no such key. */
export async function revokeKey(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ revokedAt: clinicApiKey.revokedAt })
    .from(clinicApiKey)
    .where(eq(clinicApiKey.id, id))
    .limit(1);
  const row = rows[0];
  if (row === undefined) return false;
  if (row.revokedAt === null) {
    await db.update(clinicApiKey).set({ revokedAt: now }).where(eq(clinicApiKey.id, id));
  }
  return true;
}

export async function listKeys(db: Database): Promise<(ClinicKeyRow & { createDate: Date })[]> {
  return db
    .select({ ...columns, createDate: clinicApiKey.createDate })
    .from(clinicApiKey)
    .orderBy(asc(clinicApiKey.id));
}
