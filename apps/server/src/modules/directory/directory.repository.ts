// SQL of the directory's upkeep (issue 19): members' reports and the flags they raise, operators
// confirming service points, and the points not verified for too long.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { directoryFlag, directoryReport } from '../../db/directory-schema';
import { servicePoint } from '../../db/schema';

/** Kinds of report that count towards flagging a point: it is closed, or the doctor has gone. */
export const FLAGGING_KINDS = ['moved_or_closed', 'doctor_left'] as const;

export interface ReportRow {
  id: number;
  servicePointId: number;
  kind: string;
  note: string | null;
  status: string;
  createdAt: Date;
  closedAt: Date | null;
}

export type StaleRow = {
  venue_id: number;
  venue_name_en: string;
  venue_name_zh: string;
  district_code: string;
  service_point_id: number;
  doctor_name_en: string;
  last_verified_at: Date | null;
};

export function createDirectoryRepository(db: Database) {
  return {
    async servicePointExists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: servicePoint.id })
        .from(servicePoint)
        .where(eq(servicePoint.id, id));
      return rows.length > 0;
    },

    async insertReport(report: {
      servicePointId: number;
      kind: string;
      note: string | null;
      addressHash: string;
      createdAt: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(directoryReport)
        .values(report)
        .returning({ id: directoryReport.id });
      return row?.id ?? 0;
    },

    /**
     * A point's open flagging reports made since `since`: their distinct reporters (the keyed
     * hash of an account, or of an address for a guest) and the hours from the first to the last.
     */
    async flaggingReporters(
      servicePointId: number,
      since: Date,
    ): Promise<{ reporters: number; spanHours: number }> {
      const result = await db.execute<{ reporters: number; span_hours: number | null }>(sql`
        SELECT count(DISTINCT address_hash)::int AS reporters,
               (extract(epoch FROM max(created_at) - min(created_at)) / 3600)::float8 AS span_hours
        FROM directory_report
        WHERE service_point_id = ${servicePointId} AND status = 'open'
          AND kind IN ('moved_or_closed', 'doctor_left') AND created_at > ${since.toISOString()}`);
      const row = result.rows[0];
      return { reporters: row?.reporters ?? 0, spanHours: row?.span_hours ?? 0 };
    },

    /**
     * Whether a point's open flagging reports hold 3 distinct addresses within some 30 days
     * (any window, not only the last: a flag stays until the reports are resolved).
     */
    async hasFlaggingWindow(servicePointId: number, addresses: number, days: number) {
      const result = await db.execute<{ ok: number }>(sql`
        SELECT 1 AS ok FROM directory_report a
        WHERE a.service_point_id = ${servicePointId} AND a.status = 'open'
          AND a.kind IN ('moved_or_closed', 'doctor_left')
          AND (SELECT count(DISTINCT b.address_hash) FROM directory_report b
               WHERE b.service_point_id = a.service_point_id AND b.status = 'open'
                 AND b.kind IN ('moved_or_closed', 'doctor_left')
                 AND b.created_at <= a.created_at
                 AND b.created_at > a.created_at - make_interval(days => ${days})) >= ${addresses}
        LIMIT 1`);
      return result.rows.length > 0;
    },

    async flag(servicePointId: number, at: Date): Promise<void> {
      await db
        .insert(directoryFlag)
        .values({ servicePointId, flaggedAt: at })
        .onConflictDoNothing();
    },

    async unflag(servicePointId: number): Promise<void> {
      await db.delete(directoryFlag).where(eq(directoryFlag.servicePointId, servicePointId));
    },

    async flaggedIds(): Promise<number[]> {
      const rows = await db.select({ id: directoryFlag.servicePointId }).from(directoryFlag);
      return rows.map((row) => row.id);
    },

    async listReports(status: string | undefined): Promise<ReportRow[]> {
      return db
        .select({
          id: directoryReport.id,
          servicePointId: directoryReport.servicePointId,
          kind: directoryReport.kind,
          note: directoryReport.note,
          status: directoryReport.status,
          createdAt: directoryReport.createdAt,
          closedAt: directoryReport.closedAt,
        })
        .from(directoryReport)
        .where(status === undefined ? undefined : eq(directoryReport.status, status))
        .orderBy(directoryReport.servicePointId, directoryReport.id);
    },

    /** Closes open reports (one, or all of a point); answers the points they were about. */
    async closeReports(
      where: { id: number } | { servicePointId: number },
      status: 'resolved' | 'rejected',
      at: Date,
    ): Promise<{ id: number; servicePointId: number }[]> {
      return db
        .update(directoryReport)
        .set({ status, closedAt: at })
        .where(
          and(
            eq(directoryReport.status, 'open'),
            'id' in where
              ? eq(directoryReport.id, where.id)
              : eq(directoryReport.servicePointId, where.servicePointId),
          ),
        )
        .returning({ id: directoryReport.id, servicePointId: directoryReport.servicePointId });
    },

    /** Sets last_verified_at of the given points (or a venue's); answers the points set. */
    async confirm(where: { ids: number[] } | { venueId: number }, at: Date): Promise<number[]> {
      const rows = await db.execute<{ id: number }>(sql`
        UPDATE service_point SET last_verified_at = ${at.toISOString()}
        WHERE ${'ids' in where ? sql`id = ANY(${`{${where.ids.join(',')}}`}::int[])` : sql`venue_id = ${where.venueId}`}
        RETURNING id`);
      return rows.rows.map((row) => row.id).sort((a, b) => a - b);
    },

    /** Points not verified since `before` (or never), by venue. */
    async stale(before: Date): Promise<StaleRow[]> {
      const result = await db.execute<StaleRow>(sql`
        SELECT v.id AS venue_id, v.name_en AS venue_name_en, v.name_zh AS venue_name_zh,
          v.district_code, sp.id AS service_point_id, d.name_en AS doctor_name_en,
          sp.last_verified_at
        FROM service_point sp
        JOIN venue v ON v.id = sp.venue_id
        JOIN doctor d ON d.id = sp.doctor_id
        WHERE sp.last_verified_at IS NULL OR sp.last_verified_at < ${before.toISOString()}
        ORDER BY v.district_code, v.id, sp.id`);
      return result.rows.map((row) => ({
        ...row,
        last_verified_at: row.last_verified_at === null ? null : new Date(row.last_verified_at),
      }));
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
