// The answer writer: a snapshot's cards as response objects for a caller's language, without
// member prices where decision 140 says so, and as UTF-8 JSON assembled from each card's parts'
// kept JSON (decisions 110, 174), so a page of results is mostly copied rather than serialised
// again on every request.
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { Pagination } from '@clinicpass/shared/api-client/pagination';
import type { ServicePoint, ServicePointList } from '@clinicpass/shared/schemas/finder';
import { type ByteWriter, written } from '../../lib/byte-slab';
import type { Answer } from './finder.answers';
import {
  defaultDirectoryView,
  detailsStale,
  type DirectoryView,
  directoryFields,
  openingJson,
} from './finder.hours';
import { type Card, clearKeptJson, type FinderSnapshot } from './finder.snapshot';

type Doctor = ServicePoint['doctor'];

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
    unpriced = { ...card, doctor };
    unpricedCards.set(card, unpriced);
  }
  return unpriced;
}

/** The response object of a card for a caller's language. */
export function cardToServicePoint(
  card: Card,
  language: Language,
  isBookmarked: boolean,
  view: DirectoryView = defaultDirectoryView(),
  distance: number | null = null,
): ServicePoint {
  const { opening, ...fields } = directoryFields(card.id, card.hours, card.lastVerifiedAt, view);
  return {
    id: card.id,
    is_bookmarked: isBookmarked,
    create_date: card.createDate,
    update_date: card.updateDate,
    doctor: card.doctor,
    venue: card.venue[language],
    service: card.service[language],
    specialty: card.specialty,
    ...fields,
    distance_m: distance,
    opening,
  };
}

/**
 * Bytes of card JSON a snapshot keeps (its cards' parts and their starts); past it the kept JSON
 * is dropped and written again as asked for.
 */
export const CARD_JSON_BUDGET = 24 * 1024 * 1024;

/** Counts `json` in the snapshot's budget, dropping everything kept first when it is full. */
function count(snapshot: FinderSnapshot, json: Buffer): void {
  const kept = snapshot.written;
  if (kept.bytes + json.length > CARD_JSON_BUDGET) clearKeptJson(kept);
  kept.bytes += json.length;
}

/** A part of a card (doctor, local venue, local service, specialty) as UTF-8 JSON, kept. */
function partJson(snapshot: FinderSnapshot, part: object): Buffer {
  const parts = snapshot.written.parts;
  let json = parts.get(part);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(part));
    count(snapshot, json);
    parts.set(part, json);
  }
  return json;
}

/** A card's JSON up to its doctor: `{"id":…,"is_bookmarked":…,"create_date":…,…,"doctor":`. */
function cardHead(card: Card, isBookmarked: boolean): string {
  return `{"id":${card.id},"is_bookmarked":${isBookmarked},"create_date":${JSON.stringify(card.createDate)},"update_date":${JSON.stringify(card.updateDate)},"doctor":`;
}

const VENUE = Buffer.from(',"venue":');
const SERVICE = Buffer.from(',"service":');
const SPECIALTY = Buffer.from(',"specialty":');
const NO_SPECIALTY = Buffer.from(',"specialty":null');
/**
 * `details_stale`, `flagged` and `distance_m` (null), then the opening's key: by
 * [stale][flagged]; with a distance, the text up to `distance_m`'s value and what follows it.
 */
const STALE_FLAGGED = [false, true].map((stale) =>
  [false, true].map((flagged) =>
    Buffer.from(`${String(stale)},"flagged":${String(flagged)},"distance_m":null,"opening":`),
  ),
);
const STALE_FLAGGED_DISTANCE = [false, true].map((stale) =>
  [false, true].map((flagged) =>
    Buffer.from(`${String(stale)},"flagged":${String(flagged)},"distance_m":`),
  ),
);
const OPENING = Buffer.from(',"opening":');

/**
 * A guest's card in a language up to what depends on the instant: its head, its parts' kept JSON
 * and `,"last_verified_at":…,"details_stale":`, joined once and kept (decision 229), so a page's
 * card is one look-up and one copy rather than six of each.
 */
function cardStart(snapshot: FinderSnapshot, card: Card, language: Language): Buffer {
  const starts = snapshot.written.cards[language];
  let json = starts.get(card);
  if (json === undefined) {
    const specialty =
      card.specialty === null ? [NO_SPECIALTY] : [SPECIALTY, partJson(snapshot, card.specialty)];
    json = Buffer.concat([
      Buffer.from(cardHead(card, false)),
      partJson(snapshot, card.doctor),
      VENUE,
      partJson(snapshot, card.venue[language]),
      SERVICE,
      partJson(snapshot, card.service[language]),
      ...specialty,
      Buffer.from(`,"last_verified_at":${JSON.stringify(card.lastVerifiedAt)},"details_stale":`),
    ]);
    // Counted first: a full budget empties the maps (the same maps), then this one is kept.
    count(snapshot, json);
    starts.set(card, json);
  }
  return json;
}

