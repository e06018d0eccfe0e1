// The SQL oracle of the finder's engine (decision 175): the search over the read model in SQL
// (count, then one page of cards, in the finder's order), with no text rules beyond lower case.
// finder-memory.test.ts holds the engine to its answers, with text checked by a plain
// JavaScript scan over the same normalised text (decision 158). Not used by the server.
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { GeoPoint, PriceRange, ServicePoint } from '@clinicpass/shared/schemas/finder';
import type { HkWallClock } from '@clinicpass/shared/time/opening';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  defaultDirectoryView,
  type DirectoryView,
  directoryFields,
  isHongKongHoliday,
} from '../src/modules/finder/finder.hours';
import type { ServicePointRow } from '../src/modules/finder/finder.repository';
import { localName } from '../src/modules/reference/reference.service';

export interface OracleCriteria {
  panel: string;
  district_codes?: readonly string[];
  service_ids?: readonly number[];
  specialty_slug?: readonly string[];
  /** Lowercased words; each must occur in the search text. */
  words?: readonly string[];
  priceRange?: PriceRange;
  /** Issue 19: only venues open at this Hong Kong minute (general holidays from date-holidays). */
  openAt?: HkWallClock;
  /** Only venues keeping hours on Sundays. */
  openSunday?: boolean;
  /** Issue 41: the rows by great-circle distance from here, those without a point last. */
  near?: GeoPoint;
}

/** Metres from `near` to the card's point in SQL (haversine, the engine's Earth radius), unrounded. */
function distanceSql(near: GeoPoint): SQL {
  return sql`(2 * 6371008.8 * asin(sqrt(
      power(sin(radians((c.card->>'latitude')::float8 - ${near.latitude}) / 2), 2)
      + cos(radians(${near.latitude})) * cos(radians((c.card->>'latitude')::float8))
        * power(sin(radians((c.card->>'longitude')::float8 - ${near.longitude}) / 2), 2))))`;
}

/**
 * "Open at" in SQL over the card's opening hours: the day's ranges are the dated exception's,
 * else none on a general holiday when the venue closes on them, else the weekday's.
 */
function openAtSql(wall: HkWallClock): SQL {
  const clock = `${String(Math.floor(wall.minutes / 60)).padStart(2, '0')}:${String(wall.minutes % 60).padStart(2, '0')}`;
  const holiday = isHongKongHoliday(wall.date);
  return sql`EXISTS (
    SELECT 1 FROM service_point_card c
    CROSS JOIN LATERAL (SELECT c.card->'opening_hours' AS h) hours
    CROSS JOIN LATERAL (
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(hours.h->'exceptions') e
                     WHERE e->>'date' = ${wall.date})
          THEN (SELECT e->'ranges' FROM jsonb_array_elements(hours.h->'exceptions') e
                WHERE e->>'date' = ${wall.date} LIMIT 1)
        WHEN ${holiday}::boolean AND (hours.h->>'closedOnPublicHolidays')::boolean
          THEN '[]'::jsonb
        ELSE hours.h->'weekly'->${wall.weekday}::text
      END AS ranges
    ) day
    WHERE c.service_point_id = s.service_point_id AND jsonb_typeof(hours.h) = 'object'
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(day.ranges) r
                  WHERE r->>'from' <= ${clock} AND ${clock} < r->>'to'))`;
}

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

function whereOf(criteria: OracleCriteria): SQL {
  const conditions: SQL[] = [sql`s.panel = ${criteria.panel}`];
  if (criteria.district_codes && criteria.district_codes.length > 0)
    conditions.push(sql`s.district_code IN (${inList(criteria.district_codes)})`);
  if (criteria.service_ids && criteria.service_ids.length > 0)
    conditions.push(sql`s.service_id IN (${inList(criteria.service_ids)})`);
  if (criteria.specialty_slug && criteria.specialty_slug.length > 0)
    conditions.push(sql`s.specialty_slug IN (${inList(criteria.specialty_slug)})`);
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
  if (criteria.openAt) conditions.push(openAtSql(criteria.openAt));
  if (criteria.openSunday)
    conditions.push(sql`EXISTS (SELECT 1 FROM service_point_card c
      WHERE c.service_point_id = s.service_point_id
        AND jsonb_typeof(c.card->'opening_hours') = 'object'
        AND jsonb_array_length(c.card->'opening_hours'->'weekly'->'sun') > 0)`);
  return sql.join(conditions, sql` AND `);
}

