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
 * missing; every kept JSON of the snapshot counts in one budget. `write` is a module function,
 * not a closure made per call: a page writes some 150 of these (decision 226).
 */
function keptJson<Key extends object>(
  snapshot: FinderSnapshot,
  map: Map<Key, Buffer>,
  key: Key,
  write: (key: Key) => Buffer,
): Buffer {
  const written = snapshot.written;
  let json = map.get(key);
  if (json === undefined) {
    json = write(key);
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

function writePart(part: object): Buffer {
  return Buffer.from(JSON.stringify(part));
}

function writeVerified(card: Card): Buffer {
  return Buffer.from(`,"last_verified_at":${JSON.stringify(card.lastVerifiedAt)},"details_stale":`);
}

/** A guest's card head, kept among the parts (their map's keys are a card's parts and cards). */
function writeGuestHead(card: object): Buffer {
  return Buffer.from(cardHead(card as Card, false));
}

/** A part of a card (doctor, local venue, local service, specialty) as UTF-8 JSON, kept. */
function partJson(snapshot: FinderSnapshot, part: object): Buffer {
  return keptJson(snapshot, snapshot.written.parts, part, writePart);
}

/** `,"last_verified_at":…,"details_stale":` of a card, kept. */
function verifiedJson(snapshot: FinderSnapshot, card: Card): Buffer {
  return keptJson(snapshot, snapshot.written.verified, card, writeVerified);
}

/** A card's JSON up to its doctor: `{"id":…,"is_bookmarked":…,"create_date":…,…,"doctor":`. */
function cardHead(card: Card, isBookmarked: boolean): string {
  return `{"id":${card.id},"is_bookmarked":${isBookmarked},"create_date":${JSON.stringify(card.createDate)},"update_date":${JSON.stringify(card.updateDate)},"doctor":`;
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
 * Writes a card as UTF-8 JSON in the response schema's key order into `out`: what
 * `JSON.stringify(cardToServicePoint(card, language, isBookmarked))` writes, made of its parts'
 * kept JSON, so a page of results is mostly copied, not serialised and encoded again.
 */
export function writeCard(
  snapshot: FinderSnapshot,
  card: Card,
  language: Language,
  isBookmarked: boolean,
  out: ByteWriter,
  view: DirectoryView = defaultDirectoryView(),
): void {
  const written = snapshot.written;
  // A bookmarked head is a member's, written each time; a guest's is kept.
  if (isBookmarked) out.text(cardHead(card, true));
  else {
    out.bytes(keptJson(snapshot, written.parts, card, writeGuestHead));
  }
  out.bytes(partJson(snapshot, card.doctor));
  out.bytes(VENUE);
  out.bytes(partJson(snapshot, card.venue[language]));
  out.bytes(SERVICE);
  out.bytes(partJson(snapshot, card.service[language]));
  if (card.specialty === null) out.bytes(NO_SPECIALTY);
  else {
    out.bytes(SPECIALTY);
    out.bytes(partJson(snapshot, card.specialty));
  }
  // What depends on the instant (issue 19): the staleness and flag of this view, and the
  // opening JSON of the view's minute, kept per venue (with the card's closing brace).
  out.bytes(verifiedJson(snapshot, card));
  out.bytes(
    (STALE_FLAGGED[Number(detailsStale(card.verifiedMs, view))] as Buffer[])[
      Number(view.flagged.has(card.id))
    ] as Buffer,
  );
  out.bytes(openingJson(card.hours, view.at));
}

/** A card as UTF-8 JSON (see `writeCard`). */
export function cardJson(
  snapshot: FinderSnapshot,
  card: Card,
  language: Language,
  isBookmarked = false,
  view: DirectoryView = defaultDirectoryView(),
): Buffer {
  return written((out) => {
    writeCard(snapshot, card, language, isBookmarked, out, view);
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
    bookmarked: ReadonlySet<number>;
    pagination: Pagination;
    expanded_from?: ServicePointList['expanded_from'];
  },
  language: Language,
  view: DirectoryView = defaultDirectoryView(),
): WrittenAnswer {
  const { cards, bookmarked } = found;
  const writeResults = (out: ByteWriter) => {
    out.bytes(RESULTS_OPEN);
    for (let index = 0; index < cards.length; index += 1) {
      const card = cards[index] as Card;
      if (index > 0) out.bytes(COMMA);
      writeCard(snapshot, card, language, bookmarked.has(card.id), out, view);
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
