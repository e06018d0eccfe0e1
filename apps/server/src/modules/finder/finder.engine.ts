// The finder's search engine (issue 17, decisions 174–175): a search over one snapshot
// (finder.snapshot.ts) is the AND of one bitset per asked filter kind — the OR of the asked
// districts' bitsets, of the services', of the specialties', the price range's rows, and each
// text term's rows — counted by popcount, its page listed by walking the result's words in row
// order (the finder's order) and stopping after the page. No pass over the rows.
//
// A text term's rows: for each of its alternatives (text/search-text.ts, decision 158) and each
// kind of text (doctor, venue, service), the distinct texts holding it (gram postings, checked
// against the text where the grams alone do not decide: engine/grams.ts), then the rows of those
// texts. A snapshot keeps the last TERM_CACHE_SIZE terms searched with their rows per panel
// (people search the same names and places); a kept term costs one AND.
import type { GeoPoint, PriceRange } from '@clinicpass/shared/schemas/finder';
import type { HkWallClock } from '@clinicpass/shared/time/opening';
import { type Bitset, emptyBitset, intersectPage, setBit, unionOf } from './engine/bitset';
import { textsHolding } from './engine/grams';
import { nearestPage } from './engine/near';
import { priceRange } from './engine/prices';
import { openNowRows, openOnSundayRows } from './finder.hours';
import {
  type Card,
  type FinderSnapshot,
  type PanelIndex,
  TEXT_KINDS,
  type TermRows,
} from './finder.snapshot';
import type { SearchTerm } from './text/search-text';

export interface SearchCriteria {
  panel: string;
  // The query's own names (ServicePointQuerySchema), from the address's parse to here.
  district_codes?: readonly string[];
  service_ids?: readonly number[];
  specialty_slug?: readonly string[];
  /**
   * Search terms (text/search-text.ts, decision 158): each must match the row's normalised
   * text through one of its alternatives.
   */
  terms?: readonly SearchTerm[];
  priceRange?: PriceRange;
  /** Only rows whose venue is open at this Hong Kong minute (finder.hours.ts). */
  openAt?: HkWallClock;
  /** Only rows whose venue keeps hours on Sundays. */
  openSunday?: boolean;
  /** The rows in order of distance from this point, not in the finder's order (engine/near.ts). */
  near?: GeoPoint;
}

export interface SnapshotPage {
  total: number;
  cards: Card[];
  /** With `near`: each card's distance in metres (null: its venue has no point). */
  distances?: (number | null)[];
}

/** Terms whose rows a snapshot keeps (≈ 12.5 KB per panel each at 100,000 service points). */
export const TERM_CACHE_SIZE = 256;

function termKey(term: SearchTerm): string {
  return term.alternatives.join('\u0000');
}

/** The term's entry in the snapshot's cache (most recently used last), made when missing. */
function termRows(snapshot: FinderSnapshot, term: SearchTerm): TermRows {
  const key = termKey(term);
  let found = snapshot.terms.get(key);
  if (found === undefined) {
    found = { panels: new Map() };
    snapshot.terms.set(key, found);
    if (snapshot.terms.size > TERM_CACHE_SIZE) {
      const oldest = snapshot.terms.keys().next().value;
      if (oldest !== undefined) snapshot.terms.delete(oldest);
    }
  } else {
    snapshot.terms.delete(key);
    snapshot.terms.set(key, found);
  }
  return found;
}

/** The rows of a panel that a term matches. */
function termBitset(
  snapshot: FinderSnapshot,
  panelName: string,
  panel: PanelIndex,
  term: SearchTerm,
): Bitset {
  const entry = termRows(snapshot, term);
  let set = entry.panels.get(panelName);
  if (set === undefined) {
    set = emptyBitset(panel.size);
    for (const kind of TEXT_KINDS) {
      const { start, rows } = panel.text[kind];
      for (const alternative of term.alternatives) {
        for (const id of textsHolding(snapshot.text[kind], alternative)) {
          const end = start[id + 1] as number;
          for (let at = start[id] as number; at < end; at += 1) setBit(set, rows[at] as number);
        }
      }
    }
    entry.panels.set(panelName, set);
  }
  return set;
}

