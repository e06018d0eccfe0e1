// The directory's upkeep (issue 19, decision 192): members report wrong details on a card;
// reports queue for operators, limited per client address and per signed-in account, and hold no
// personal data beyond the note (the reporter is an HMAC with SECRET_KEY, only to count distinct
// reporters: the account's when signed in, else the address's). A point with open "moved or
// closed" / "doctor left" reports from FLAG_ADDRESSES different reporters within FLAG_WINDOW_DAYS
// days, the first and the last at least FLAG_SPREAD_HOURS apart (decision 256), is flagged on its
// card until an operator resolves or rejects them.
// Operators also confirm points (last_verified_at) and list the stale ones.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type {
  DirectoryReportReceipt,
  ReportKind,
} from '@clinicpass/shared/schemas/directory-report';
import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client';
import { takeFromWindow } from '../../plugins/limits';
import {
  createDirectoryRepository,
  FLAGGING_KINDS,
  type ReportRow,
  type StaleRow,
} from './directory.repository';

/** Different addresses whose reports flag a point, and the days they must fall within. */
export const FLAG_ADDRESSES = 3;
export const FLAG_WINDOW_DAYS = 30;
/** Flagging reports must come over time: the first and the last this many hours apart at least. */
export const FLAG_SPREAD_HOURS = 24;
/** How long a process trusts its copy of the flagged points before reading them again. */
export const FLAGS_TTL_MS = 5000;

const DAY_MS = 86_400_000;

export interface DirectoryDeps {
  db: Database;
  secretKey: string;
}

/** The keyed hash a report keeps of its client address. */
export function addressHash(secretKey: string, address: string): string {
  return createHmac('sha256', secretKey).update(`directory-report\n${address}`).digest('base64url');
}

/** The keyed hash a signed-in customer's report keeps: one reporter, from any address. */
export function accountHash(secretKey: string, userId: string): string {
  return createHmac('sha256', secretKey)
    .update(`directory-report-account\n${userId}`)
    .digest('base64url');
}

// ---------------------------------------------------------------- flagged points, per process

interface FlagCache {
  ids: ReadonlySet<number>;
  loadedAt: number;
  loading: Promise<ReadonlySet<number>> | null;
}

const flagCaches = new WeakMap<Database, FlagCache>();

function flagCacheOf(db: Database): FlagCache {
  let cache = flagCaches.get(db);
  if (cache === undefined) {
    cache = { ids: new Set(), loadedAt: Number.NEGATIVE_INFINITY, loading: null };
    flagCaches.set(db, cache);
  }
  return cache;
}

/**
 * The flagged service points, read at most every FLAGS_TTL_MS per process (a write in this
 * process reads them again at once).
 */
export function flaggedServicePoints(db: Database): Promise<ReadonlySet<number>> {
  const cache = flagCacheOf(db);
  if (performance.now() - cache.loadedAt < FLAGS_TTL_MS) return Promise.resolve(cache.ids);
  cache.loading ??= (async () => {
    try {
      const ids = new Set(await createDirectoryRepository(db).flaggedIds());
      cache.ids = ids;
      cache.loadedAt = performance.now();
      return ids;
    } finally {
      cache.loading = null;
    }
  })();
  return cache.loading;
}

function forgetFlags(db: Database): void {
  flagCacheOf(db).loadedAt = Number.NEGATIVE_INFINITY;
}

// ---------------------------------------------------------------- reports

export async function submitReport(
  deps: DirectoryDeps,
  input: {
    servicePointId: number;
    kind: ReportKind;
    note: string | undefined;
    address: string;
    perAddressPerDay: number;
    /** The signed-in customer (no captcha: counted per account instead), or null. */
    userId?: string | null;
    perAccountPerDay?: number;
  },
  now: Date,
): Promise<DirectoryReportReceipt> {
  const repository = createDirectoryRepository(deps.db);
  const hash = addressHash(deps.secretKey, input.address);
  await takeFromWindow(
    deps.db,
    `directory-report:${hash}`,
    {
      limit: input.perAddressPerDay,
      windowMs: DAY_MS,
      message: `At most ${input.perAddressPerDay} reports a day from one address; please try again tomorrow`,
    },
    now,
  );
  const userId = input.userId ?? null;
  const reporter = userId === null ? hash : accountHash(deps.secretKey, userId);
  if (userId !== null) {
    const perAccount = input.perAccountPerDay ?? input.perAddressPerDay;
    await takeFromWindow(
      deps.db,
      `directory-report:account:${reporter}`,
      {
        limit: perAccount,
        windowMs: DAY_MS,
        message: `At most ${perAccount} reports a day from one account; please try again tomorrow`,
      },
      now,
    );
  }
  if (!(await repository.servicePointExists(input.servicePointId))) {
    throw new AppError('not_found', { message: 'No such service point' });
  }
  await repository.insertReport({
    servicePointId: input.servicePointId,
    kind: input.kind,
    note: input.note ?? null,
    addressHash: reporter,
    createdAt: now,
  });
  if ((FLAGGING_KINDS as readonly string[]).includes(input.kind)) {
    const since = new Date(now.getTime() - FLAG_WINDOW_DAYS * DAY_MS);
    const { reporters, spanHours } = await repository.flaggingReporters(
      input.servicePointId,
      since,
    );
    if (reporters >= FLAG_ADDRESSES && spanHours >= FLAG_SPREAD_HOURS) {
      await repository.flag(input.servicePointId, now);
      forgetFlags(deps.db);
    }
  }
  return { service_point_id: input.servicePointId, received: true };
}

export function listReports(db: Database, status?: string): Promise<ReportRow[]> {
  return createDirectoryRepository(db).listReports(status);
}

/**
 * Resolves or rejects open reports (one by id, or all of a point); a point whose remaining open
 * reports no longer flag it loses its flag. Answers the reports closed.
 */
export async function closeReports(
  db: Database,
  where: { id: number } | { servicePointId: number },
  status: 'resolved' | 'rejected',
  now: Date,
): Promise<number[]> {
  const closed = await db.transaction(async (tx) => {
    const inTx = createDirectoryRepository(tx);
    const rows = await inTx.closeReports(where, status, now);
    for (const point of new Set(rows.map((row) => row.servicePointId))) {
      if (!(await inTx.hasFlaggingWindow(point, FLAG_ADDRESSES, FLAG_WINDOW_DAYS))) {
        await inTx.unflag(point);
      }
    }
    return rows;
  });
  forgetFlags(db);
  if (closed.length === 0) {
    throw new AppError('not_found', {
      message:
        'id' in where
          ? `No open report ${where.id}`
          : `No open reports of service point ${where.servicePointId}`,
    });
  }
  return closed.map((row) => row.id);
}

// ---------------------------------------------------------------- freshness

/**
 * Marks points verified now; answers the points set. The caller rebuilds the finder's read model
 * (finder.index.ts) so the cards show it.
 */
export async function confirmServicePoints(
  db: Database,
  where: { ids: number[] } | { venueId: number },
  now: Date,
): Promise<number[]> {
  const ids = await createDirectoryRepository(db).confirm(where, now);
  if (ids.length === 0) {
    throw new AppError('not_found', {
      message:
        'ids' in where ? 'No such service point' : `Venue ${where.venueId} has no service points`,
    });
  }
  return ids;
}

/** Points not verified for more than `staleDays` days, by venue. */
export function staleServicePoints(
  db: Database,
  now: Date,
  staleDays: number,
): Promise<StaleRow[]> {
  return createDirectoryRepository(db).stale(new Date(now.getTime() - staleDays * DAY_MS));
}
