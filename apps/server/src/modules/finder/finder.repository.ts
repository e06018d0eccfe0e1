// SQL of the finder: policy access and bookmarks. Searches are answered from each process's
// in-memory snapshot of the read model (finder.snapshot.ts, finder.engine.ts; decisions 161,
// 174); the SQL search that is the engine's reference lives with the tests
// (test/finder-oracle.ts, decision 175).
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { BilingualText, OpeningHours } from '@clinicpass/shared/schemas/hours';
import type { TreatmentProperty } from '../../db/schema';

export type ServicePointRow = {
  id: number;
  is_bookmarked: boolean;
  create_date: string;
  update_date: string;
  doctor_id: number;
  doctor_name_en: string;
  doctor_name_zh: string;
  doctor_phones: { no: string; label?: string }[];
  payment_info: {
    service_code: string;
    amount: string | number;
    marked_price: string | number | null;
    treatment_properties: TreatmentProperty[];
  }[];
  venue_id: number;
  venue_name_en: string;
  venue_name_zh: string;
  address_line_one: string;
  address_line_two: string;
  /** The venue's point (WGS 84), or null when the directory gave none. */
  latitude?: number | null;
  longitude?: number | null;
  district_code: string;
  district_name_en: string;
  district_name_zh: string;
  service_id: number;
  service_slug: string;
  service_code: string;
  service_name_en: string;
  service_name_zh: string;
  specialty_id: number | null;
  specialty_slug: string | null;
  specialty_description_en: string | null;
  specialty_description_zh: string | null;
  /** Issue 19: the venue's hours (schemas/hours.ts) and when the point was last verified. */
  opening_hours?: OpeningHours | null;
  hours_text?: BilingualText | null;
  hours_note?: BilingualText | null;
  last_verified_at?: string | null;
};

function inList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

export function createFinderRepository(db: Database) {
  return {
    /** Whether an in-force policy with this number may use the panel's medical network. */
    async policyHasNetwork(policyNumber: string, panel: string): Promise<boolean> {
      const result = await db.execute<{ ok: number }>(sql`
        SELECT 1 AS ok FROM policy p JOIN product pr ON pr.id = p.product_id
        WHERE p.policy_number = ${policyNumber} AND p.status = 'in-force'
          AND pr.medical_network_panel = ${panel}
        LIMIT 1`);
      return result.rows.length > 0;
    },

    /** Which of the given service points the customer has bookmarked. */
    async bookmarkedAmong(userId: string, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const result = await db.execute<{ id: number }>(sql`
        SELECT service_point_id AS id FROM service_point_bookmark
        WHERE user_id = ${userId} AND service_point_id IN (${inList(ids)})`);
      return new Set(result.rows.map((row) => row.id));
    },

    async servicePointExists(id: number): Promise<boolean> {
      const result = await db.execute(sql`SELECT 1 FROM service_point WHERE id = ${id}`);
      return result.rows.length > 0;
    },

    async addBookmark(userId: string, servicePointId: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO service_point_bookmark (user_id, service_point_id)
        VALUES (${userId}, ${servicePointId}) ON CONFLICT DO NOTHING`);
    },

    async removeBookmark(userId: string, servicePointId: number): Promise<void> {
      await db.execute(sql`
        DELETE FROM service_point_bookmark
        WHERE user_id = ${userId} AND service_point_id = ${servicePointId}`);
    },
  };
}

export type FinderRepository = ReturnType<typeof createFinderRepository>;
