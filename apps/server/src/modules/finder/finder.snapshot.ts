// Snapshot loading (decisions 110, 161, 174): the finder's read model (service_point_search +
// service_point_card, decision 010) read from PostgreSQL in one read-only transaction and built
// into what the engine (finder.engine.ts) searches, per panel: the cards in the finder's stable
// order (as PostgreSQL sorts them: district sequence, doctor's English name lowercased, id), a
// bitset per district, service and specialty, price bands, and which rows hold each distinct
// search text; per kind of text (doctor, venue, service), the distinct normalised texts
// (text/search-text.ts, decision 158) with their gram postings. PostgreSQL stays the source of
// truth: the snapshot is loaded at start-up and reloaded whenever `finder_index_version` changes.
// Nothing here has to survive a restart.
import { PANELS } from '@clinicpass/shared/constants';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { PaymentInfo, ServicePoint, Specialty } from '@clinicpass/shared/schemas/finder';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TreatmentProperty } from '../../db/schema';
import { type Bitset, emptyBitset, setBit } from './engine/bitset';
import { buildTextIndex, type TextIndex } from './engine/grams';
import { JsonInterner } from './engine/intern';
import { setPoint } from './engine/near';
import { buildPriceIndex, type PriceIndex } from './engine/prices';
import { type VenueHours, verifiedMs } from './finder.hours';
import type { ServicePointRow } from './finder.repository';
import { doctorText, serviceText, venueText } from './text/search-text';

type Doctor = ServicePoint['doctor'];
type LocalVenue = ServicePoint['venue'];
type LocalService = ServicePoint['service'];

/** One service point's card, its parts shared with the other service points. */
export interface Card {
  id: number;
  createDate: string;
  updateDate: string;
  doctor: Doctor;
  /** The venue with its district named in English and in Chinese. */
  venue: { en: LocalVenue; 'zh-HK': LocalVenue };
  service: { en: LocalService; 'zh-HK': LocalService };
  specialty: Specialty | null;
  /** The venue's hours (shared by its cards; null: none known) and the last verification. */
  hours: VenueHours | null;
  lastVerifiedAt: string | null;
  /** `lastVerifiedAt` as the stale test compares it (finder.hours.ts `verifiedMs`). */
  verifiedMs: number;
}

/** The rows holding each distinct text of a kind: text t's rows are rows[start[t]..start[t+1]). */
export interface TextRows {
  start: Int32Array;
  rows: Int32Array;
}

