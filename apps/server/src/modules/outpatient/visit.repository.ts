// SQL of the clinic side's visits (issue 18): tickets found by token or number key, a venue's
// services with prices, the visits of a member or policy, and the day-end close. Returns null
// when a row is not found; knows nothing of HTTP.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicVisit } from '../../db/clinic-schema';
import { outpatientTicket } from '../../db/outpatient-schema';
import {
  doctor,
  healthcareService,
  member,
  paymentInfo,
  servicePoint,
  venue,
} from '../../db/schema';

export interface TicketRow {
  id: number;
  memberId: number;
  type: string;
  effectiveDate: string;
  expiryDate: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

const ticketColumns = {
  id: outpatientTicket.id,
  memberId: outpatientTicket.memberId,
  type: outpatientTicket.type,
  effectiveDate: outpatientTicket.effectiveDate,
  expiryDate: outpatientTicket.expiryDate,
  expiresAt: outpatientTicket.expiresAt,
  revokedAt: outpatientTicket.revokedAt,
};

/** A ticket by its token's hash or its number's key, live or not (the outcome says which). */
export async function findTicket(
  db: Database,
  where: { tokenHash: string } | { numberKey: string },
): Promise<TicketRow | null> {
  const condition =
    'tokenHash' in where
      ? eq(outpatientTicket.tokenHash, where.tokenHash)
      : eq(outpatientTicket.numberKey, where.numberKey);
  const rows = await db.select(ticketColumns).from(outpatientTicket).where(condition).limit(1);
  return rows[0] ?? null;
}

/** Ticket rows still holding the pre-184 SHA-256 of their number (a batch). */
export async function ticketsWithBareNumberHash(
  db: Database,
  limit: number,
): Promise<{ id: number; numberHash: string }[]> {
  const rows = await db
    .select({ id: outpatientTicket.id, numberHash: outpatientTicket.numberHash })
    .from(outpatientTicket)
    .where(and(isNull(outpatientTicket.numberKey), sql`${outpatientTicket.numberHash} IS NOT NULL`))
    .orderBy(asc(outpatientTicket.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.numberHash === null ? [] : [{ id: row.id, numberHash: row.numberHash }],
  );
}

/** Moves one row to its keyed number hash (only if not moved yet: idempotent). */
export async function setNumberKey(db: Database, id: number, numberKey: string): Promise<void> {
  await db
    .update(outpatientTicket)
    .set({ numberKey, numberHash: null })
    .where(and(eq(outpatientTicket.id, id), isNull(outpatientTicket.numberKey)));
}

export interface VenueRow {
  id: number;
  nameEn: string;
  nameZh: string;
}

export async function findVenues(db: Database, ids: readonly number[]): Promise<VenueRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: venue.id, nameEn: venue.nameEn, nameZh: venue.nameZh })
    .from(venue)
    .where(inArray(venue.id, [...ids]))
    .orderBy(asc(venue.id));
}

export interface VenueServiceRow {
  servicePointId: number;
  serviceId: number;
  slug: string;
  nameEn: string;
  nameZh: string;
  doctorNameEn: string;
  doctorNameZh: string;
  memberPrice: number | null;
  usualPrice: number | null;
}

/** The venue's service points on a panel whose service is in one of the categories. */
export async function listVenueServices(
  db: Database,
  venueId: number,
  panel: string,
  categories: readonly string[],
): Promise<VenueServiceRow[]> {
  if (categories.length === 0) return [];
  return db
    .select({
      servicePointId: servicePoint.id,
      serviceId: healthcareService.id,
      slug: healthcareService.slug,
      nameEn: healthcareService.nameEn,
      nameZh: healthcareService.nameZh,
      doctorNameEn: doctor.nameEn,
      doctorNameZh: doctor.nameZh,
      memberPrice: paymentInfo.amount,
      usualPrice: paymentInfo.markedPrice,
    })
    .from(servicePoint)
    .innerJoin(healthcareService, eq(healthcareService.id, servicePoint.serviceId))
    .innerJoin(doctor, eq(doctor.id, servicePoint.doctorId))
    .leftJoin(
      paymentInfo,
      and(
        eq(paymentInfo.doctorId, servicePoint.doctorId),
        eq(paymentInfo.serviceCode, healthcareService.code),
      ),
    )
    .where(
      and(
        eq(servicePoint.venueId, venueId),
        eq(servicePoint.panel, panel),
        inArray(healthcareService.category, [...categories]),
      ),
    )
    .orderBy(asc(healthcareService.sequence), asc(servicePoint.id));
}

export type VisitRow = typeof clinicVisit.$inferSelect;

export interface VisitView extends VisitRow {
  venueNameEn: string;
  venueNameZh: string;
  membershipNumber: string;
  holderNameEn: string;
  holderNameZh: string;
  serviceNameEn: string | null;
  serviceNameZh: string | null;
}

function visitQuery(db: Database) {
  return db
    .select({
      visit: clinicVisit,
      venueNameEn: venue.nameEn,
      venueNameZh: venue.nameZh,
      membershipNumber: member.membershipNumber,
      holderNameEn: member.nameEn,
      holderNameZh: member.nameZh,
      serviceNameEn: healthcareService.nameEn,
      serviceNameZh: healthcareService.nameZh,
    })
    .from(clinicVisit)
    .innerJoin(venue, eq(venue.id, clinicVisit.venueId))
    .innerJoin(member, eq(member.id, clinicVisit.memberId))
    .leftJoin(servicePoint, eq(servicePoint.id, clinicVisit.servicePointId))
    .leftJoin(healthcareService, eq(healthcareService.id, servicePoint.serviceId));
}

