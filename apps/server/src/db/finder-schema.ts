// The doctor finder's tables: a flat read model of the network (one row per service point with
// its filter columns, its member price and one lowercased bilingual search text), rebuilt from
// the network tables when they change, and the customers' bookmarks.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser, servicePoint } from './schema';

/**
 * Read model of the finder (decision 010). Derived data only: `rebuildFinderIndex` empties and
 * refills it in one transaction; never written otherwise.
 */
export const servicePointSearch = pgTable(
  'service_point_search',
  {
    servicePointId: integer('service_point_id').primaryKey(),
    panel: text('panel').notNull(),
    districtCode: text('district_code').notNull(),
    /** Display order of the district (sorting) and its region (expand search). */
    districtSequence: integer('district_sequence').notNull(),
    regionId: integer('region_id').notNull(),
    serviceId: integer('service_id').notNull(),
    specialtySlug: text('specialty_slug'),
    /** The doctor's member price for the service point's own service code, if any. */
    memberPrice: numeric('member_price', { precision: 10, scale: 2, mode: 'number' }),
    /** Sort key after the district: the doctor's English name, lowercased. */
    doctorSortName: text('doctor_sort_name').notNull(),
    /** Lowercased doctor and clinic names (both languages), address lines and district names. */
    searchText: text('search_text').notNull(),
    /**
     * The distinct non-ASCII characters of the search text (Chinese, mostly): a GIN index on
     * them narrows 1–2 character Chinese words, which trigrams cannot (decision 010).
     */
    searchChars: text('search_chars').array().notNull(),
  },
  (t) => [
    index('service_point_search_order_idx').on(
      t.panel,
      t.districtSequence,
      t.doctorSortName,
      t.servicePointId,
    ),
    index('service_point_search_service_idx').on(t.panel, t.serviceId),
    index('service_point_search_district_idx').on(t.panel, t.districtCode),
    index('service_point_search_price_idx').on(t.panel, t.memberPrice),
    index('service_point_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('service_point_search_chars_idx').using('gin', t.searchChars),
  ],
);

/**
 * The finder's result card of each service point, ready to send: doctor (with phones and
 * payment info), venue, district, service and specialty in both languages, built with the
 * read model. A page of results reads 20 of these by primary key instead of joining six
 * tables (planning that join alone cost more than running it).
 */
export const servicePointCard = pgTable('service_point_card', {
  servicePointId: integer('service_point_id').primaryKey(),
  card: jsonb('card').notNull(),
});

/** A signed-in customer's bookmarked service points. */
export const servicePointBookmark = pgTable(
  'service_point_bookmark',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    servicePointId: integer('service_point_id')
      .notNull()
      .references(() => servicePoint.id, { onDelete: 'cascade' }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.servicePointId] })],
);

/**
 * Request counters of the finder's per-address rate limit (decision 013), shared by every API
 * process: one row per client key with its count and the end of its window.
 */
export const finderRateLimit = pgTable(
  'finder_rate_limit',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('finder_rate_limit_reset_idx').on(t.resetAt)],
);

/**
 * The read model's version (decision 110): one row, bumped by every `rebuildFinderIndex` in its
 * own transaction. Each API process polls it and reloads its in-memory copy of the read model
 * when it changes, so every process serves the same rebuild.
 */
export const finderIndexVersion = pgTable('finder_index_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }).notNull().defaultNow(),
});
