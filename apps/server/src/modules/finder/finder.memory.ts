// The finder's read model held in each API process (decision 110): a snapshot of the
// PostgreSQL read model (service_point_search + service_point_card, decision 010) loaded into
// compact arrays, searched without a database round trip. PostgreSQL stays the source of truth:
// the snapshot is derived, loaded at start-up and reloaded whenever `finder_index_version`
// changes (rebuildFinderIndex bumps it in its own transaction), so every process converges on
// the same data within a poll interval. Nothing here has to survive a restart.
//
// Rows are kept per panel in the finder's stable order (as PostgreSQL sorts them: district
// sequence, doctor's English name lowercased, id), so a search is one pass that counts every
// match and keeps the requested page. Doctor, venue, service and specialty parts of a card are
// shared between rows; the search text of a row is normalised (text/search-text.ts, decision
// 158) and held as its doctor part, its venue part and its service part (a search alternative
// never contains a newline, so it cannot span the fields).
import { PANELS } from '@clinicpass/shared/constants';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { PaymentInfo, ServicePoint, Specialty } from '@clinicpass/shared/schemas/finder';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TreatmentProperty } from '../../db/schema';
import type { SearchCriteria, ServicePointRow } from './finder.repository';
import { doctorText, type SearchTerm, serviceText, venueText } from './text/search-text';

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
  /** The card as UTF-8 JSON (not bookmarked) per language, once written (see `cardJson`). */
  json?: Partial<Record<Language, Buffer>>;
}

interface PanelRows {
  size: number;
  district: Uint16Array;
  service: Int32Array;
  /** Index into `specialties` + 1; 0 when the service point has no specialty. */
  specialty: Uint16Array;
  /** The member price; NaN when the doctor has none for the service (never in a range). */
  price: Float64Array;
  doctorText: Int32Array;
  venueText: Int32Array;
  serviceText: Int32Array;
  cards: Card[];
  /** The rows of each district (by district index) and of each service (by id), ascending. */
  byDistrict: Map<number, Int32Array>;
  byService: Map<number, Int32Array>;
}

function rowLists(values: ArrayLike<number>): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as number;
    const list = lists.get(value);
    if (list === undefined) lists.set(value, [i]);
    else list.push(i);
  }
  return new Map([...lists].map(([value, list]) => [value, Int32Array.from(list)]));
}

const NO_ROWS = new Int32Array(0);

/** The rows of any of the keys, ascending (each row has one key, so no duplicates). */
function unionOf(lists: Map<number, Int32Array>, keys: Iterable<number>): Int32Array {
  const parts = [...new Set(keys)].map((key) => lists.get(key) ?? NO_ROWS);
  if (parts.length === 1) return parts[0] as Int32Array;
  const rows = new Int32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    rows.set(part, at);
    at += part.length;
  }
  return rows.sort();
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
  panels: Map<string, PanelRows>;
  districts: Map<string, SnapshotDistrict>;
  /** The district codes of each region, in code order. */
  regions: Map<number, string[]>;
  specialties: Map<string, number>;
  doctor: TextSet;
  venue: TextSet;
  service: TextSet;
  /** Recently searched terms and what is known of their matches (see `wordTest`). */
  words: Map<string, WordTest>;
  /** Cards whose JSON is kept, and its bytes (see `cardJson`). */
  written: { cards: Card[]; bytes: number };
}

/** Distinct search texts (of doctors, or of venues) and where each non-ASCII character occurs. */
interface TextSet {
  texts: string[];
  /** Per non-ASCII character, the indexes of the texts holding it, ascending. */
  postings: Map<string, Int32Array>;
}

function textSet(texts: string[]): TextSet {
  const lists = new Map<string, number[]>();
  texts.forEach((text, index) => {
    for (const char of text) {
      if (char.charCodeAt(0) <= 0x7f) continue;
      let list = lists.get(char);
      if (list === undefined) {
        list = [];
        lists.set(char, list);
      }
      if (list[list.length - 1] !== index) list.push(index);
    }
  });
  const postings = new Map<string, Int32Array>();
  for (const [char, list] of lists) postings.set(char, Int32Array.from(list));
  return { texts, postings };
}

