// A card's time-dependent JSON (issue 19) is kept per venue and Hong Kong minute rather than
// worked out per card and answer (decision 204): on a fixed clock, walked across opening and
// closing minutes, midnight and general holidays, in order and out of order, the written JSON is
// always what the card's object serialises to at that instant, and a kept opening changes with
// the minute.
import type { OpeningHours } from '@clinicpass/shared/schemas/hours';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { describe, expect, it } from 'vitest';
import { hkWallClock } from '@clinicpass/shared/time/opening';
import { directoryView, hkMinute, openingJson, type VenueHours, verifiedMs } from './finder.hours';
import { type Card, emptyFinderSnapshot } from './finder.snapshot';
import { cardJson, cardToServicePoint } from './finder.writer';

const DAY = [
  { from: '09:00', to: '13:00' },
  { from: '14:00', to: '18:00' },
];
const HOURS: OpeningHours = {
  weekly: {
    mon: DAY,
    tue: DAY,
    wed: DAY,
    thu: DAY,
    fri: DAY,
    sat: [{ from: '09:00', to: '12:00' }],
    sun: [],
  },
  closedOnPublicHolidays: true,
  exceptions: [{ date: '2026-12-31', ranges: [{ from: '10:00', to: '11:30' }] }],
};

function card(id: number, hours: VenueHours | null, lastVerifiedAt: string | null): Card {
  const venue = {
    id: 7,
    name_en: 'Venue',
    name_zh: '診所',
    district: { code: 'A', name: 'Central', name_en: 'Central', name_zh: '中西區' },
    address: { line_one: '1 Queen’s Road', line_two: '' },
    location: { latitude: 22.2815, longitude: 114.1581 },
  };
  const service = { id: 3, slug: 'gp', code: 'GP', name: 'GP', name_en: 'GP', name_zh: '普通科' };
  return {
    id,
    createDate: '2026-01-01T00:00:00.000Z',
    updateDate: '2026-01-02T00:00:00.000Z',
    doctor: { id: 5, name_en: 'Chan Tai Man', name_zh: '陳大文', phones: [], payment_info: [] },
    venue: { en: venue, 'zh-HK': { ...venue, district: { ...venue.district, name: '中西區' } } },
    service: { en: service, 'zh-HK': { ...service, name: '普通科' } },
    specialty: null,
    hours,
    lastVerifiedAt,
    verifiedMs: verifiedMs(lastVerifiedAt),
  };
}

const VERIFIED = '2026-06-27T02:00:00.000Z';
const cards = [
  card(
    1,
    { hours: HOURS, text: null, note: { en: 'Registration closes early', zh: null } },
    VERIFIED,
  ),
  card(2, null, null),
  card(3, { hours: null, text: { en: 'By appointment', zh: '預約' }, note: null }, VERIFIED),
];

/** Hong Kong wall-clock instants, each with the state card 1 must say. */
const WALK: [string, string][] = [
  ['2026-12-23T08:59:59+08:00', '"state":"opens_later","until":null,"opens_at":"09:00"'],
  ['2026-12-23T09:00:00+08:00', '"state":"open","until":"13:00","opens_at":null'],
  ['2026-12-23T12:59:59+08:00', '"state":"open","until":"13:00","opens_at":null'],
  ['2026-12-23T13:00:00+08:00', '"state":"opens_later","until":null,"opens_at":"14:00"'],
  ['2026-12-23T17:59:00+08:00', '"state":"open","until":"18:00","opens_at":null'],
  ['2026-12-23T18:00:00+08:00', '"state":"closed_today","until":null,"opens_at":null'],
  ['2026-12-24T23:59:59+08:00', '"state":"closed_today","until":null,"opens_at":null'],
  // Christmas Day, a general holiday on a Friday: closed all day.
  ['2026-12-25T00:00:00+08:00', '"state":"closed_today","until":null,"opens_at":null'],
  ['2026-12-25T10:00:00+08:00', '"state":"closed_today","until":null,"opens_at":null'],
  // The 26th, a general holiday on a Saturday; a Monday; the 31st's exception.
  ['2026-12-26T11:59:00+08:00', '"state":"closed_today","until":null,"opens_at":null'],
  ['2026-12-28T10:00:00+08:00', '"state":"open","until":"13:00","opens_at":null'],
  ['2026-12-31T09:30:00+08:00', '"state":"opens_later","until":null,"opens_at":"10:00"'],
  ['2026-12-31T11:29:00+08:00', '"state":"open","until":"11:30","opens_at":null'],
  ['2026-12-31T11:30:00+08:00', '"state":"closed_today","until":null,"opens_at":null'],
];