type VisitQueryRow = Awaited<ReturnType<ReturnType<typeof visitQuery>['execute']>>[number];

function toView(row: VisitQueryRow): VisitView {
  const { visit, ...rest } = row;
  return { ...visit, ...rest };
}

export async function findVisit(db: Database, id: number): Promise<VisitView | null> {
  const rows = await visitQuery(db).where(eq(clinicVisit.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

/** The member's open consultation at a venue, locked for the step's transaction. */
export async function findOpenVisit(
  db: Database,
  memberId: number,
  venueId: number,
): Promise<VisitRow | null> {
  const rows = await db
    .select()
    .from(clinicVisit)
    .where(
      and(
        eq(clinicVisit.memberId, memberId),
        eq(clinicVisit.venueId, venueId),
        eq(clinicVisit.kind, 'consultation'),
        eq(clinicVisit.status, 'open'),
      ),
    )
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The member's latest visit of a kind at a venue on a date with one of the statuses. */
export async function findLatestVisit(
  db: Database,
  where: { memberId: number; venueId?: number; kind: string; date: string; statuses: string[] },
): Promise<VisitRow | null> {
  const rows = await db
    .select()
    .from(clinicVisit)
    .where(
      and(
        eq(clinicVisit.memberId, where.memberId),
        where.venueId === undefined ? undefined : eq(clinicVisit.venueId, where.venueId),
        eq(clinicVisit.kind, where.kind),
        eq(clinicVisit.visitDate, where.date),
        inArray(clinicVisit.status, where.statuses),
      ),
    )
    .orderBy(desc(clinicVisit.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a visit; null when the partial unique index says it exists already (a race). */
export async function insertVisit(
  db: Database,
  row: typeof clinicVisit.$inferInsert,
): Promise<VisitRow | null> {
  const rows = await db.insert(clinicVisit).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateVisit(
  db: Database,
  id: number,
  set: Partial<typeof clinicVisit.$inferInsert>,
): Promise<VisitRow | null> {
  const rows = await db.update(clinicVisit).set(set).where(eq(clinicVisit.id, id)).returning();
  return rows[0] ?? null;
}

/** Consultations of a member counted in a policy year (every status but `void`). */
export async function countConsultations(
  db: Database,
  memberId: number,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clinicVisit)
    .where(
      and(
        eq(clinicVisit.memberId, memberId),
        eq(clinicVisit.kind, 'consultation'),
        sql`${clinicVisit.status} <> 'void'`,
        gte(clinicVisit.visitDate, from),
        lte(clinicVisit.visitDate, to),
      ),
    );
  return row?.n ?? 0;
}

/** The member's latest visit (any kind, not void), with its venue. */
export async function latestVisitOf(db: Database, memberId: number): Promise<VisitView | null> {
  const rows = await visitQuery(db)
    .where(and(eq(clinicVisit.memberId, memberId), sql`${clinicVisit.status} <> 'void'`))
    .orderBy(desc(clinicVisit.visitDate), desc(clinicVisit.id))
    .limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

/** A page of the visits of a policy's members, newest first, and the total. */
export async function listPolicyVisits(
  db: Database,
  policyId: number,
  window: { offset: number; limit: number },
): Promise<{ items: VisitView[]; total: number }> {
  const rows = await visitQuery(db)
    .where(eq(clinicVisit.policyId, policyId))
    .orderBy(desc(clinicVisit.visitDate), desc(clinicVisit.id))
    .offset(window.offset)
    .limit(window.limit);
  const [total] = await db
    .select({ n: count() })
    .from(clinicVisit)
    .where(eq(clinicVisit.policyId, policyId));
  return { items: rows.map(toView), total: total?.n ?? 0 };
}

/** Visits for the operator's listing: by member, venue or date range, newest first. */
export async function listVisits(
  db: Database,
  where: { memberId?: number; venueId?: number; from?: string; to?: string; limit: number },
): Promise<VisitView[]> {
  const rows = await visitQuery(db)
    .where(
      and(
        where.memberId === undefined ? undefined : eq(clinicVisit.memberId, where.memberId),
        where.venueId === undefined ? undefined : eq(clinicVisit.venueId, where.venueId),
        where.from === undefined ? undefined : gte(clinicVisit.visitDate, where.from),
        where.to === undefined ? undefined : lte(clinicVisit.visitDate, where.to),
      ),
    )
    .orderBy(desc(clinicVisit.visitDate), desc(clinicVisit.id))
    .limit(where.limit);
  return rows.map(toView);
}

/**
 * Day-end close: every consultation still open from a Hong Kong day before `today` becomes
 * `closed_unpaid`, closed at the end of its day. Returns them.
 */
export async function closeStaleVisits(db: Database, today: string): Promise<VisitRow[]> {
  const rows = await db
    .update(clinicVisit)
    .set({
      status: 'closed_unpaid',
      // The end of the visit's Hong Kong day (UTC+8, no daylight saving).
      closedAt: sql`(${clinicVisit.visitDate} + 1)::timestamp AT TIME ZONE 'Asia/Hong_Kong'`,
      updateDate: sql`now()`,
    })
    .where(and(eq(clinicVisit.status, 'open'), lt(clinicVisit.visitDate, today)))
    .returning();
  return rows;
}