export interface SnapshotPage {
  total: number;
  cards: Card[];
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

function intern<Value>(map: Map<string, Value>, key: string, make: () => Value): Value {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
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

/** Loads a snapshot of the read model, consistent with one version (one read-only snapshot). */
export async function loadFinderSnapshot(db: Database): Promise<FinderSnapshot> {
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
      const rows = await tx.execute<LoadedRow>(sql`
        SELECT s.panel, s.district_code, s.service_id, s.specialty_slug,
          s.member_price::text AS member_price, c.card - 'payment_info' AS card
        FROM service_point_search s
        JOIN service_point_card c ON c.service_point_id = s.service_point_id
        ORDER BY s.panel, s.district_sequence, s.doctor_sort_name, s.service_point_id`);
      // A doctor's payment info is the same on each of the doctor's cards: read it once.
      const prices = await tx.execute<{ doctor_id: number; payment_info: PaymentInfoJson[] }>(sql`
        SELECT DISTINCT ON ((card->>'doctor_id')::int) (card->>'doctor_id')::int AS doctor_id,
          card->'payment_info' AS payment_info
        FROM service_point_card ORDER BY (card->>'doctor_id')::int`);
      const paymentInfos = new Map<number, PaymentInfoJson[]>();
      for (const row of prices.rows) paymentInfos.set(row.doctor_id, row.payment_info);
      return buildSnapshot(
        Number(version.rows[0]?.version ?? 0),
        districtRows.rows,
        rows.rows,
        paymentInfos,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function buildSnapshot(
  version: number,
  districtRows: (DistrictEntry & { nearby: string[] })[],
  rows: LoadedRow[],
  paymentInfos: Map<number, PaymentInfoJson[]>,
): FinderSnapshot {
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

  const byPanel = new Map<string, LoadedRow[]>();
  for (const row of rows) intern(byPanel, row.panel, () => []).push(row);

  const panels = new Map<string, PanelRows>();
  for (const [panel, list] of byPanel) {
    const priced = panel !== PANELS.second;
    const size = list.length;
    const rowsOfPanel: PanelRows = {
      size,
      district: new Uint16Array(size),
      service: new Int32Array(size),
      specialty: new Uint16Array(size),
      price: new Float64Array(size),
      doctorText: new Int32Array(size),
      venueText: new Int32Array(size),
      serviceText: new Int32Array(size),
      cards: new Array<Card>(size),
      byDistrict: new Map(),
      byService: new Map(),
    };
    list.forEach((row, i) => {
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
          payment_info: priced
            ? (paymentInfos.get(card.doctor_id) ?? []).map((info) => paymentInfo(info, treatments))
            : [],
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
      };
    });
    rowsOfPanel.byDistrict = rowLists(rowsOfPanel.district);
    rowsOfPanel.byService = rowLists(rowsOfPanel.service);
    panels.set(panel, rowsOfPanel);
  }
  return {
    version,
    size: rows.length,
    panels,
    districts,
    regions,
    specialties,
    doctor: textSet(doctorTexts),
    venue: textSet(venueTexts),
    service: textSet(serviceTexts),
    words: new Map(),
    written: { cards: [], bytes: 0 },
  };
}

/** A membership mask over small non-negative integers, or null for "any". */
function maskOf(values: readonly number[] | undefined, size: number): Uint8Array | null {
  if (values === undefined || values.length === 0) return null;
  const mask = new Uint8Array(size);
  for (const value of values) if (value >= 0 && value < size) mask[value] = 1;
  return mask;
}

/**
 * Where one search term occurs, per panel: a mask over the panel's rows (1: a row's doctor,
 * venue or service text holds one of the term's alternatives) and, for a term few rows hold,
 * those rows in order. Worked out in one pass over the panel the first time the term is
 * searched (each distinct text tested once) and kept: a snapshot keeps the last
 * WORD_CACHE_SIZE terms searched (people search the same names and places), so a repeated term
 * costs a byte per row visited, and a rare one drives the search.
 */
interface WordRows {
  mask: Uint8Array;
  /** The matching rows, ascending, when at most a RARE_SHARE of the panel's rows match. */
  rows: Int32Array | null;
}

interface WordTest {
  word: string;
  panels: Map<string, WordRows>;
}

/** Words whose row masks a snapshot keeps (≈ 125 KB per panel each at 100,000 service points). */
export const WORD_CACHE_SIZE = 128;
/** A word held by at most 1 row in this many keeps its row list (≤ a quarter of its mask). */
const RARE_SHARE = 16;

/**
 * Which texts of a set hold any of a term's alternatives: 1 yes, 2 no (see `alternativeTests`).
 */
function textTests(set: TextSet, term: SearchTerm): Uint8Array {
  const tests = new Uint8Array(set.texts.length).fill(2);
  for (const alternative of term.alternatives) alternativeTests(set, alternative, tests);
  return tests;
}

/**
 * Marks 1 in `tests` for the texts of a set that hold a word. A text lacking one of the word's
 * non-ASCII characters (Chinese, mostly) cannot hold it: only the texts in the rarest such
 * character's postings are tested.
 */
function alternativeTests(set: TextSet, word: string, tests: Uint8Array): void {
  let rarest: Int32Array | null = null;
  for (const char of word) {
    if (char.charCodeAt(0) <= 0x7f) continue;
    const postings = set.postings.get(char) ?? new Int32Array(0);
    if (rarest === null || postings.length < rarest.length) rarest = postings;
  }
  if (rarest === null) {
    set.texts.forEach((text, index) => {
      if (text.includes(word)) tests[index] = 1;
    });
  } else {
    for (const index of rarest) {
      if ((set.texts[index] as string).includes(word)) tests[index] = 1;
    }
  }
}

function wordRows(snapshot: FinderSnapshot, panel: string, rows: PanelRows, term: SearchTerm) {
  const word = term.alternatives.join('\u0000');
  let test = snapshot.words.get(word);
  if (test === undefined) {
    test = { word, panels: new Map() };
    snapshot.words.set(word, test);
    if (snapshot.words.size > WORD_CACHE_SIZE) {
      const oldest = snapshot.words.keys().next().value;
      if (oldest !== undefined) snapshot.words.delete(oldest);
    }
  } else {
    // Most recently used last.
    snapshot.words.delete(word);
    snapshot.words.set(word, test);
  }
  let found = test.panels.get(panel);
  if (found === undefined) {
    const doctor = textTests(snapshot.doctor, term);
    const venue = textTests(snapshot.venue, term);
    const service = textTests(snapshot.service, term);
    const mask = new Uint8Array(rows.size);
    let count = 0;
    for (let i = 0; i < rows.size; i += 1) {
      if (
        doctor[rows.doctorText[i] as number] === 1 ||
        venue[rows.venueText[i] as number] === 1 ||
        service[rows.serviceText[i] as number] === 1
      ) {
        mask[i] = 1;
        count += 1;
      }
    }
    let list: Int32Array | null = null;
    if (count * RARE_SHARE <= rows.size) {
      list = new Int32Array(count);
      let at = 0;
      for (let i = 0; i < rows.size; i += 1) if (mask[i] === 1) list[(at += 1) - 1] = i;
    }
    found = { mask, rows: list };
    test.panels.set(panel, found);
  }
  return found;
}

/**
 * Counts the service points matching `criteria` and returns those from `offset` (at most
 * `limit`), in the finder's order: the same answer as the SQL search over the read model.
 */
export function searchSnapshot(
  snapshot: FinderSnapshot,
  criteria: SearchCriteria,
  offset: number,
  limit: number,
): SnapshotPage {
  const rows = snapshot.panels.get(criteria.panel);
  if (rows === undefined) return { total: 0, cards: [] };
  const end = offset + limit;

  let districtMask: Uint8Array | null = null;
  let fromDistricts: Int32Array | null = null;
  if (criteria.districtCodes && criteria.districtCodes.length > 0) {
    districtMask = new Uint8Array(snapshot.districts.size);
    const indexes: number[] = [];
    for (const code of criteria.districtCodes) {
      const district = snapshot.districts.get(code);
      if (district) {
        districtMask[district.index] = 1;
        indexes.push(district.index);
      }
    }
    fromDistricts = unionOf(rows.byDistrict, indexes);
  }
  let serviceIds: Set<number> | null = null;
  let fromServices: Int32Array | null = null;
  if (criteria.serviceIds && criteria.serviceIds.length > 0) {
    serviceIds = new Set(criteria.serviceIds);
    fromServices = unionOf(rows.byService, serviceIds);
  }
  const specialtyMask = maskOf(
    criteria.specialtySlugs?.map((slug) => snapshot.specialties.get(slug) ?? -1),
    snapshot.specialties.size + 1,
  );
  if (specialtyMask !== null && !specialtyMask.some((value) => value === 1)) {
    return { total: 0, cards: [] };
  }
  const min = criteria.priceRange?.min ?? Number.NaN;
  const max = criteria.priceRange?.max ?? Number.NaN;
  const priced = criteria.priceRange !== undefined;
  const words = (criteria.terms ?? []).map((term) =>
    wordRows(snapshot, criteria.panel, rows, term),
  );

  // The shortest list of candidate rows drives the pass; the filter it came from need not be
  // tested again. Every other filter is a look-up per row.
  const candidates: { list: Int32Array; from: 'district' | 'service' | WordRows }[] = [];
  if (fromDistricts !== null) candidates.push({ list: fromDistricts, from: 'district' });
  if (fromServices !== null) candidates.push({ list: fromServices, from: 'service' });
  for (const word of words)
    if (word.rows !== null) candidates.push({ list: word.rows, from: word });
  let driver = candidates[0];
  for (const candidate of candidates) {
    if (driver !== undefined && candidate.list.length < driver.list.length) driver = candidate;
  }
  if (driver?.from === 'district') districtMask = null;
  if (driver?.from === 'service') serviceIds = null;
  const masks = words.filter((word) => word !== driver?.from).map((word) => word.mask);
  const visit = driver?.list ?? null;

  if (visit === null && specialtyMask === null && !priced && masks.length === 0) {
    // No filter but the panel: the page is a slice.
    return { total: rows.size, cards: rows.cards.slice(offset, end) };
  }

  const cards: Card[] = [];
  const count = visit === null ? rows.size : visit.length;
  let total = 0;
  rows: for (let k = 0; k < count; k += 1) {
    const i = visit === null ? k : (visit[k] as number);
    if (districtMask !== null && districtMask[rows.district[i] as number] !== 1) continue;
    if (serviceIds !== null && !serviceIds.has(rows.service[i] as number)) continue;
    if (specialtyMask !== null && specialtyMask[rows.specialty[i] as number] !== 1) continue;
    if (priced) {
      const price = rows.price[i] as number;
      // NaN (no price) fails both comparisons, as NULL fails BETWEEN.
      if (!(price >= min && price <= max)) continue;
    }
    for (const mask of masks) if (mask[i] !== 1) continue rows;
    if (total >= offset && total < end) cards.push(rows.cards[i] as Card);
    total += 1;
  }
  return { total, cards };
}

const unpricedCards = new WeakMap<Card, Card>();
const unpricedDoctors = new WeakMap<Doctor, Doctor>();

/**
 * The card without the doctor's member prices (decision 140: a list asked without a policy
 * number of the primary network), made once per card and kept while the card lives.
 */
export function withoutPrices(card: Card): Card {
  if (card.doctor.payment_info.length === 0) return card;
  let unpriced = unpricedCards.get(card);
  if (unpriced === undefined) {
    let doctor = unpricedDoctors.get(card.doctor);
    if (doctor === undefined) {
      doctor = { ...card.doctor, payment_info: [] };
      unpricedDoctors.set(card.doctor, doctor);
    }
    const { json: _written, ...parts } = card;
    unpriced = { ...parts, doctor };
    unpricedCards.set(card, unpriced);
  }
  return unpriced;
}

/** The response object of a card for a caller's language. */
export function cardToServicePoint(
  card: Card,
  language: Language,
  isBookmarked: boolean,
): ServicePoint {
  return {
    id: card.id,
    is_bookmarked: isBookmarked,
    create_date: card.createDate,
    update_date: card.updateDate,
    doctor: card.doctor,
    venue: card.venue[language],
    service: card.service[language],
    specialty: card.specialty,
  };
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

/** Bytes of card JSON a snapshot keeps (≈ 20,000 cards); past it the kept JSON is dropped. */
export const CARD_JSON_BUDGET = 24 * 1024 * 1024;

/**
 * A card (not bookmarked) as UTF-8 JSON in the response schema's key order, written once per
 * language and kept within CARD_JSON_BUDGET: a page of results is then copied, not serialised
 * and encoded again on every request.
 */
export function cardJson(snapshot: FinderSnapshot, card: Card, language: Language): Buffer {
  const kept = card.json?.[language];
  if (kept !== undefined) return kept;
  const json = Buffer.from(JSON.stringify(cardToServicePoint(card, language, false)));
  const written = snapshot.written;
  if (written.bytes + json.length > CARD_JSON_BUDGET) {
    for (const old of written.cards) delete old.json;
    written.cards = [];
    written.bytes = 0;
  }
  if (card.json === undefined) {
    card.json = {};
    written.cards.push(card);
  }
  card.json[language] = json;
  written.bytes += json.length;
  return json;
}