/**
 * Writes a card as UTF-8 JSON in the response schema's key order into `out`: what
 * `JSON.stringify(cardToServicePoint(card, language, isBookmarked))` writes, made of its kept
 * start, so a page of results is mostly copied, not serialised and encoded again.
 */
export function writeCard(
  snapshot: FinderSnapshot,
  card: Card,
  language: Language,
  isBookmarked: boolean,
  out: ByteWriter,
  view: DirectoryView = defaultDirectoryView(),
  distance: number | null = null,
): void {
  const start = cardStart(snapshot, card, language);
  if (isBookmarked) {
    // A member's bookmarked card: its own head, then the guest's start after the guest's head.
    const guestHead = cardHead(card, false);
    out.text(cardHead(card, true));
    out.bytes(start.subarray(Buffer.byteLength(guestHead)));
  } else {
    out.bytes(start);
  }
  // What depends on the instant (issue 19): the staleness and flag of this view, and the
  // opening JSON of the view's minute, kept per venue (with the card's closing brace).
  const stale = Number(detailsStale(card.verifiedMs, view));
  const flagged = Number(view.flagged.has(card.id));
  if (distance === null) {
    out.bytes((STALE_FLAGGED[stale] as Buffer[])[flagged] as Buffer);
  } else {
    out.bytes((STALE_FLAGGED_DISTANCE[stale] as Buffer[])[flagged] as Buffer);
    out.text(String(distance));
    out.bytes(OPENING);
  }
  out.bytes(openingJson(card.hours, view.at));
}

/** A card as UTF-8 JSON (see `writeCard`). */
export function cardJson(
  snapshot: FinderSnapshot,
  card: Card,
  language: Language,
  isBookmarked = false,
  view: DirectoryView = defaultDirectoryView(),
  distance: number | null = null,
): Buffer {
  return written((out) => {
    writeCard(snapshot, card, language, isBookmarked, out, view, distance);
  });
}

const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');

/**
 * A list answer, its cards written when asked for: `{"results":[` and its cards (see
 * `writeCard`), then the rest (pagination and any widening). Its JSON in
 * ServicePointListSchema's key order is written only when asked for: the GraphQL path writes the
 * cards straight into its own envelope (`writeResults`), in one pass.
 */
export interface WrittenAnswer extends Answer {
  /** Writes `{"results":[` and the cards, without the closing `]`, into `out`. */
  writeResults(out: ByteWriter): void;
  /** What follows the results, in the schema's key order. */
  rest: Omit<ServicePointList, 'results'>;
}

/** A list answer (see `WrittenAnswer`). */
export function writeAnswer(
  snapshot: FinderSnapshot,
  found: {
    cards: readonly Card[];
    distances?: readonly (number | null)[];
    bookmarked: ReadonlySet<number>;
    pagination: Pagination;
    expanded_from?: ServicePointList['expanded_from'];
  },
  language: Language,
  view: DirectoryView = defaultDirectoryView(),
): WrittenAnswer {
  const { cards, bookmarked, distances } = found;
  const writeResults = (out: ByteWriter) => {
    out.bytes(RESULTS_OPEN);
    for (let index = 0; index < cards.length; index += 1) {
      const card = cards[index] as Card;
      if (index > 0) out.bytes(COMMA);
      const distance = distances?.[index] ?? null;
      writeCard(snapshot, card, language, bookmarked.has(card.id), out, view, distance);
    }
  };
  const { start, end, total } = found.pagination;
  const rest: Omit<ServicePointList, 'results'> = { pagination: { start, end, total } };
  if (found.expanded_from) {
    const { district_codes, level, searched_district_codes } = found.expanded_from;
    rest.expanded_from = { district_codes, level, searched_district_codes };
  }
  let json: Buffer | undefined;
  return {
    writeResults,
    rest,
    pagination: found.pagination,
    get json() {
      // `{"results":[…],` then the rest of the object without its opening brace.
      json ??= written((out) => {
        writeResults(out);
        out.text(`],${JSON.stringify(rest).slice(1)}`);
      });
      return json;
    },
  };
}
