// SQL of clinic staff (issue 18): accounts of the identity service bound to venues. Returns null
// when not found.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicUserVenue } from '../../db/clinic-schema';
import { appUser, venue } from '../../db/schema';

export async function venueIdsOfUser(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ venueId: clinicUserVenue.venueId })
    .from(clinicUserVenue)
    .where(eq(clinicUserVenue.userId, userId))
    .orderBy(asc(clinicUserVenue.venueId));
  return rows.map((row) => row.venueId);
}

export async function existingVenueIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: venue.id })
    .from(venue)
    .where(inArray(venue.id, [...ids]));
  return rows.map((row) => row.id);
}

export async function userByEmail(
  db: Database,
  email: string,
): Promise<{ id: string; email: string } | null> {
  const rows = await db
    .select({ id: appUser.id, email: appUser.email })
    .from(appUser)
    .where(eq(appUser.email, email))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertUser(
  db: Database,
  row: { email: string; phoneNumber: string; passwordHash: string },
): Promise<{ id: string; email: string } | null> {
  const rows = await db
    .insert(appUser)
    .values({ ...row, phoneVerified: true, status: 'CONFIRMED' })
    .onConflictDoNothing()
    .returning({ id: appUser.id, email: appUser.email });
  return rows[0] ?? null;
}

export async function bindVenues(
  db: Database,
  userId: string,
  venueIds: readonly number[],
): Promise<void> {
  if (venueIds.length === 0) return;
  await db
    .insert(clinicUserVenue)
    .values(venueIds.map((venueId) => ({ userId, venueId })))
    .onConflictDoNothing();
}

export async function unbindVenues(
  db: Database,
  userId: string,
  venueIds?: readonly number[],
): Promise<number> {
  const rows = await db
    .delete(clinicUserVenue)
    .where(
      and(
        eq(clinicUserVenue.userId, userId),
        venueIds === undefined ? undefined : inArray(clinicUserVenue.venueId, [...venueIds]),
      ),
    )
    .returning({ venueId: clinicUserVenue.venueId });
  return rows.length;
}

export async function listBindings(
  db: Database,
): Promise<{ userId: string; email: string; venueId: number; venueNameEn: string }[]> {
  return db
    .select({
      userId: clinicUserVenue.userId,
      email: appUser.email,
      venueId: clinicUserVenue.venueId,
      venueNameEn: venue.nameEn,
    })
    .from(clinicUserVenue)
    .innerJoin(appUser, eq(appUser.id, clinicUserVenue.userId))
    .innerJoin(venue, eq(venue.id, clinicUserVenue.venueId))
    .orderBy(asc(appUser.email), asc(clinicUserVenue.venueId));
}
