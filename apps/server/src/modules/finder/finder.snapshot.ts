// Snapshot loading (decisions 110, 161, 174): the finder's read model (service_point_search +
// service_point_card, decision 010) read from PostgreSQL in one read-only transaction and built
// into what the engine (finder.engine.ts) searches, per panel: the cards in the finder's stable
// order (as PostgreSQL sorts them: district sequence, doctor's English name lowercased, id), a
// bitset per district, service and specialty, price bands, and which rows hold each distinct
// search text; per kind of text (doctor, venue, service), the distinct normalised texts
// (text/search-text.ts, decision 158) with their gram postings. PostgreSQL stays the source of
// truth: the snapshot is loaded at start-up and reloaded whenever `finder_index_version` changes.
// Nothing here has to survive a restart.
import v8 from 'node:v8';
import vm from 'node:vm';
import { PANELS } from '@clinicpass/shared/constants';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { PaymentInfo, ServicePoint, Specialty } from '@clinicpass/shared/schemas/finder';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TreatmentProperty } from '../../db/schema';
import { type Bitset, emptyBitset, setBit } from './engine/bitset';
import { buildTextIndex, type TextIndex } from './engine/grams';
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
  /**
   * Card parts whose JSON is kept, each card's `last_verified_at` JSON, and their bytes (see
   * finder.writer.ts).
   */
  written: { parts: Map<object, Buffer>; verified: Map<Card, Buffer>; bytes: number };
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
    written: { parts: new Map(), verified: new Map(), bytes: 0 },
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

type LoadedRow = {
  panel: string;
  district_code: string;
  service_id: number;
  specialty_slug: string | null;
  member_price: string | null;
  /** The card without the doctor's payment info, which is loaded once per doctor. */
  card: CardJson;
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

/** Payment info in the response's shape; the few distinct treatment lists are shared. */
function paymentInfo(
  info: PaymentInfoJson,
  treatments: Map<string, TreatmentProperty[]>,
): PaymentInfo {
  return {
    service: { code: info.service_code },
    amount: Number(info.amount),
    marked_price: info.marked_price === null ? null : Number(info.marked_price),
    treatment_properties: intern(treatments, JSON.stringify(info.treatment_properties), () =>
      info.treatment_properties.map(treatmentProperty),
    ),
  };
}

function localVenue(card: CardJson, language: Language): LocalVenue {
  return {
    id: card.venue_id,
    name_en: card.venue_name_en,
    name_zh: card.venue_name_zh,
    district: {
      code: card.district_code,
      name: language === 'zh-HK' ? card.district_name_zh : card.district_name_en,
      name_en: card.district_name_en,
      name_zh: card.district_name_zh,
    },
    address: { line_one: card.address_line_one, line_two: card.address_line_two },
  };
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

let collector: (() => void) | null | undefined;

/** V8's full collection (`gc`), made reachable once; null where it cannot be. */
function fullCollection(): (() => void) | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collector = vm.runInNewContext('gc') as () => void;
    } catch {
      collector = null;
    }
  }
  return collector;
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
      // A doctor's payment info is the same on each of the doctor's cards: read it once.
      const prices = await tx.execute<{ doctor_id: number; payment_info: PaymentInfoJson[] }>(sql`
        SELECT DISTINCT ON ((card->>'doctor_id')::int) (card->>'doctor_id')::int AS doctor_id,
          card->'payment_info' AS payment_info
        FROM service_point_card ORDER BY (card->>'doctor_id')::int`);
      const paymentInfos = new Map<number, PaymentInfoJson[]>();
      for (const row of prices.rows) paymentInfos.set(row.doctor_id, row.payment_info);
      const sizes = await tx.execute<{ panel: string; size: number }>(sql`
        SELECT s.panel, count(*)::int AS size
        FROM service_point_search s
        JOIN service_point_card c ON c.service_point_id = s.service_point_id
        GROUP BY s.panel`);
      const builder = snapshotBuilder(
        Number(version.rows[0]?.version ?? 0),
        districtRows.rows,
        paymentInfos,
        new Map(sizes.rows.map((row) => [row.panel, row.size])),
      );
      // The rows come through a cursor, a batch at a time: the whole result parsed at once
      // would cost more memory than the snapshot itself, beside the snapshot in use.
      await tx.execute(sql`
        DECLARE finder_rows NO SCROLL CURSOR FOR
        SELECT s.panel, s.district_code, s.service_id, s.specialty_slug,
          s.member_price::text AS member_price, c.card - 'payment_info' AS card
        FROM service_point_search s
        JOIN service_point_card c ON c.service_point_id = s.service_point_id
        ORDER BY s.panel, s.district_sequence, s.doctor_sort_name, s.service_point_id`);
      let read = 0;
      let collectedAt = 0;
      const collect = () => {
        fullCollection()?.();
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
  paymentInfos: Map<number, PaymentInfoJson[]>,
  panelSizes: Map<string, number>,
): { add(row: LoadedRow): void; finish(): FinderSnapshot } {
  const treatments = new Map<string, TreatmentProperty[]>();
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
  const venueHours = new Map<string, VenueHours | null>();

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
      };
      columns.set(panel, found);
    }
    return found;
  };

  /** A doctor's prices in the response's shape; the rows read are let go once converted. */
  function pricesOf(doctorId: number): PaymentInfo[] {
    const read = paymentInfos.get(doctorId) ?? [];
    paymentInfos.delete(doctorId);
    return read.map((info) => paymentInfo(info, treatments));
  }

  function add(row: LoadedRow): void {
    const rowsOfPanel = columnsOf(row.panel);
    const priced = rowsOfPanel.priced;
    const i = rowsOfPanel.count;
    // Counted in the same transaction as the rows: never more rows than places.
    if (i >= rowsOfPanel.district.length)
      throw new Error('finder snapshot: more rows than counted');
    rowsOfPanel.count += 1;
    const card = row.card;
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
        phones: card.doctor_phones.map((phone) => ({ no: phone.no })),
        payment_info: priced ? pricesOf(card.doctor_id) : [],
      })),
      venue: intern(venues, String(card.venue_id), () => ({
        en: localVenue(card, 'en'),
        'zh-HK': localVenue(card, 'zh-HK'),
      })),
      service: intern(services, String(card.service_id), () => ({
        en: localService(card, 'en'),
        'zh-HK': localService(card, 'zh-HK'),
      })),
      specialty,
      hours: intern(venueHours, String(card.venue_id), () =>
        (card.opening_hours ?? card.hours_text ?? card.hours_note ?? null) === null
          ? null
          : {
              hours: card.opening_hours ?? null,
              text: card.hours_text ?? null,
              note: card.hours_note ?? null,
            },
      ),
      lastVerifiedAt: card.last_verified_at ?? null,
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
      written: { parts: new Map(), verified: new Map(), bytes: 0 },
    };
  }

  return { add, finish };
}

