// SQL of the finder: policy access and bookmarks, and the search over the read model in SQL
// (count, then one page of cards). Searches are answered from each process's in-memory copy of
// the read model (finder.memory.ts, decision 110); the SQL search stays as its reference, and a
// test holds the two to the same answers.
import type { PriceRange } from '@clinicpass/shared/schemas/finder';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TreatmentProperty } from '../../db/schema';
import type { SearchTerm } from './text/search-text';

export interface SearchCriteria {
  panel: string;
  districtCodes?: readonly string[];
  serviceIds?: readonly number[];
  specialtySlugs?: readonly string[];
  /**
   * Lowercased words; each must occur in the search text. Read by the SQL search only, which
   * knows no text rules beyond case.
   */
  words?: readonly string[];
  /**
   * Search terms (text/search-text.ts, decision 158): each must match the row's normalised
   * text through one of its alternatives. Read by the in-memory search only.
   */
  terms?: readonly SearchTerm[];
  priceRange?: PriceRange;
}

export type ServicePointRow = {
  id: number;
  is_bookmarked: boolean;
  create_date: string;
  update_date: string;
  doctor_id: number;
  doctor_name_en: string;
  doctor_name_zh: string;
  doctor_phones: { no: string }[];
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
};

function inList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** `%word%` for LIKE, with LIKE's own characters taken literally. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The distinct characters of a word outside ASCII (as stored in `search_chars`). */
export function nonAsciiCharacters(word: string): string[] {
  // Code points, as PostgreSQL's string_to_array(text, NULL) splits them.
  return [...new Set(Array.from(word).filter((c) => (c.codePointAt(0) ?? 0) > 0x7f))];
}

function whereOf(criteria: SearchCriteria): SQL {
  const conditions: SQL[] = [sql`s.panel = ${criteria.panel}`];
  if (criteria.districtCodes && criteria.districtCodes.length > 0)
    conditions.push(sql`s.district_code IN (${inList(criteria.districtCodes)})`);
  if (criteria.serviceIds && criteria.serviceIds.length > 0)
    conditions.push(sql`s.service_id IN (${inList(criteria.serviceIds)})`);
  if (criteria.specialtySlugs && criteria.specialtySlugs.length > 0)
    conditions.push(sql`s.specialty_slug IN (${inList(criteria.specialtySlugs)})`);
  for (const word of criteria.words ?? []) {
    // Chinese words: every character must be among the row's characters (indexed), then the
    // substring itself must occur. Other words rely on the trigram index (3+ characters).
    const chars = nonAsciiCharacters(word);
    if (chars.length > 0) conditions.push(sql`s.search_chars @> ARRAY[${inList(chars)}]::text[]`);
    conditions.push(sql`s.search_text LIKE ${likePattern(word)}`);
  }
  if (criteria.priceRange)
    conditions.push(
      sql`s.member_price BETWEEN ${criteria.priceRange.min} AND ${criteria.priceRange.max}`,
    );
  return sql.join(conditions, sql` AND `);
}

export function createFinderRepository(db: Database) {
  return {
    async count(criteria: SearchCriteria): Promise<number> {
      const result = await db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM service_point_search s WHERE ${whereOf(criteria)}`,
      );
      return result.rows[0]?.count ?? 0;
    },

    /**
     * One page of service points in the finder's stable order (district, doctor's English name,
     * id), loaded whole. `userId` marks the caller's bookmarks.
     */
    async page(
      criteria: SearchCriteria,
      offset: number,
      limit: number,
      userId: string | null,
    ): Promise<ServicePointRow[]> {
      const bookmarked =
        userId === null
          ? sql`false`
          : sql`EXISTS (SELECT 1 FROM service_point_bookmark b
                         WHERE b.user_id = ${userId} AND b.service_point_id = p.service_point_id)`;
      const result = await db.execute<{
        card: Omit<ServicePointRow, 'is_bookmarked'>;
        is_bookmarked: boolean;
      }>(sql`
        SELECT c.card, ${bookmarked} AS is_bookmarked
        FROM (
          SELECT s.service_point_id, s.district_sequence, s.doctor_sort_name
          FROM service_point_search s
          WHERE ${whereOf(criteria)}
          ORDER BY s.district_sequence, s.doctor_sort_name, s.service_point_id
          LIMIT ${limit} OFFSET ${offset}
        ) p
        JOIN service_point_card c ON c.service_point_id = p.service_point_id
        ORDER BY p.district_sequence, p.doctor_sort_name, p.service_point_id`);
      return result.rows.map((row) => ({ ...row.card, is_bookmarked: row.is_bookmarked }));
    },

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
