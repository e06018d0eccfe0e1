// The answer writer: a snapshot's cards as response objects for a caller's language, without
// member prices where decision 140 says so, and as UTF-8 JSON assembled from each card's parts'
// kept JSON (decisions 110, 174), so a page of results is mostly copied rather than serialised
// again on every request.
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { Pagination } from '@clinicpass/shared/api-client/pagination';
import type { ServicePoint, ServicePointList } from '@clinicpass/shared/schemas/finder';
import { joinParts } from '../../lib/byte-slab';
import type { Answer } from './finder.answers';
import {
  defaultDirectoryView,
  detailsStale,
  type DirectoryView,
  directoryFields,
  openingJson,
} from './finder.hours';
import type { Card, FinderSnapshot } from './finder.snapshot';

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
    ...directoryFields(card.id, card.hours, card.lastVerifiedAt, view),
  };
}

/**
 * Bytes of card-part JSON a snapshot keeps; past it the kept JSON is dropped. Parts are shared
 * (a doctor's several cards, a venue's doctors), so this covers far more cards than whole cards
 * would.
 */
export const CARD_JSON_BUDGET = 24 * 1024 * 1024;

/**
 * The JSON kept in `map` under `key` (a card, or one of its parts), written by `write` when
 * missing; every kept JSON of the snapshot counts in one budget.
 */
function keptJson<Key extends object>(
  snapshot: FinderSnapshot,
  map: Map<Key, Buffer>,
  key: Key,
  write: () => Buffer,
): Buffer {
  const written = snapshot.written;
  let json = map.get(key);
  if (json === undefined) {
    json = write();
    if (written.bytes + json.length > CARD_JSON_BUDGET) {
      written.parts.clear();
      written.verified.clear();
      written.bytes = 0;
    }
    map.set(key, json);
    written.bytes += json.length;
  }
  return json;
}

/** A part of a card (doctor, local venue, local service, specialty) as UTF-8 JSON, kept. */
function partJson(snapshot: FinderSnapshot, part: object): Buffer {
  return keptJson(snapshot, snapshot.written.parts, part, () => Buffer.from(JSON.stringify(part)));
}

/** `,"last_verified_at":…,"details_stale":` of a card, kept. */
function verifiedJson(snapshot: FinderSnapshot, card: Card): Buffer {
  return keptJson(snapshot, snapshot.written.verified, card, () =>
    Buffer.from(`,"last_verified_at":${JSON.stringify(card.lastVerifiedAt)},"details_stale":`),
  );
}

/** A card's JSON up to its doctor: `{"id":…,"is_bookmarked":…,"create_date":…,…,"doctor":`. */
function cardHead(card: Card, isBookmarked: boolean): Buffer {
  return Buffer.from(
    `{"id":${card.id},"is_bookmarked":${isBookmarked},"create_date":${JSON.stringify(card.createDate)},"update_date":${JSON.stringify(card.updateDate)},"doctor":`,
  );
}

const VENUE = Buffer.from(',"venue":');
const SERVICE = Buffer.from(',"service":');
const SPECIALTY = Buffer.from(',"specialty":');
const NO_SPECIALTY = Buffer.from(',"specialty":null');
/** `details_stale` and `flagged`, then the opening's key: by [stale][flagged]. */
const STALE_FLAGGED = [false, true].map((stale) =>
  [false, true].map((flagged) =>
    Buffer.from(`${String(stale)},"flagged":${String(flagged)},"opening":`),
  ),
);

/**
 * Appends a card as UTF-8 JSON in the response schema's key order to `parts`: what
 * `JSON.stringify(cardToServicePoint(card, language, isBookmarked))` writes, made of its parts'
 * kept JSON, so a page of results is mostly copied, not serialised and encoded again.
 */
export function writeCard(
  snapshot: FinderSnapshot,
  card: Card,
  language: Language,
  isBookmarked: boolean,
  parts: Buffer[],
  view: DirectoryView = defaultDirectoryView(),
): void {
  const written = snapshot.written;
  parts.push(
    isBookmarked
      ? cardHead(card, true)
      : keptJson(snapshot, written.parts, card, () => cardHead(card, false)),
    partJson(snapshot, card.doctor),
    VENUE,
    partJson(snapshot, card.venue[language]),
    SERVICE,
    partJson(snapshot, card.service[language]),
  );
  if (card.specialty === null) parts.push(NO_SPECIALTY);
  else parts.push(SPECIALTY, partJson(snapshot, card.specialty));
  // What depends on the instant (issue 19): the staleness and flag of this view, and the
  // opening JSON of the view's minute, kept per venue (with the card's closing brace).
  parts.push(
    verifiedJson(snapshot, card),
    (STALE_FLAGGED[Number(detailsStale(card.verifiedMs, view))] as Buffer[])[
      Number(view.flagged.has(card.id))
    ] as Buffer,
    openingJson(card.hours, view.at),
  );
}

/** A card as UTF-8 JSON (see `writeCard`). */
export function cardJson(
  snapshot: FinderSnapshot,
  card: Card,
  language: Language,
  isBookmarked = false,
  view: DirectoryView = defaultDirectoryView(),
): Buffer {
  const parts: Buffer[] = [];
  writeCard(snapshot, card, language, isBookmarked, parts, view);
  return Buffer.concat(parts);
}

const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');

/**
 * A list answer written in parts: `{"results":[` and its cards (see `writeCard`), then the
 * rest (pagination and any widening). Its JSON in ServicePointListSchema's key order is joined
 * only when asked for: the GraphQL path writes the parts into its own envelope in one copy.
 */
export interface WrittenAnswer extends Answer {
  /** `{"results":[` and the cards, without the closing `]`. */
  results: readonly Buffer[];
  /** What follows the results, in the schema's key order. */
  rest: Omit<ServicePointList, 'results'>;
}

/** A list answer (see `WrittenAnswer`). */
export function writeAnswer(
  snapshot: FinderSnapshot,
  found: {
    cards: readonly Card[];
    bookmarked: ReadonlySet<number>;
    pagination: Pagination;
    expanded_from?: ServicePointList['expanded_from'];
  },
  language: Language,
  view: DirectoryView = defaultDirectoryView(),
): WrittenAnswer {
  const results: Buffer[] = [RESULTS_OPEN];
  found.cards.forEach((card, index) => {
    if (index > 0) results.push(COMMA);
    writeCard(snapshot, card, language, found.bookmarked.has(card.id), results, view);
  });
  const { start, end, total } = found.pagination;
  const rest: Omit<ServicePointList, 'results'> = { pagination: { start, end, total } };
  if (found.expanded_from) {
    const { district_codes, level, searched_district_codes } = found.expanded_from;
    rest.expanded_from = { district_codes, level, searched_district_codes };
  }
  let json: Buffer | undefined;
  return {
    results,
    rest,
    pagination: found.pagination,
    get json() {
      // `{"results":[…],` then the rest of the object without its opening brace.
      json ??= joinParts([...results, Buffer.from(`],${JSON.stringify(rest).slice(1)}`)]);
      return json;
    },
  };
}