/** Price ranges whose rows a panel keeps (the screen offers a few; ≈ 12.5 KB each at 100,000). */
const PRICE_RANGE_CACHE_SIZE = 64;
const priceRanges = new WeakMap<PanelIndex, Map<string, Bitset>>();

/** The rows of a panel in a price range, kept for the panel's next searches of the same range. */
function priceRangeRows(panel: PanelIndex, range: PriceRange): Bitset {
  let kept = priceRanges.get(panel);
  if (kept === undefined) {
    kept = new Map();
    priceRanges.set(panel, kept);
  }
  const key = `${String(range.min)},${String(range.max)}`;
  let set = kept.get(key);
  if (set === undefined) {
    set = priceRange(panel.prices, range.min, range.max);
    if (kept.size >= PRICE_RANGE_CACHE_SIZE) kept.clear();
    kept.set(key, set);
  }
  return set;
}

/** The OR of the asked values' bitsets (unknown values add nothing); null when none is asked. */
function anyOf<Key>(
  size: number,
  sets: Map<number, Bitset>,
  keys: readonly Key[] | undefined,
  indexOf: (key: Key) => number | undefined,
): Bitset | null {
  if (keys === undefined || keys.length === 0) return null;
  const found: Bitset[] = [];
  for (const key of new Set(keys)) {
    const index = indexOf(key);
    const set = index === undefined ? undefined : sets.get(index);
    if (set !== undefined) found.push(set);
  }
  if (found.length === 1) return found[0] as Bitset;
  return unionOf(size, found);
}

/**
 * Counts the service points matching `criteria` and returns those from `offset` (at most
 * `limit`), in the finder's order: the same answer as the SQL search over the read model
 * (test/finder-oracle.ts) with the text rules of decision 158.
 */
export function searchSnapshot(
  snapshot: FinderSnapshot,
  criteria: SearchCriteria,
  offset: number,
  limit: number,
): SnapshotPage {
  const panel = snapshot.panels.get(criteria.panel);
  if (panel === undefined) return { total: 0, cards: [] };
  const size = panel.size;
  const sets: Bitset[] = [];
  for (const term of criteria.terms ?? []) {
    sets.push(termBitset(snapshot, criteria.panel, panel, term));
  }
  const districts = anyOf(
    size,
    panel.districts,
    criteria.district_codes,
    (code) => snapshot.districts.get(code)?.index,
  );
  if (districts !== null) sets.push(districts);
  const services = anyOf(size, panel.services, criteria.service_ids, (id) => id);
  if (services !== null) sets.push(services);
  const specialties = anyOf(size, panel.specialties, criteria.specialty_slug, (slug) =>
    snapshot.specialties.get(slug),
  );
  if (specialties !== null) sets.push(specialties);
  if (criteria.priceRange !== undefined) {
    sets.push(priceRangeRows(panel, criteria.priceRange));
  }
  if (criteria.openAt !== undefined) sets.push(openNowRows(panel, criteria.openAt));
  if (criteria.openSunday === true) sets.push(openOnSundayRows(panel));

  if (criteria.near !== undefined) {
    // Every match is a candidate for the page: listed whole, then ranked by distance.
    const candidates = sets.length === 0 ? null : intersectPage(sets, 0, size).rows;
    const total = candidates === null ? size : candidates.length;
    const { rows, distances } = nearestPage(
      panel.points,
      size,
      candidates,
      criteria.near,
      offset,
      limit,
    );
    return { total, cards: rows.map((row) => panel.cards[row] as Card), distances };
  }
  if (sets.length === 0) {
    // No filter but the panel: the page is a slice.
    return { total: size, cards: panel.cards.slice(offset, offset + limit) };
  }
  const { total, rows } = intersectPage(sets, offset, limit);
  return { total, cards: rows.map((row) => panel.cards[row] as Card) };
}