/** Empties what a snapshot keeps for its searches (kept card JSON, recently searched terms). */
export function releaseCaches(snapshot: FinderSnapshot): void {
  snapshot.terms.clear();
  snapshot.written.parts.clear();
  snapshot.written.verified.clear();
  snapshot.written.bytes = 0;
}

/** How often each process checks `finder_index_version` for a rebuild. */
export const FINDER_INDEX_POLL_MS = 1000;

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
    onLoad?: (loaded: { version: number; servicePoints: number; ms: number }) => void;
  } = {},
): FinderReadModel {
  let snapshot: FinderSnapshot | null = null;
  let reloading: Promise<boolean> | null = null;

  async function storedVersion(): Promise<number> {
    const result = await db.execute<{ version: string }>(
      sql`SELECT version::text AS version FROM finder_index_version WHERE id = 1`,
    );
    return Number(result.rows[0]?.version ?? 0);
  }

  function refresh(): Promise<boolean> {
    reloading ??= (async () => {
      try {
        if (snapshot !== null && (await storedVersion()) === snapshot.version) return false;
        const started = performance.now();
        // The old snapshot's caches (card JSON, term rows) are refilled by searches as needed:
        // emptied now, they do not sit beside the new snapshot while it is built (decision 200).
        if (snapshot !== null) releaseCaches(snapshot);
        snapshot = await loadFinderSnapshot(db);
        options.onLoad?.({
          version: snapshot.version,
          servicePoints: snapshot.size,
          ms: Math.round(performance.now() - started),
        });
        return true;
      } finally {
        reloading = null;
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
    close: async () => {
      clearInterval(timer);
      await reloading?.catch(() => false);
    },
  };
}
