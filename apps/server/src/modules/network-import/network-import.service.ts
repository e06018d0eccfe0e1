// The network import (issue 19, decisions 188–190, 300): reads a file, checks every row, compares
// the file with what its source already has (added / changed / removed), and — unless it is a dry
// run — writes the valid rows in one transaction, keeping the rows with errors in the quarantine
// (`--strict`: a row with an error writes nothing, as before), then has the finder's read model
// rebuilt so every API process serves the new network (decision 110). A re-import of the same
// file changes no row but marks its service points verified again.
import { type ImportIssue, ImportFileError } from './template';
import { type Mapping, readImportFile, readMapping, DEFAULT_MAX_BYTES } from './read-file';
import {
  type ExistingNetwork,
  deletePrices,
  deleteServicePoints,
  insertDoctors,
  insertServicePoints,
  insertVenues,
  loadCatalogue,
  loadExisting,
  lockSource,
  markVerified,
  type QuarantineRow,
  quarantineRows,
  releaseQuarantined,
  type PriceRow,
  type ServicePointRow,
  updateDoctor,
  updateServicePoint,
  updateVenue,
  upsertPrices,
} from './network-import.repository';
import { type AcceptedRow, type NetworkRecords, type RejectedRow, validateTable } from './validate';
import type { Database } from '../../db/client';

export { DEFAULT_MAX_BYTES, ImportFileError, type ImportIssue };
export { formatIssue } from './template';

export type EntityKind = 'doctor' | 'venue' | 'service point' | 'price';

export interface Change {
  kind: EntityKind;
  /** The external id (a price: "doctor id / service code"). */
  id: string;
  /** The fields that differ, for a change. */
  fields?: string[];
}

export interface ImportPlan {
  added: Change[];
  changed: Change[];
  removed: Change[];
  unchanged: number;
}

export interface NetworkImportOptions {
  /** The file's name: its extension says its kind (.csv, .xlsx, .geojson / .json). */
  fileName: string;
  bytes: Uint8Array;
  /** The mapping file's bytes, for a GeoJSON list. */
  mapping?: Uint8Array | null;
  /** The source; defaults to the mapping's `source`, else `network`. */
  source?: string;
  dryRun?: boolean;
  /** Remove the source's service points (and prices) missing from the file. */
  full?: boolean;
  /** All or nothing: one row with an error writes nothing (no quarantine). */
  strict?: boolean;
  /** The size limit in bytes (default 50 MB). */
  maxBytes?: number;
  /** The shared clock's time: the service points' last_verified_at. */
  now: Date;
  /** Called as each row is written (progress bar; tests inject a fault here). */
  onWrite?: (done: number, total: number) => void;
}

export interface NetworkImportDeps {
  /** Rebuilds the finder's read model (finder.index.ts), after a write. */
  rebuildReadModel: (db: Database) => Promise<number>;
}

export interface NetworkImportResult {
  source: string;
  rows: number;
  plan: ImportPlan;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** The rows with errors: quarantined (or, strict, the reason nothing was written). */
  rejected: RejectedRow[];
  /** Rows by outcome: written (added or changed), quarantined, unchanged; service points removed. */
  rowCounts: RowCounts;
  /** Whether the network was written (not a dry run; strict: no error). */
  written: boolean;
  /** Service points in the rebuilt read model, after a write. */
  finderRows: number | null;
}

export interface RowCounts {
  written: number;
  quarantined: number;
  unchanged: number;
  removed: number;
}

/** A row is written when one of its records is added or changed, else unchanged. */
export function countRows(
  accepted: readonly AcceptedRow[],
  rejected: readonly RejectedRow[],
  plan: ImportPlan,
): RowCounts {
  const touched = new Set(
    [...plan.added, ...plan.changed].map((change) => `${change.kind}\u0000${change.id}`),
  );
  const has = (kind: EntityKind, id: string | null) =>
    id !== null && touched.has(`${kind}\u0000${id}`);
  let written = 0;
  for (const row of accepted) {
    if (
      has('doctor', row.doctor) ||
      has('venue', row.venue) ||
      has('service point', row.servicePoint) ||
      has('price', row.price)
    ) {
      written += 1;
    }
  }
  return {
    written,
    quarantined: rejected.length,
    unchanged: accepted.length - written,
    removed: plan.removed.filter((change) => change.kind === 'service point').length,
  };
}

/** A rejected row as the quarantine keeps it: its cells, its point as latitude / longitude. */
function quarantineRow(fileName: string, rejected: RejectedRow): QuarantineRow {
  const cells: Record<string, string> = { ...rejected.row.cells };
  const { point } = rejected.row;
  if (point && rejected.row.cells.latitude === undefined) {
    cells.longitude = String(point[0]);
    cells.latitude = String(point[1]);
  }
  return {
    rowKey: rejected.key,
    fileName,
    rowWhere: rejected.row.where,
    cells,
    issues: rejected.issues.map(({ column, problem, expected }) => ({ column, problem, expected })),
  };
}