export function createFinderOracle(db: Database) {
  return {
    async count(criteria: OracleCriteria): Promise<number> {
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
      criteria: OracleCriteria,
      offset: number,
      limit: number,
      userId: string | null,
    ): Promise<(ServicePointRow & { distance_m: number | null })[]> {
      const bookmarked =
        userId === null
          ? sql`false`
          : sql`EXISTS (SELECT 1 FROM service_point_bookmark b
                         WHERE b.user_id = ${userId} AND b.service_point_id = p.service_point_id)`;
      const distance = criteria.near === undefined ? sql`NULL::float8` : distanceSql(criteria.near);
      // With `near`: nearest first, no point last, then the finder's order.
      const orderOf = (table: 's' | 'p', distanceOf: SQL) =>
        sql.join(
          [
            ...(criteria.near === undefined ? [] : [sql`${distanceOf} ASC NULLS LAST`]),
            sql.raw(
              `${table}.district_sequence, ${table}.doctor_sort_name, ${table}.service_point_id`,
            ),
          ],
          sql`, `,
        );
      const result = await db.execute<{
        card: Omit<ServicePointRow, 'is_bookmarked'>;
        is_bookmarked: boolean;
        distance_m: number | null;
      }>(sql`
        SELECT c.card, ${bookmarked} AS is_bookmarked, round(p.distance)::int AS distance_m
        FROM (
          SELECT s.service_point_id, s.district_sequence, s.doctor_sort_name, ${distance} AS distance
          FROM service_point_search s
          JOIN service_point_card c ON c.service_point_id = s.service_point_id
          WHERE ${whereOf(criteria)}
          ORDER BY ${orderOf('s', distance)}
          LIMIT ${limit} OFFSET ${offset}
        ) p
        JOIN service_point_card c ON c.service_point_id = p.service_point_id
        ORDER BY ${orderOf('p', sql`p.distance`)}`);
      return result.rows.map((row) => ({
        ...row.card,
        is_bookmarked: row.is_bookmarked,
        distance_m: row.distance_m,
      }));
    },
  };
}

export type FinderOracle = ReturnType<typeof createFinderOracle>;

function toNumber(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

export function toServicePoint(
  row: ServicePointRow,
  language: Language,
  view: DirectoryView = defaultDirectoryView(),
  distance: number | null = null,
): ServicePoint {
  const hours =
    (row.opening_hours ?? row.hours_text ?? row.hours_note ?? null) === null
      ? null
      : {
          hours: row.opening_hours ?? null,
          text: row.hours_text ?? null,
          note: row.hours_note ?? null,
        };
  return {
    id: row.id,
    is_bookmarked: row.is_bookmarked,
    create_date: row.create_date,
    update_date: row.update_date,
    doctor: {
      id: row.doctor_id,
      name_en: row.doctor_name_en,
      name_zh: row.doctor_name_zh,
      phones: row.doctor_phones.map((phone) => ({ no: phone.no, label: phone.label ?? null })),
      payment_info: row.payment_info.map((info) => ({
        service: { code: info.service_code },
        amount: Number(info.amount),
        marked_price: toNumber(info.marked_price),
        treatment_properties: info.treatment_properties,
      })),
    },
    venue: {
      id: row.venue_id,
      name_en: row.venue_name_en,
      name_zh: row.venue_name_zh,
      district: {
        code: row.district_code,
        name: localName(language, row.district_name_en, row.district_name_zh),
        name_en: row.district_name_en,
        name_zh: row.district_name_zh,
      },
      address: { line_one: row.address_line_one, line_two: row.address_line_two },
      location:
        row.latitude == null || row.longitude == null
          ? null
          : { latitude: row.latitude, longitude: row.longitude },
    },
    service: {
      id: row.service_id,
      slug: row.service_slug,
      code: row.service_code,
      name: localName(language, row.service_name_en, row.service_name_zh),
      name_en: row.service_name_en,
      name_zh: row.service_name_zh,
    },
    specialty:
      row.specialty_id === null
        ? null
        : {
            id: row.specialty_id,
            slug: row.specialty_slug ?? '',
            description_en: row.specialty_description_en ?? '',
            description_zh: row.specialty_description_zh ?? '',
          },
    ...fieldsWithDistance(
      directoryFields(row.id, hours, row.last_verified_at ?? null, view),
      distance,
    ),
  };
}

/** The directory fields with `distance_m` in the response schema's place (before `opening`). */
function fieldsWithDistance(
  fields: ReturnType<typeof directoryFields>,
  distance: number | null,
): Pick<ServicePoint, 'last_verified_at' | 'details_stale' | 'flagged' | 'distance_m' | 'opening'> {
  const { opening, ...rest } = fields;
  return { ...rest, distance_m: distance, opening };
}
