// Seeds reference data, the synthetic network and the demo data, in one order that respects the
// foreign keys. Rows come with fixed ids (deterministic generator); sequences are moved past them.
import { APPEND_ONLY_TABLES } from '../staff-schema';
import { systemClock, type Clock } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rebuildFinderIndex } from '../../modules/finder/finder.index';
import type { Database, DatabaseHandle } from '../client';
import { withSchemaLock } from '../migrate';
import {
  countryRegion,
  district,
  districtNearby,
  doctor,
  healthcareService,
  paymentInfo,
  servicePoint,
  serviceProvision,
  serviceSpecialty,
  specialty,
  venue,
} from '../schema';
import {
  serviceProvisionRows,
  serviceRows,
  serviceSpecialtyRows,
  specialtyRows,
} from './catalogue';
import { seedBillingDemo } from './billing-demo';
import { seedClinicDemo } from './clinic-demo';
import { seedDemo } from './demo';
import { generateNetwork } from './network';
import { servicePointVerifiedAt, venueDirectory, venuePoint } from './network-directory';
import { seedPlatformDemo } from './platform-demo';
import { seedServiceRequestDemo } from './service-request-demo';
import { seedStakeholderData } from './stakeholder-data';
import { countryRegionRows, districtNearbyRows, districtRows } from './reference';

export interface SeedOptions {
  secretKey: string;
  /** Service points to generate (default: the generator's ~1,600). */
  servicePoints?: number;
  clock?: Clock;
}

export interface SeedCounts {
  districts: number;
  services: number;
  specialties: number;
  doctors: number;
  venues: number;
  servicePoints: number;
}

// PostgreSQL takes at most 65,535 parameters per statement.
const MAX_PARAMETERS = 60_000;

type Executor = Pick<Database, 'insert'>;

async function insertInChunks(
  db: Executor,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

const SERIAL_TABLES = [
  'country_region',
  'healthcare_service',
  'specialty',
  'doctor',
  'payment_info',
  'venue',
  'service_point',
] as const;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function insertNetwork(
  tx: Transaction,
  network: ReturnType<typeof generateNetwork>,
  now: Date,
) {
  await insertInChunks(tx, doctor, network.doctors);
  await insertInChunks(tx, paymentInfo, network.paymentInfos);
  // Issue 19: opening hours and verification dates (seed/network-directory.ts).
  await insertInChunks(
    tx,
    venue,
    network.venues.map((row) => ({
      ...row,
      ...venueDirectory(row.id),
      ...venuePoint(row.id, row.districtCode),
    })),
  );
  await insertInChunks(
    tx,
    servicePoint,
    network.servicePoints.map((row) => ({
      ...row,
      lastVerifiedAt: servicePointVerifiedAt(row.id, now),
    })),
  );
}

async function moveSequencesPastRows(tx: Transaction) {
  for (const table of SERIAL_TABLES) {
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT max(id) FROM ${table}), 0) + 1, false)`,
      ),
    );
  }
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedCounts> {
  const network = generateNetwork({ servicePoints: options.servicePoints ?? 1600 });
  await db.transaction(async (tx) => {
    await insertInChunks(tx, countryRegion, countryRegionRows());
    await insertInChunks(tx, district, districtRows());
    await insertInChunks(tx, districtNearby, districtNearbyRows());
    await insertInChunks(tx, healthcareService, serviceRows());
    await insertInChunks(tx, serviceProvision, serviceProvisionRows());
    await insertInChunks(tx, specialty, specialtyRows());
    await insertInChunks(tx, serviceSpecialty, serviceSpecialtyRows());
    await insertNetwork(tx, network, (options.clock ?? systemClock).now());
    await moveSequencesPastRows(tx);
  });
  // The demo scenario: each part builds on the records the parts before it return.
  const demoOptions = { secretKey: options.secretKey, clock: options.clock ?? systemClock };
  const demo = await seedDemo(db, demoOptions);
  const platform = await seedPlatformDemo(db, { ...demoOptions, demo });
  await seedBillingDemo(db, { ...demoOptions, demo, parties: platform.parties });
  await seedServiceRequestDemo(db, { ...demoOptions, demo });
  await seedStakeholderData(db, { secretKey: options.secretKey, demo });
  await seedClinicDemo(db);
  await db.execute(sql`ANALYZE`);
  await rebuildFinderIndex(db);
  return {
    districts: districtRows().length,
    services: serviceRows().length,
    specialties: specialtyRows().length,
    doctors: network.doctors.length,
    venues: network.venues.length,
    servicePoints: network.servicePoints.length,
  };
}

/**
 * Replaces the network (doctors, prices, venues, service points) with a generated one of the
 * given size, keeping reference data, accounts, policies and members; bookmarks go with the
 * service points they pointed at. For benchmarks: `db:seed -- --service-points 100000`.
 */
export async function replaceNetwork(db: Database, servicePoints: number): Promise<number> {
  const network = generateNetwork({ servicePoints });
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('TRUNCATE service_point, payment_info, venue, doctor CASCADE'));
    await insertNetwork(tx, network, new Date());
    await moveSequencesPastRows(tx);
  });
  await db.execute(sql`ANALYZE`);
  await rebuildFinderIndex(db);
  return network.servicePoints.length;
}

/** True when nothing has been seeded (no districts). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM ${district}`,
  );
  return (result.rows[0]?.count ?? 0) === 0;
}

/**
 * Seeds when the database is empty, under the schema lock (decision 260): of processes starting
 * at once on an empty database, one seeds and the others, let in after it, find it seeded.
 * Returns whether this call seeded.
 */
export async function seedIfEmpty(
  handle: Pick<DatabaseHandle, 'db' | 'pool'>,
  options: SeedOptions & { log?: (message: string) => void },
): Promise<boolean> {
  return withSchemaLock(handle, async () => {
    if (!(await isDatabaseEmpty(handle.db))) return false;
    options.log?.('Seeding an empty database…');
    await seedDatabase(handle.db, options);
    return true;
  });
}

/** Empties every application table but the append-only audit log (for `db:seed --force`). */
export async function resetDatabase(db: Database): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const tables = result.rows
    .filter((row) => !APPEND_ONLY_TABLES.includes(row.tablename))
    .map((row) => `"${row.tablename}"`);
  if (tables.length > 0)
    await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}
