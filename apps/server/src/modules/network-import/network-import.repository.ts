// SQL of the network import: the catalogue it validates against, the rows a source already has,
// and the writes, in chunks so a 10,000-row file is a few dozen statements, not 40,000.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  district,
  doctor,
  healthcareService,
  paymentInfo,
  serviceProvision,
  servicePoint,
  serviceSpecialty,
  specialty,
  venue,
} from '../../db/schema';
import { networkImportQuarantine } from '../../db/network-import-schema';
import type { Catalogue, DoctorRecord, VenueRecord } from './validate';

const PANEL_OF_PROVISION: Record<string, string> = {
  'outpatient-doctors': 'outpatient',
  'outpatient-panel-doctors': 'go',
};

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [districts, services, provisions, specialties, links] = await Promise.all([
    db
      .select({ code: district.code, nameEn: district.nameEn, nameZh: district.nameZh })
      .from(district),
    db
      .select({
        id: healthcareService.id,
        slug: healthcareService.slug,
        code: healthcareService.code,
      })
      .from(healthcareService),
    db.select().from(serviceProvision),
    db.select({ id: specialty.id, slug: specialty.slug }).from(specialty),
    db.select().from(serviceSpecialty),
  ]);
  return {
    districts,
    specialties,
    services: services.map((service) => ({
      ...service,
      panels: provisions
        .filter((p) => p.serviceId === service.id)
        .map((p) => PANEL_OF_PROVISION[p.provisionSlug])
        .filter((panel): panel is string => panel !== undefined),
      specialtyIds: links.filter((l) => l.serviceId === service.id).map((l) => l.specialtyId),
    })),
  };
}

export interface ExistingDoctor extends DoctorRecord {
  id: number;
}
export interface ExistingVenue extends VenueRecord {
  id: number;
}
export interface ExistingServicePoint {
  id: number;
  externalId: string;
  panel: string;
  doctorId: number;
  venueId: number;
  serviceId: number;
  specialtyId: number | null;
}
export interface ExistingPrice {
  id: number;
  doctorId: number;
  serviceCode: string;
  amount: number;
  markedPrice: number | null;
}

export interface ExistingNetwork {
  doctors: ExistingDoctor[];
  venues: ExistingVenue[];
  servicePoints: ExistingServicePoint[];
  prices: ExistingPrice[];
}

/** The rows the source already has. */
export async function loadExisting(db: Database, source: string): Promise<ExistingNetwork> {
  const doctors = await db
    .select({
      id: doctor.id,
      externalId: doctor.externalId,
      nameEn: doctor.nameEn,
      nameZh: doctor.nameZh,
      phones: doctor.phones,
    })
    .from(doctor)
    .where(eq(doctor.source, source));
  const venues = await db
    .select({
      id: venue.id,
      externalId: venue.externalId,
      nameEn: venue.nameEn,
      nameZh: venue.nameZh,
      districtCode: venue.districtCode,
      addressLineOne: venue.addressLineOne,
      addressLineTwo: venue.addressLineTwo,
      openingHours: venue.openingHours,
      hoursNote: venue.hoursNote,
      hoursText: venue.hoursText,
      latitude: venue.latitude,
      longitude: venue.longitude,
    })
    .from(venue)
    .where(eq(venue.source, source));
  const servicePoints = await db
    .select({
      id: servicePoint.id,
      externalId: servicePoint.externalId,
      panel: servicePoint.panel,
      doctorId: servicePoint.doctorId,
      venueId: servicePoint.venueId,
      serviceId: servicePoint.serviceId,
      specialtyId: servicePoint.specialtyId,
    })
    .from(servicePoint)
    .where(eq(servicePoint.source, source));
  const prices = await db
    .select({
      id: paymentInfo.id,
      doctorId: paymentInfo.doctorId,
      serviceCode: paymentInfo.serviceCode,
      amount: paymentInfo.amount,
      markedPrice: paymentInfo.markedPrice,
    })
    .from(paymentInfo)
    .innerJoin(doctor, eq(doctor.id, paymentInfo.doctorId))
    .where(eq(doctor.source, source));
  return {
    doctors: doctors.map((row) => ({ ...row, externalId: row.externalId ?? '' })),
    venues: venues.map((row) => ({ ...row, externalId: row.externalId ?? '' })),
    servicePoints: servicePoints.map((row) => ({ ...row, externalId: row.externalId ?? '' })),
    prices,
  };
}