export const TEXT_KINDS = ['doctor', 'venue', 'service'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** One panel's rows, in the finder's order (row i is bit i of every bitset). */
export interface PanelIndex {
  size: number;
  cards: Card[];
  /** The rows of each district (by district index), service (by id), specialty (by index). */
  districts: Map<number, Bitset>;
  services: Map<number, Bitset>;
  specialties: Map<number, Bitset>;
  /** Rows by member price (the second panel's filter reads it too, though its cards show none). */
  prices: PriceIndex;
  text: Record<TextKind, TextRows>;
  /** Each row's venue point as a unit vector, x y z (NaN: no point), for `near` (engine/near.ts). */
  points: Float64Array;
}

export type DistrictEntry = {
  code: string;
  region_id: number;
};

/** A district as a search sees it: its place in the snapshot and where a search widens to. */
export type SnapshotDistrict = DistrictEntry & {
  index: number;
  /** The districts near it (district_nearby), for `expand_until_found`. */
  nearby: string[];
};

export interface FinderSnapshot {
  /** `finder_index_version.version` this snapshot was loaded at (0: never rebuilt). */
  version: number;
  size: number;
  panels: Map<string, PanelIndex>;
  districts: Map<string, SnapshotDistrict>;
  /** The district codes of each region, in code order. */
  regions: Map<number, string[]>;
  /** Specialty slug → index (from 1). */
  specialties: Map<string, number>;
  /** The distinct search texts of each kind with their gram postings. */
  text: Record<TextKind, TextIndex>;
  /** Recently searched terms and their rows (see finder.engine.ts). */
  terms: Map<string, TermRows>;
  /** The JSON kept for writing the snapshot's cards (see `KeptJson`). */
  written: KeptJson;
}

/**
 * JSON a snapshot keeps for writing its cards (finder.writer.ts): its cards' parts (doctor, local
 * venue, local service, specialty), each card's start for a guest per language (the parts joined,
 * up to its staleness), and their bytes, which share one budget.
 */
export interface KeptJson {
  parts: Map<object, Buffer>;
  cards: Record<Language, Map<Card, Buffer>>;
  bytes: number;
}

export function emptyKeptJson(): KeptJson {
  return { parts: new Map(), cards: { en: new Map(), 'zh-HK': new Map() }, bytes: 0 };
}

export function clearKeptJson(kept: KeptJson): void {
  kept.parts.clear();
  kept.cards.en.clear();
  kept.cards['zh-HK'].clear();
  kept.bytes = 0;
}

/** A searched term's rows, per panel. */
export interface TermRows {
  panels: Map<string, Bitset>;
}

/** A snapshot of nothing (before a first rebuild; for tests). */
export function emptyFinderSnapshot(version = 0): FinderSnapshot {
  return {
    version,
    size: 0,
    panels: new Map(),
    districts: new Map(),
    regions: new Map(),
    specialties: new Map(),
    text: {
      doctor: buildTextIndex([]),
      venue: buildTextIndex([]),
      service: buildTextIndex([]),
    },
    terms: new Map(),
    written: emptyKeptJson(),
  };
}

function intern<Value>(map: Map<string, Value>, key: string, make: () => Value): Value {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A bitset per distinct value (of `size` rows). */
function bitsetsBy(values: ArrayLike<number>, size: number, skip: number): Map<number, Bitset> {
  const sets = new Map<number, Bitset>();
  for (let row = 0; row < size; row += 1) {
    const value = values[row] as number;
    if (value === skip) continue;
    let set = sets.get(value);
    if (set === undefined) {
      set = emptyBitset(size);
      sets.set(value, set);
    }
    setBit(set, row);
  }
  return sets;
}

/** Rows grouped by their text id (ascending within a text). */
function textRows(ids: Int32Array, texts: number): TextRows {
  const start = new Int32Array(texts + 1);
  for (const id of ids) start[id + 1] = (start[id + 1] as number) + 1;
  for (let t = 0; t < texts; t += 1) start[t + 1] = (start[t + 1] as number) + (start[t] as number);
  const at = start.slice(0, texts);
  const rows = new Int32Array(ids.length);
  ids.forEach((id, row) => {
    rows[at[id] as number] = row;
    at[id] = (at[id] as number) + 1;
  });
  return { start, rows };
}

type CardJson = Omit<ServicePointRow, 'is_bookmarked' | 'payment_info'>;
type PaymentInfoJson = ServicePointRow['payment_info'][number];

/** Card fields read once per doctor and once per venue, not with each of their cards. */
const DOCTOR_FIELDS = [
  'doctor_name_en',
  'doctor_name_zh',
  'doctor_phones',
  'payment_info',
] as const;
const VENUE_FIELDS = [
  'venue_name_en',
  'venue_name_zh',
  'address_line_one',
  'address_line_two',
  'latitude',
  'longitude',
  'opening_hours',
  'hours_text',
  'hours_note',
] as const;

type DoctorRow = Pick<ServicePointRow, 'doctor_id' | (typeof DOCTOR_FIELDS)[number]>;
type VenueRow = Pick<CardJson, 'venue_id' | (typeof VENUE_FIELDS)[number]>;
/** A venue's fields as the build keeps them until its first card: the hours interned. */
type VenueRead = Omit<VenueRow, 'opening_hours' | 'hours_text' | 'hours_note'> & {
  hours: VenueHours | null;
};

type LoadedRow = {
  panel: string;
  district_code: string;
  service_id: number;
  specialty_slug: string | null;
  member_price: string | null;
  /** The card without its doctor's and venue's fields, which are read once each. */
  card: Omit<CardJson, (typeof DOCTOR_FIELDS)[number] | (typeof VENUE_FIELDS)[number]>;
};

function treatmentProperty(property: TreatmentProperty): TreatmentProperty {
  // The response schema's key order (jsonb stores keys in its own order).
  return {
    type: property.type,
    quantity: property.quantity,
    unit_en: property.unit_en,
    unit_zh: property.unit_zh,
    treatment: { name_en: property.treatment.name_en, name_zh: property.treatment.name_zh },
  };
}

/** Payment info in the response's shape, kept once per content (decision 216). */
function paymentInfo(info: PaymentInfoJson, json: JsonInterner): PaymentInfo {
  return json.intern({
    service: { code: info.service_code },
    amount: Number(info.amount),
    marked_price: info.marked_price === null ? null : Number(info.marked_price),
    treatment_properties: info.treatment_properties.map(treatmentProperty),
  });
}

/** A venue in both languages: its address one object, its district's kept once per content. */
function localVenues(card: CardJson, json: JsonInterner): Card['venue'] {
  const address = { line_one: card.address_line_one, line_two: card.address_line_two };
  const location =
    card.latitude == null || card.longitude == null
      ? null
      : { latitude: card.latitude, longitude: card.longitude };
  const local = (language: Language): LocalVenue => ({
    id: card.venue_id,
    name_en: card.venue_name_en,
    name_zh: card.venue_name_zh,
    district: json.intern({
      code: card.district_code,
      name: language === 'zh-HK' ? card.district_name_zh : card.district_name_en,
      name_en: card.district_name_en,
      name_zh: card.district_name_zh,
    }),
    address,
    location,
  });
  return { en: local('en'), 'zh-HK': local('zh-HK') };
}

function localService(card: CardJson, language: Language): LocalService {
  return {
    id: card.service_id,
    slug: card.service_slug,
    code: card.service_code,
    name: language === 'zh-HK' ? card.service_name_zh : card.service_name_en,
    name_en: card.service_name_en,
    name_zh: card.service_name_zh,
  };
}

/** Rows read from PostgreSQL at a time while a snapshot loads (a whole number; tests use less). */
const LOAD_BATCH = 5000;

/**
 * Rows read between two full collections while a large snapshot loads (decision 200). Reading
 * 100,000 rows makes several times the snapshot's size in short-lived JSON, strings and grams;
 * left to its heuristics V8 lets the heap grow by about twice the new snapshot before it
 * collects, beside the snapshot in use. A collection every 50,000 rows and one before the
 * indexes are built bound that growth for a few hundred milliseconds of CPU per reload.
 */
const ROWS_PER_COLLECTION = 50_000;

/**
 * A full collection that gives memory back (V8's last-resort flavour: compacting, the young
 * generation shrunk), run before a reload builds beside the snapshot in use (decision 216).
 * Serving leaves the heap with room for a busy minute's garbage (the young generation alone
 * grows to 128 MB); given back first, the reload's new snapshot and the garbage of reading it
 * grow from what is live, not from the high-water mark of the load before. V8's `gc` is there
 * when the process was started with `--expose-gc`, one of the server's start-up flags
 * (`scripts/server-node-flags.mjs`, decision 262); without it this does nothing.
 */
export function giveMemoryBack(): void {
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Loads a snapshot of the read model, consistent with one version (one read-only snapshot). */
export async function loadFinderSnapshot(
  db: Database,
  options: { batch?: number; collectEvery?: number } = {},
): Promise<FinderSnapshot> {
  const batchSize = Math.max(1, Math.floor(options.batch ?? LOAD_BATCH));
  const collectEvery = options.collectEvery ?? ROWS_PER_COLLECTION;
  return db.transaction(
    async (tx) => {
      const version = await tx.execute<{ version: string }>(
        sql`SELECT version::text AS version FROM finder_index_version WHERE id = 1`,
      );
      // Districts and their nearby districts are reference data read with the snapshot, so a
      // widening search needs no round trip either.
      const districtRows = await tx.execute<DistrictEntry & { nearby: string[] }>(
        sql`SELECT d.code, d.region_id,
          coalesce(array_agg(n.nearby_code ORDER BY n.nearby_code)
            FILTER (WHERE n.nearby_code IS NOT NULL), '{}') AS nearby
        FROM district d LEFT JOIN district_nearby n ON n.district_code = d.code
        GROUP BY d.code, d.region_id ORDER BY d.code`,
      );
      const sizes = await tx.execute<{ panel: string; size: number }>(sql`
        SELECT s.panel, count(*)::int AS size
        FROM service_point_search s
        JOIN service_point_card c ON c.service_point_id = s.service_point_id
        GROUP BY s.panel`);
      const builder = snapshotBuilder(
        Number(version.rows[0]?.version ?? 0),
        districtRows.rows,
        new Map(sizes.rows.map((row) => [row.panel, row.size])),
      );
      // A doctor's and a venue's fields are the same on each of their cards: read once each
      // (decision 216; with every card they made most of what a load parsed and let go).
      const doctors = await tx.execute<DoctorRow>(sql`
        SELECT DISTINCT ON ((card->>'doctor_id')::int) (card->>'doctor_id')::int AS doctor_id,
          card->>'doctor_name_en' AS doctor_name_en, card->>'doctor_name_zh' AS doctor_name_zh,
          card->'doctor_phones' AS doctor_phones, card->'payment_info' AS payment_info
        FROM service_point_card ORDER BY (card->>'doctor_id')::int`);
      for (const row of doctors.rows) builder.addDoctor(row);
      doctors.rows.length = 0;
      await tx.execute(sql`
        DECLARE finder_venues NO SCROLL CURSOR FOR
        SELECT DISTINCT ON ((card->>'venue_id')::int) (card->>'venue_id')::int AS venue_id,
          card->>'venue_name_en' AS venue_name_en, card->>'venue_name_zh' AS venue_name_zh,
          card->>'address_line_one' AS address_line_one,
          card->>'address_line_two' AS address_line_two,
          (card->>'latitude')::float8 AS latitude, (card->>'longitude')::float8 AS longitude,
          card->'opening_hours' AS opening_hours, card->'hours_text' AS hours_text,
          card->'hours_note' AS hours_note
        FROM service_point_card ORDER BY (card->>'venue_id')::int`);
      for (;;) {
        const batch = await tx.execute<VenueRow>(
          sql.raw(`FETCH FORWARD ${String(batchSize)} FROM finder_venues`),
        );
        for (const row of batch.rows) builder.addVenue(row);
        if (batch.rows.length < batchSize) break;
      }
      await tx.execute(sql`CLOSE finder_venues`);
      // The rows come through a cursor, a batch at a time: the whole result parsed at once
      // would cost more memory than the snapshot itself, beside the snapshot in use.
      await tx.execute(sql`
        DECLARE finder_rows NO SCROLL CURSOR FOR
        SELECT s.panel, s.district_code, s.service_id, s.specialty_slug,
          s.member_price::text AS member_price,
          c.card - ${sql.raw(`'{${[...DOCTOR_FIELDS, ...VENUE_FIELDS].join(',')}}'`)}::text[] AS card
        FROM service_point_search s
        JOIN service_point_card c ON c.service_point_id = s.service_point_id
        ORDER BY s.panel, s.district_sequence, s.doctor_sort_name, s.service_point_id`);
      let read = 0;
      let collectedAt = 0;
      const collect = () => {
        globalThis.gc?.();
        collectedAt = read;
      };
      for (;;) {
        const batch = await tx.execute<LoadedRow>(
          sql.raw(`FETCH FORWARD ${String(batchSize)} FROM finder_rows`),
        );
        for (const row of batch.rows) builder.add(row);
        read += batch.rows.length;
        if (batch.rows.length < batchSize) break;
        // The batches read so far are garbage now: collected before the heap grows with them.
        if (read - collectedAt >= collectEvery) collect();
      }
      await tx.execute(sql`CLOSE finder_rows`);
      if (read >= collectEvery && collectedAt !== read) collect();
      return builder.finish();
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Builds a snapshot from rows added in the finder's order, panel after panel. */
function snapshotBuilder(
  version: number,
  districtRows: (DistrictEntry & { nearby: string[] })[],
  panelSizes: Map<string, number>,
): {
  addDoctor(row: DoctorRow): void;
  addVenue(row: VenueRow): void;
  add(row: LoadedRow): void;
  finish(): FinderSnapshot;
} {
  // Values many rows share (hours, districts, prices) kept once per content (decision 216).
  const json = new JsonInterner();
  const districts = new Map<string, SnapshotDistrict>();
  const regions = new Map<number, string[]>();
  for (const row of districtRows) {
    districts.set(row.code, {
      code: row.code,
      region_id: row.region_id,
      index: districts.size,
      nearby: row.nearby,
    });
    const region = regions.get(row.region_id);
    if (region === undefined) regions.set(row.region_id, [row.code]);
    else region.push(row.code);
  }
  const specialties = new Map<string, number>();
  const doctorTextIndex = new Map<string, number>();
  const venueTextIndex = new Map<string, number>();
  const serviceTextIndex = new Map<string, number>();
  const doctorTexts: string[] = [];
  const venueTexts: string[] = [];
  const serviceTexts: string[] = [];
  // Normalised once per doctor, venue and service with specialty (converting Chinese costs).
  const doctorTextOf = new Map<string, string>();
  const venueTextOf = new Map<string, string>();
  const serviceTextOf = new Map<string, string>();
  const textIndex = (map: Map<string, number>, list: string[], text: string) =>
    intern(map, text, () => list.push(text) - 1);

  const doctors = new Map<string, Doctor>();
  const venues = new Map<string, Card['venue']>();
  const services = new Map<string, Card['service']>();
  const specialtyParts = new Map<string, Specialty>();
  const dates = new Map<string, string>();

  // Per panel, the rows' values; turned into bitsets and row groups once all texts are known.
  type Columns = {
    priced: boolean;
    count: number;
    cards: Card[];
    district: Uint16Array;
    service: Int32Array;
    specialty: Uint16Array;
    price: Float64Array;
    doctorText: Int32Array;
    venueText: Int32Array;
    serviceText: Int32Array;
    points: Float64Array;
  };
  const columns = new Map<string, Columns>();
  const columnsOf = (panel: string): Columns => {
    let found = columns.get(panel);
    if (found === undefined) {
      const size = panelSizes.get(panel) ?? 0;
      found = {
        priced: panel !== PANELS.second,
        count: 0,
        cards: new Array<Card>(size),
        district: new Uint16Array(size),
        service: new Int32Array(size),
        specialty: new Uint16Array(size),
        price: new Float64Array(size),
        doctorText: new Int32Array(size),
        venueText: new Int32Array(size),
        serviceText: new Int32Array(size),
        points: new Float64Array(size * 3),
      };
      columns.set(panel, found);
    }
    return found;
  };

  // Each doctor's and venue's fields, read before the cards (their payment info and hours
  // already in the response's shape and interned).
  const doctorsRead = new Map<
    number,
    Omit<DoctorRow, 'payment_info'> & { prices: PaymentInfo[] }
  >();
  const venuesRead = new Map<number, VenueRead>();

  function addDoctor(row: DoctorRow): void {
    doctorsRead.set(row.doctor_id, {
      doctor_id: row.doctor_id,
      doctor_name_en: row.doctor_name_en,
      doctor_name_zh: row.doctor_name_zh,
      doctor_phones: row.doctor_phones,
      prices: json.intern(row.payment_info.map((info) => paymentInfo(info, json))),
    });
  }

  function addVenue(row: VenueRow): void {
    const hours =
      (row.opening_hours ?? row.hours_text ?? row.hours_note ?? null) === null
        ? null
        : // One object per distinct week (most venues keep one of a few), shared by venues
          // and their cards; the opening JSON is kept per hours object (finder.hours.ts).
          json.intern({
            hours: row.opening_hours ?? null,
            text: row.hours_text ?? null,
            note: row.hours_note ?? null,
          });
    venuesRead.set(row.venue_id, {
      venue_id: row.venue_id,
      venue_name_en: row.venue_name_en,
      venue_name_zh: row.venue_name_zh,
      address_line_one: row.address_line_one,
      address_line_two: row.address_line_two,
      latitude: row.latitude ?? null,
      longitude: row.longitude ?? null,
      hours,
    });
  }

  function add(row: LoadedRow): void {
    const rowsOfPanel = columnsOf(row.panel);
    const priced = rowsOfPanel.priced;
    const i = rowsOfPanel.count;
    // Counted in the same transaction as the rows: never more rows than places.
    if (i >= rowsOfPanel.district.length)
      throw new Error('finder snapshot: more rows than counted');
    rowsOfPanel.count += 1;
    const doctorRead = doctorsRead.get(row.card.doctor_id);
    const venueRead = venuesRead.get(row.card.venue_id);
    // Read in the same transaction as the cards: every card's doctor and venue is there.
    if (doctorRead === undefined || venueRead === undefined)
      throw new Error('finder snapshot: a card without its doctor or venue');
    const card = { ...row.card, ...doctorRead, ...venueRead };
    const district = districts.get(row.district_code);
    // A district missing from the district table cannot be asked for; keep the row findable
    // by the other filters under an index no district code maps to.
    rowsOfPanel.district[i] = district ? district.index : 0xffff;
    rowsOfPanel.service[i] = row.service_id;
    rowsOfPanel.specialty[i] =
      row.specialty_slug === null
        ? 0
        : intern(specialties, row.specialty_slug, () => specialties.size + 1);
    rowsOfPanel.price[i] = row.member_price === null ? Number.NaN : Number(row.member_price);
    setPoint(rowsOfPanel.points, i, card.latitude ?? null, card.longitude ?? null);
    rowsOfPanel.doctorText[i] = textIndex(
      doctorTextIndex,
      doctorTexts,
      intern(doctorTextOf, String(card.doctor_id), () => doctorText(card)),
    );
    rowsOfPanel.venueText[i] = textIndex(
      venueTextIndex,
      venueTexts,
      intern(venueTextOf, `${card.venue_id}\n${card.district_code}`, () => venueText(card)),
    );
    rowsOfPanel.serviceText[i] = textIndex(
      serviceTextIndex,
      serviceTexts,
      intern(serviceTextOf, `${card.service_id}\n${card.specialty_id ?? ''}`, () =>
        serviceText(card),
      ),
    );
    const specialty =
      card.specialty_id === null
        ? null
        : intern(specialtyParts, String(card.specialty_id), () => ({
            id: card.specialty_id ?? 0,
            slug: card.specialty_slug ?? '',
            description_en: card.specialty_description_en ?? '',
            description_zh: card.specialty_description_zh ?? '',
          }));
    rowsOfPanel.cards[i] = {
      id: card.id,
      createDate: intern(dates, card.create_date, () => card.create_date),
      updateDate: intern(dates, card.update_date, () => card.update_date),
      // The second panel shows no prices (DESIGN.md "Panels"): its doctors carry none,
      // though its price filter still reads the member price above.
      doctor: intern(doctors, `${priced ? '' : 'unpriced:'}${card.doctor_id}`, () => ({
        id: card.doctor_id,
        name_en: card.doctor_name_en,
        name_zh: card.doctor_name_zh,
        phones: card.doctor_phones.map((phone) => ({ no: phone.no, label: phone.label ?? null })),
        payment_info: priced ? card.prices : [],
      })),
      venue: intern(venues, String(card.venue_id), () => localVenues(card, json)),
      service: intern(services, String(card.service_id), () => ({
        en: localService(card, 'en'),
        'zh-HK': localService(card, 'zh-HK'),
      })),
      specialty,
      hours: card.hours,
      lastVerifiedAt:
        card.last_verified_at == null
          ? null
          : intern(dates, card.last_verified_at, () => card.last_verified_at ?? ''),
      verifiedMs: verifiedMs(card.last_verified_at ?? null),
    };
  }

  function finish(): FinderSnapshot {
    const panels = new Map<string, PanelIndex>();
    for (const [panel, column] of columns) {
      const size = column.count;
      if (size !== column.cards.length) throw new Error('finder snapshot: fewer rows than counted');
      panels.set(panel, {
        size,
        cards: column.cards,
        // A district missing from the district table (0xffff) is in no district's bitset.
        districts: bitsetsBy(column.district, size, 0xffff),
        services: bitsetsBy(column.service, size, -1),
        // 0: no specialty, in no specialty's bitset.
        specialties: bitsetsBy(column.specialty, size, 0),
        prices: buildPriceIndex(column.price),
        text: {
          doctor: textRows(column.doctorText, doctorTexts.length),
          venue: textRows(column.venueText, venueTexts.length),
          service: textRows(column.serviceText, serviceTexts.length),
        },
        points: column.points,
      });
    }
    return {
      version,
      size: [...panels.values()].reduce((sum, panel) => sum + panel.size, 0),
      panels,
      districts,
      regions,
      specialties,
      text: {
        doctor: buildTextIndex(doctorTexts),
        venue: buildTextIndex(venueTexts),
        service: buildTextIndex(serviceTexts),
      },
      terms: new Map(),
      written: emptyKeptJson(),
    };
  }

  return { addDoctor, addVenue, add, finish };
}

/** Empties what a snapshot keeps for its searches (kept card JSON, recently searched terms). */
export function releaseCaches(snapshot: FinderSnapshot): void {
  snapshot.terms.clear();
  clearKeptJson(snapshot.written);
}

/** How often each process checks `finder_index_version` for a rebuild. */
export const FINDER_INDEX_POLL_MS = 1000;

/**
 * The advisory lock (transaction-level) a process holds while it rebuilds its snapshot after a
 * version change: replicas rebuild one after another, not all at once (decision 262).
 */
export const FINDER_RELOAD_LOCK_KEY = 0x66696e646572;

/**
 * The current snapshot of one process, reloaded when the stored version moves on. A reload
 * builds the new snapshot beside the old one and swaps it in whole; searches in flight keep the
 * snapshot they started with.
 */
export interface FinderReadModel {
  /** The snapshot; before the first load has finished, a promise of it. */
  current(): FinderSnapshot | Promise<FinderSnapshot>;
  /** True once the first load has finished (the process is ready for searches). */
  loaded(): boolean;
  /** Checks the stored version and reloads when it differs; true when a reload happened. */
  refresh(): Promise<boolean>;
  /** Stops polling and waits for a reload in flight. */
  close(): Promise<void>;
  /** True while a reload builds a new snapshot beside the one in use (decision 218). */
  reloading?(): boolean;
  /** Calls `listener` when a reload starts, before it gives memory back and builds. */
  beforeReload?(listener: () => void): void;
}

/**
 * Starts loading the read model and polling its version. The first load runs in the background
 * (100,000 service points take seconds): searches arriving before it ends wait for it.
 */
export function createFinderReadModel(
  db: Database,
  options: {
    pollMs?: number;
    onError?: (error: unknown) => void;
    /** After each load: its time, and the process's heap and resident memory after it. */
    onLoad?: (loaded: {
      version: number;
      servicePoints: number;
      ms: number;
      heapUsedMb: number;
      rssMb: number;
    }) => void;
  } = {},
): FinderReadModel {
  let snapshot: FinderSnapshot | null = null;
  let reloading: Promise<boolean> | null = null;
  /** A reload of a loaded snapshot is under way (not the first load). */
  let rebuilding = false;
  const reloadListeners: (() => void)[] = [];

  async function storedVersion(): Promise<number> {
    const result = await db.execute<{ version: string }>(
      sql`SELECT version::text AS version FROM finder_index_version WHERE id = 1`,
    );
    return Number(result.rows[0]?.version ?? 0);
  }

  async function load(): Promise<void> {
    const started = performance.now();
    // The old snapshot's caches (card JSON, term rows) are refilled by searches as needed:
    // emptied now, they do not sit beside the new snapshot while it is built (decision 200).
    if (snapshot !== null) {
      rebuilding = true;
      // What else is kept from the old snapshot (the answer cache) goes first too.
      for (const listener of reloadListeners) listener();
      releaseCaches(snapshot);
      giveMemoryBack();
    }
    snapshot = await loadFinderSnapshot(db);
    const memory = process.memoryUsage();
    options.onLoad?.({
      version: snapshot.version,
      servicePoints: snapshot.size,
      ms: Math.round(performance.now() - started),
      heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
      rssMb: Math.round(memory.rss / 2 ** 20),
    });
  }

  function refresh(): Promise<boolean> {
    reloading ??= (async () => {
      try {
        if (snapshot === null) {
          await load();
          return true;
        }
        if ((await storedVersion()) === snapshot.version) return false;
        // Replicas take turns to rebuild (decision 262): one at a time holds this lock for its
        // rebuild, the others keep serving the copy they have and try again at the next poll.
        return await db.transaction(async (tx) => {
          const turn = await tx.execute<{ got: boolean }>(
            sql`SELECT pg_try_advisory_xact_lock(${FINDER_RELOAD_LOCK_KEY}) AS got`,
          );
          if (turn.rows[0]?.got !== true) return false;
          await load();
          return true;
        });
      } finally {
        reloading = null;
        rebuilding = false;
      }
    })();
    return reloading;
  }

  const first = refresh();
  first.catch((error: unknown) => options.onError?.(error));
  const pollMs = options.pollMs ?? FINDER_INDEX_POLL_MS;
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => options.onError?.(error));
  }, pollMs);
  timer.unref();

  return {
    current: () =>
      snapshot ??
      refresh().then(() => {
        if (snapshot === null) throw new Error('The finder read model is not loaded');
        return snapshot;
      }),
    loaded: () => snapshot !== null,
    refresh,
    reloading: () => rebuilding,
    beforeReload: (listener) => {
      reloadListeners.push(listener);
    },
    close: async () => {
      clearInterval(timer);
      await reloading?.catch(() => false);
    },
  };
}