const SOURCE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Throws ImportFileError when the file is over the limit. */
export function checkSize(size: number, maxBytes: number = DEFAULT_MAX_BYTES): void {
  if (size > maxBytes) {
    const mb = (n: number) =>
      n < 1024 * 1024 ? `${n.toLocaleString('en')} bytes` : `${(n / 1024 / 1024).toFixed(1)} MB`;
    throw new ImportFileError(
      `the file is ${mb(size)}, over the limit of ${mb(maxBytes)} (expected a smaller file, or a higher NETWORK_IMPORT_MAX_BYTES)`,
    );
  }
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep the keys' order. */
function json(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

function fieldsThatDiffer(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return Object.keys(a).filter((key) => json(a[key]) !== json(b[key]));
}

/** Compares the file's records with the source's rows. */
export function planImport(
  records: NetworkRecords,
  existing: ExistingNetwork,
  full: boolean,
): ImportPlan {
  const plan: ImportPlan = { added: [], changed: [], removed: [], unchanged: 0 };
  const note = (kind: EntityKind, id: string, fields: string[] | null) => {
    if (fields === null) plan.added.push({ kind, id });
    else if (fields.length > 0) plan.changed.push({ kind, id, fields });
    else plan.unchanged += 1;
  };
  const doctors = new Map(existing.doctors.map((d) => [d.externalId, d]));
  const venues = new Map(existing.venues.map((v) => [v.externalId, v]));
  const doctorExternal = new Map(existing.doctors.map((d) => [d.id, d.externalId]));
  const venueExternal = new Map(existing.venues.map((v) => [v.id, v.externalId]));
  for (const record of records.doctors) {
    const old = doctors.get(record.externalId);
    note('doctor', record.externalId, old ? fieldsThatDiffer({ ...record }, { ...old }) : null);
  }
  for (const record of records.venues) {
    const old = venues.get(record.externalId);
    note('venue', record.externalId, old ? fieldsThatDiffer({ ...record }, { ...old }) : null);
  }
  const prices = new Map(
    existing.prices.map((p) => [
      `${doctorExternal.get(p.doctorId) ?? ''}\u0000${p.serviceCode}`,
      p,
    ]),
  );
  const filePrices = new Set<string>();
  for (const record of records.prices) {
    const key = `${record.doctorExternalId}\u0000${record.serviceCode}`;
    filePrices.add(key);
    const old = prices.get(key);
    note(
      'price',
      `${record.doctorExternalId} / ${record.serviceCode}`,
      old
        ? fieldsThatDiffer(
            { amount: record.amount, markedPrice: record.markedPrice },
            { amount: old.amount, markedPrice: old.markedPrice },
          )
        : null,
    );
  }
  const points = new Map(existing.servicePoints.map((p) => [p.externalId, p]));
  const filePoints = new Set<string>();
  for (const record of records.servicePoints) {
    filePoints.add(record.externalId);
    const old = points.get(record.externalId);
    note(
      'service point',
      record.externalId,
      old
        ? fieldsThatDiffer(
            { ...record },
            {
              ...old,
              doctorExternalId: doctorExternal.get(old.doctorId),
              venueExternalId: venueExternal.get(old.venueId),
            },
          )
        : null,
    );
  }
  if (full) {
    for (const point of existing.servicePoints) {
      if (!filePoints.has(point.externalId)) {
        plan.removed.push({ kind: 'service point', id: point.externalId });
      }
    }
    for (const key of prices.keys()) {
      if (!filePrices.has(key)) {
        plan.removed.push({ kind: 'price', id: key.replace('\u0000', ' / ') });
      }
    }
  }
  return plan;
}

async function write(
  db: Database,
  source: string,
  records: NetworkRecords,
  existing: ExistingNetwork,
  options: NetworkImportOptions,
): Promise<void> {
  const { now } = options;
  // Progress counts the service points (the venues, for a venues-only import).
  const venuesOnly = records.servicePoints.length === 0;
  const total = venuesOnly ? records.venues.length : records.servicePoints.length;
  let done = 0;
  const progress = () => {
    done += 1;
    options.onWrite?.(done, total);
  };

  // Doctors and venues: insert the new, update the changed; keep every id.
  const doctorIds = new Map(existing.doctors.map((d) => [d.externalId, d.id]));
  const oldDoctors = new Map(existing.doctors.map((d) => [d.externalId, d]));
  for (const record of records.doctors) {
    const old = oldDoctors.get(record.externalId);
    if (old && fieldsThatDiffer({ ...record }, { ...old }).length > 0) {
      await updateDoctor(db, old.id, record, now);
    }
  }
  const newDoctors = records.doctors.filter((d) => !doctorIds.has(d.externalId));
  for (const [id, value] of await insertDoctors(db, source, newDoctors, now)) {
    doctorIds.set(id, value);
  }

  const venueIds = new Map(existing.venues.map((v) => [v.externalId, v.id]));
  const oldVenues = new Map(existing.venues.map((v) => [v.externalId, v]));
  const newVenues = [];
  for (const record of records.venues) {
    const old = oldVenues.get(record.externalId);
    if (!old) newVenues.push(record);
    else if (fieldsThatDiffer({ ...record }, { ...old }).length > 0) {
      await updateVenue(db, old.id, record, now);
    }
    if (venuesOnly) progress();
  }
  for (const [id, value] of await insertVenues(db, source, newVenues, now)) venueIds.set(id, value);

  const idOf = (ids: Map<string, number>, externalId: string) => {
    const id = ids.get(externalId);
    if (id === undefined) throw new Error(`no id for ${externalId}`);
    return id;
  };

  // Prices.
  const priceRows: PriceRow[] = records.prices.map((price) => ({
    doctorId: idOf(doctorIds, price.doctorExternalId),
    serviceCode: price.serviceCode,
    amount: price.amount,
    markedPrice: price.markedPrice,
  }));
  await upsertPrices(db, priceRows);

  // Service points, in chunks: a fault at any row leaves the whole transaction to roll back.
  const oldPoints = new Map(existing.servicePoints.map((p) => [p.externalId, p]));
  let pending: ServicePointRow[] = [];
  for (const record of records.servicePoints) {
    const row: ServicePointRow = {
      externalId: record.externalId,
      panel: record.panel,
      doctorId: idOf(doctorIds, record.doctorExternalId),
      venueId: idOf(venueIds, record.venueExternalId),
      serviceId: record.serviceId,
      specialtyId: record.specialtyId,
    };
    const old = oldPoints.get(record.externalId);
    if (!old) pending.push(row);
    else if (fieldsThatDiffer({ ...row }, { ...old }).filter((f) => f !== 'id').length > 0) {
      await updateServicePoint(db, old.id, row, now);
    }
    progress();
    if (pending.length >= 500) {
      await insertServicePoints(db, source, pending, now);
      pending = [];
    }
  }
  await insertServicePoints(db, source, pending, now);
  await markVerified(
    db,
    source,
    records.servicePoints.map((p) => p.externalId),
    now,
  );

  if (options.full) {
    const inFile = new Set(records.servicePoints.map((p) => p.externalId));
    await deleteServicePoints(
      db,
      existing.servicePoints.filter((p) => !inFile.has(p.externalId)).map((p) => p.id),
    );
    const filePrices = new Set(priceRows.map((p) => `${String(p.doctorId)}\u0000${p.serviceCode}`));
    await deletePrices(
      db,
      existing.prices
        .filter((p) => !filePrices.has(`${String(p.doctorId)}\u0000${p.serviceCode}`))
        .map((p) => p.id),
    );
  }
}

function resolveSource(options: NetworkImportOptions, mapping: Mapping | null): string {
  const source = options.source ?? mapping?.source ?? 'network';
  if (!SOURCE.test(source)) {
    throw new ImportFileError(
      `source "${source}" is not a valid name (expected lowercase letters, digits and dashes, e.g. ha-gopc)`,
    );
  }
  return source;
}

/**
 * Runs an import. A file that cannot be read throws ImportFileError; rows with errors come back
 * in `errors` and are quarantined while the others are written (strict: nothing is written).
 */
export async function importNetwork(
  db: Database,
  options: NetworkImportOptions,
  deps: NetworkImportDeps,
): Promise<NetworkImportResult> {
  checkSize(options.bytes.length, options.maxBytes);
  const mapping = options.mapping ? readMapping(options.mapping) : null;
  const table = await readImportFile(options.fileName, options.bytes, mapping);
  const source = resolveSource(options, mapping);
  if (table.venuesOnly && options.full) {
    throw new ImportFileError(
      '--full with a venues-only mapping would remove every service point of the source (expected one or the other)',
    );
  }
  const catalogue = await loadCatalogue(db);
  if (catalogue.districts.length === 0 || catalogue.services.length === 0) {
    throw new ImportFileError(
      'the database has no districts or services to check the file against (expected the reference data: run npm run db:seed first)',
    );
  }
  const { records, accepted, rejected, errors, warnings } = validateTable(table, catalogue);
  const base = { source, rows: table.rows.length, errors, warnings, rejected };
  const full = options.full ?? false;

  if ((options.strict && errors.length > 0) || options.dryRun) {
    const existing = await loadExisting(db, source);
    const plan = planImport(records, existing, full);
    return {
      ...base,
      plan,
      rowCounts: countRows(accepted, rejected, plan),
      written: false,
      finderRows: null,
    };
  }

  const plan = await db.transaction(async (tx) => {
    await lockSource(tx, source);
    const existing = await loadExisting(tx, source);
    const planned = planImport(records, existing, full);
    await write(tx, source, records, existing, options);
    await releaseQuarantined(
      tx,
      source,
      accepted.map((row) => row.key),
      // Every row of the file is accepted or rejected: with --full, the rest of the quarantine goes.
      full ? [...accepted, ...rejected].map((row) => row.key) : null,
    );
    await quarantineRows(
      tx,
      source,
      rejected.map((row) => quarantineRow(options.fileName, row)),
      options.now,
    );
    return planned;
  });
  const finderRows = await deps.rebuildReadModel(db);
  return {
    ...base,
    plan,
    rowCounts: countRows(accepted, rejected, plan),
    written: true,
    finderRows,
  };
}