/** Serialises imports of one source: a second waits for the first to commit. */
export async function lockSource(db: Database, source: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`network-import:${source}`}))`);
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Inserts in chunks and maps each row's external id to its new id. */
async function insertReturningIds<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<{ id: number; externalId: string | null }[]>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    for (const row of await insert(chunk)) ids.set(row.externalId ?? '', row.id);
  }
  return ids;
}

export function insertDoctors(
  db: Database,
  source: string,
  rows: readonly DoctorRecord[],
  now: Date,
): Promise<Map<string, number>> {
  return insertReturningIds(rows, (chunk) =>
    db
      .insert(doctor)
      .values(chunk.map((row) => ({ ...row, source, createDate: now, updateDate: now })))
      .returning({ id: doctor.id, externalId: doctor.externalId }),
  );
}

export async function updateDoctor(db: Database, id: number, row: DoctorRecord, now: Date) {
  await db
    .update(doctor)
    .set({ nameEn: row.nameEn, nameZh: row.nameZh, phones: row.phones, updateDate: now })
    .where(eq(doctor.id, id));
}

export function insertVenues(
  db: Database,
  source: string,
  rows: readonly VenueRecord[],
  now: Date,
): Promise<Map<string, number>> {
  return insertReturningIds(rows, (chunk) =>
    db
      .insert(venue)
      .values(chunk.map((row) => ({ ...row, source, createDate: now, updateDate: now })))
      .returning({ id: venue.id, externalId: venue.externalId }),
  );
}

export async function updateVenue(db: Database, id: number, row: VenueRecord, now: Date) {
  const { externalId: _externalId, ...fields } = row;
  await db
    .update(venue)
    .set({ ...fields, updateDate: now })
    .where(eq(venue.id, id));
}

export interface PriceRow {
  doctorId: number;
  serviceCode: string;
  amount: number;
  markedPrice: number | null;
}

export async function upsertPrices(db: Database, rows: readonly PriceRow[]) {
  for (const chunk of chunks(rows)) {
    await db
      .insert(paymentInfo)
      .values(chunk)
      .onConflictDoUpdate({
        target: [paymentInfo.doctorId, paymentInfo.serviceCode],
        set: { amount: sql`excluded.amount`, markedPrice: sql`excluded.marked_price` },
      });
  }
}

export async function deletePrices(db: Database, ids: readonly number[]) {
  for (const chunk of chunks(ids))
    await db.delete(paymentInfo).where(inArray(paymentInfo.id, chunk));
}

export interface ServicePointRow {
  externalId: string;
  panel: string;
  doctorId: number;
  venueId: number;
  serviceId: number;
  specialtyId: number | null;
}

export async function insertServicePoints(
  db: Database,
  source: string,
  rows: readonly ServicePointRow[],
  now: Date,
) {
  for (const chunk of chunks(rows)) {
    await db.insert(servicePoint).values(
      chunk.map((row) => ({
        ...row,
        source,
        lastVerifiedAt: now,
        createDate: now,
        updateDate: now,
      })),
    );
  }
}

export async function updateServicePoint(
  db: Database,
  id: number,
  row: ServicePointRow,
  now: Date,
) {
  const { externalId: _externalId, ...fields } = row;
  await db
    .update(servicePoint)
    .set({ ...fields, updateDate: now })
    .where(eq(servicePoint.id, id));
}

/** Marks the file's service points as verified now (the import checked them). */
export async function markVerified(
  db: Database,
  source: string,
  externalIds: readonly string[],
  now: Date,
) {
  for (const chunk of chunks(externalIds)) {
    await db
      .update(servicePoint)
      .set({ lastVerifiedAt: now })
      .where(and(eq(servicePoint.source, source), inArray(servicePoint.externalId, chunk)));
  }
}

/** Deletes the source's service points whose external ids are not in the file (`--full`). */
export async function deleteServicePoints(db: Database, ids: readonly number[]) {
  for (const chunk of chunks(ids))
    await db.delete(servicePoint).where(inArray(servicePoint.id, chunk));
}

// ---------------------------------------------------------------- the quarantine (decision 300)

export interface QuarantineRow {
  rowKey: string;
  fileName: string;
  rowWhere: string;
  cells: Record<string, string>;
  issues: { column: string; problem: string; expected: string }[];
}

/** Keeps the file's rejected rows (a row already there is replaced by its newer reading). */
export async function quarantineRows(
  db: Database,
  source: string,
  rows: readonly QuarantineRow[],
  now: Date,
) {
  for (const chunk of chunks(rows)) {
    await db
      .insert(networkImportQuarantine)
      .values(chunk.map((row) => ({ ...row, source, createDate: now, updateDate: now })))
      .onConflictDoUpdate({
        target: [networkImportQuarantine.source, networkImportQuarantine.rowKey],
        set: {
          fileName: sql`excluded.file_name`,
          rowWhere: sql`excluded.row_where`,
          cells: sql`excluded.cells`,
          issues: sql`excluded.issues`,
          updateDate: sql`excluded.update_date`,
        },
      });
  }
}

/** Releases rows written now (fixed), and with `--full` every row of the source not in the file. */
export async function releaseQuarantined(
  db: Database,
  source: string,
  written: readonly string[],
  keepOnly: readonly string[] | null,
) {
  for (const chunk of chunks(written)) {
    await db
      .delete(networkImportQuarantine)
      .where(
        and(
          eq(networkImportQuarantine.source, source),
          inArray(networkImportQuarantine.rowKey, chunk),
        ),
      );
  }
  if (keepOnly !== null) {
    await db
      .delete(networkImportQuarantine)
      .where(
        and(
          eq(networkImportQuarantine.source, source),
          keepOnly.length === 0
            ? sql`true`
            : sql`${networkImportQuarantine.rowKey} <> ALL(${sql.param([...keepOnly])}::text[])`,
        ),
      );
  }
}

export interface QuarantinedEntry extends QuarantineRow {
  id: number;
  source: string;
  updateDate: Date;
}

/** The quarantine, of one source or all, oldest first. */
export async function listQuarantine(
  db: Database,
  source: string | null,
): Promise<QuarantinedEntry[]> {
  return db
    .select({
      id: networkImportQuarantine.id,
      source: networkImportQuarantine.source,
      rowKey: networkImportQuarantine.rowKey,
      fileName: networkImportQuarantine.fileName,
      rowWhere: networkImportQuarantine.rowWhere,
      cells: networkImportQuarantine.cells,
      issues: networkImportQuarantine.issues,
      updateDate: networkImportQuarantine.updateDate,
    })
    .from(networkImportQuarantine)
    .where(source === null ? undefined : eq(networkImportQuarantine.source, source))
    .orderBy(networkImportQuarantine.source, networkImportQuarantine.id);
}