/** Card 1's opening state as written at an instant. */
function writtenState(instant: string, language: Language = 'en'): string {
  const view = directoryView(new Date(instant));
  const [first] = cards;
  if (first === undefined) throw new Error('no card');
  const json = cardJson(emptyFinderSnapshot(), first, language, false, view).toString();
  return /"opening":\{("state":"[a-z_]+","until":[^,]+,"opens_at":[^,]+)/.exec(json)?.[1] ?? json;
}

describe('a card written at an instant', () => {
  it('is what its object serialises to, at every instant of a walk in and out of order', () => {
    const snapshot = emptyFinderSnapshot();
    const flagged = new Set([3]);
    // In order, backwards (a request of an earlier minute after a later one), and shuffled.
    const instants = WALK.map(([instant]) => instant);
    // By time of day: every date's minutes interleaved.
    const byTime = [...instants].sort((a, b) => (a.slice(11, 19) < b.slice(11, 19) ? -1 : 1));
    const orders = [instants, [...instants].reverse(), byTime];
    for (const order of orders) {
      for (const instant of order) {
        const view = directoryView(new Date(instant), { flagged });
        for (const written of cards) {
          for (const language of ['en', 'zh-HK'] as const) {
            for (const bookmarked of [false, true]) {
              expect(
                cardJson(snapshot, written, language, bookmarked, view).toString(),
                instant,
              ).toBe(JSON.stringify(cardToServicePoint(written, language, bookmarked, view)));
            }
          }
        }
      }
    }
  });

  it('says the opening state of its own minute, across state changes, midnight and holidays', () => {
    for (const [instant, state] of WALK) expect(writtenState(instant), instant).toBe(state);
    // Backwards: the opening kept for a later minute is not served to an earlier one.
    for (const [instant, state] of [...WALK].reverse()) {
      expect(writtenState(instant, 'zh-HK'), instant).toBe(state);
    }
  });

  it('keeps a venue’s opening for its minute and writes it again in the next', () => {
    const hours = cards[0]?.hours ?? null;
    const at = (instant: string) => directoryView(new Date(instant)).at;
    // A Monday after every instant the other tests ask (only the newest minute is kept).
    const first = openingJson(hours, at('2027-01-04T12:59:00+08:00'));
    // The same minute: the kept bytes themselves.
    expect(openingJson(hours, at('2027-01-04T12:59:59+08:00'))).toBe(first);
    const next = openingJson(hours, at('2027-01-04T13:00:00+08:00'));
    expect(next).not.toBe(first);
    expect(next.toString()).toContain('"opens_at":"14:00"');
    expect(first.toString()).toContain('"until":"13:00"');
    // A request of the earlier minute still in flight gets its own minute's state.
    expect(openingJson(hours, at('2027-01-04T12:59:30+08:00')).toString()).toBe(first.toString());
    expect(openingJson(hours, at('2027-01-04T13:00:10+08:00'))).toBe(next);
  });

  it('is stale from the instant its last check is older than the stale days', () => {
    const [first] = cards;
    if (first === undefined) throw new Error('no card');
    const staleAt = Date.parse(VERIFIED) + 180 * 86_400_000;
    const stale = (ms: number) =>
      cardJson(emptyFinderSnapshot(), first, 'en', false, directoryView(new Date(ms))).toString();
    expect(stale(staleAt)).toContain('"details_stale":false');
    expect(stale(staleAt + 1)).toContain('"details_stale":true');
    // Never checked: always stale.
    const never = cards[1];
    if (never === undefined) throw new Error('no card');
    expect(
      cardJson(emptyFinderSnapshot(), never, 'en', false, directoryView(new Date(0))).toString(),
    ).toContain('"last_verified_at":null,"details_stale":true');
  });

  it('reads the Hong Kong minute once per minute, as hkWallClock says it', () => {
    // Across midnight and a year's end, each instant asked after one of another minute.
    const start = Date.parse('2026-12-31T23:58:00+08:00');
    for (const second of [0, 59, 60, 119, 120, 179, 61, 1, 181]) {
      const instant = new Date(start + second * 1000);
      expect(hkMinute(instant), instant.toISOString()).toEqual(hkWallClock(instant));
    }
    expect(() => hkMinute(new Date(Number.NaN))).toThrow(RangeError);
  });
});
