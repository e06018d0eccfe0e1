// The answer writer: a snapshot's cards as response objects for a caller's language, without
// member prices where decision 140 says so, and as UTF-8 JSON kept per card (decision 110), so a
// page of results is copied rather than serialised again on every request.
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { Pagination } from '@clinicpass/shared/api-client/pagination';
import type { ServicePoint, ServicePointList } from '@clinicpass/shared/schemas/finder';
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

const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');

/**
 * A list answer as UTF-8 JSON in ServicePointListSchema's key order: kept card JSON copied (a
 * bookmarked card written afresh), then the pagination and any widening.
 */
export function answerJson(
  snapshot: FinderSnapshot,
  found: {
    cards: readonly Card[];
    bookmarked: ReadonlySet<number>;
    pagination: Pagination;
    expanded_from?: ServicePointList['expanded_from'];
  },
  language: Language,
): Buffer {
  const parts: Buffer[] = [RESULTS_OPEN];
  found.cards.forEach((card, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(
      found.bookmarked.has(card.id)
        ? Buffer.from(JSON.stringify(cardToServicePoint(card, language, true)))
        : cardJson(snapshot, card, language),
    );
  });
  const { start, end, total } = found.pagination;
  const rest: Omit<ServicePointList, 'results'> = { pagination: { start, end, total } };
  if (found.expanded_from) {
    const { district_codes, level, searched_district_codes } = found.expanded_from;
    rest.expanded_from = { district_codes, level, searched_district_codes };
  }
  // `{"results":[…],` then the rest of the object without its opening brace.
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}`));
  return Buffer.concat(parts);
}
