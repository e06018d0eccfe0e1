// Opening hours, "open now" and freshness on the finder's cards (issue 19, decision 191).
//
// Hong Kong general holidays come from date-holidays (kept on the server); the rules are the
// shared `time/opening.ts`. A card's hours are its venue's, interned once per venue in the
// snapshot. The "open now" and "open on Sunday" filters are bitsets over a panel's rows: the
// rows are grouped by their venue's hours once per snapshot, and the open set is computed once
// per Hong Kong minute (one check per distinct venue, not per row), so the ordinary search path
// pays nothing and an open-now search one AND.
//
// What a card says of time (open now, details may be out of date, flagged) depends on the
// instant it is written at: `DirectoryView` carries that instant (the request's shared clock),
// and the answers a process keeps are kept per Hong Kong minute (finder.routes.ts).
import type { BilingualText, OpeningHours } from '@clinicpass/shared/schemas/hours';
import type { ServicePoint } from '@clinicpass/shared/schemas/finder';
import {
  type HkWallClock,
  hkWallClock,
  type IsHoliday,
  openState,
  opensOnSunday,
} from '@clinicpass/shared/time/opening';
import Holidays from 'date-holidays';
import { type Bitset, emptyBitset, setBit } from './engine/bitset';
import type { PanelIndex } from './finder.snapshot';

/** A venue's hours as cards carry them (shared by the venue's cards). */
export interface VenueHours {
  hours: OpeningHours | null;
  /** Hours text that could not be read (shown as text). */
  text: BilingualText | null;
  /** A note beside the hours (e.g. registration hours). */
  note: BilingualText | null;
}

/** Days after which a point's details "may be out of date" unless the config says otherwise. */
export const DEFAULT_STALE_DAYS = 180;

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- holidays

const calendar = new Holidays('HK');
const holidayYears = new Map<number, ReadonlySet<string>>();

/** The Hong Kong general holidays of a year (YYYY-MM-DD), substitute days included. */
export function hongKongHolidays(year: number): ReadonlySet<string> {
  let dates = holidayYears.get(year);
  if (dates === undefined) {
    dates = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidayYears.set(year, dates);
  }
  return dates;
}

/** Whether a Hong Kong date is a general holiday (Sundays are weekly hours, not holidays). */
export const isHongKongHoliday: IsHoliday = (date) =>
  hongKongHolidays(Number(date.slice(0, 4))).has(date);

// ---------------------------------------------------------------- the view a card is written in

let lastMinute: { utcMinute: number; clock: HkWallClock } | undefined;

/**
 * The Hong Kong wall-clock minute of an instant, worked out once per minute rather than per
 * request (`Intl` formatting costs microseconds, and a finder request reads it several times).
 * Every instant of one UTC minute is in one Hong Kong minute: the offset is whole hours.
 */
export function hkMinute(instant: Date): HkWallClock {
  const utcMinute = Math.floor(instant.getTime() / 60_000);
  if (lastMinute?.utcMinute !== utcMinute) {
    lastMinute = { utcMinute, clock: hkWallClock(instant) };
  }
  return lastMinute.clock;
}

/** The instant cards are written at and what it decides on them. */
export interface DirectoryView {
  at: HkWallClock;
  /** Points verified before this instant (ms) are shown as possibly out of date. */
  staleBeforeMs: number;
  /** Service points flagged by members' reports (closed, doctor left). */
  flagged: ReadonlySet<number>;
}

export function directoryView(
  instant: Date,
  options: { staleDays?: number; flagged?: ReadonlySet<number> } = {},
): DirectoryView {
  return {
    at: hkMinute(instant),
    staleBeforeMs: instant.getTime() - (options.staleDays ?? DEFAULT_STALE_DAYS) * DAY_MS,
    flagged: options.flagged ?? new Set(),
  };
}

let processView: DirectoryView | undefined;

/**
 * One view for writers that are given none (tests comparing the engine with the oracle): taken
 * once per process, so two writings of one card agree.
 */
export function defaultDirectoryView(): DirectoryView {
  processView ??= directoryView(new Date());
  return processView;
}

type DirectoryFields = Pick<
  ServicePoint,
  'last_verified_at' | 'details_stale' | 'flagged' | 'opening'
>;

/** A card's `opening` object (see `directoryFields`). */
function openingOf(venueHours: VenueHours | null, at: HkWallClock): DirectoryFields['opening'] {
  const hours = venueHours?.hours ?? null;
  const state = hours === null ? null : openState(hours, at, isHongKongHoliday);
  return {
    state: state?.state ?? 'unknown',
    until: state?.state === 'open' ? state.until : null,
    opens_at: state?.state === 'opens_later' ? state.at : null,
    open_sunday: hours !== null && opensOnSunday(hours),
    hours_text: venueHours?.text ?? null,
    hours_note: venueHours?.note ?? null,
  };
}

/** The time-dependent fields of a card, in the response schema's key order. */
export function directoryFields(
  id: number,
  venueHours: VenueHours | null,
  lastVerifiedAt: string | null,
  view: DirectoryView,
): DirectoryFields {
  return {
    last_verified_at: lastVerifiedAt,
    details_stale: lastVerifiedAt === null || Date.parse(lastVerifiedAt) < view.staleBeforeMs,
    flagged: view.flagged.has(id),
    opening: openingOf(venueHours, view.at),
  };
}

/**
 * When a card's details count as checked, as the stale test compares it: `Date.parse` of
 * `last_verified_at`, and -Infinity when it was never checked (always stale).
 */
export function verifiedMs(lastVerifiedAt: string | null): number {
  return lastVerifiedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(lastVerifiedAt);
}

/** Whether a card's details may be out of date in a view (`details_stale`). */
export function detailsStale(verified: number, view: DirectoryView): boolean {
  return verified < view.staleBeforeMs;
}

// ---------------------------------------------------------------- opening JSON, kept per minute

/** The opening JSON of venues without hours: the same at every instant. */
const NO_HOURS_JSON = Buffer.from(`${JSON.stringify(openingOf(null, hkWallClock(new Date(0))))}}`);

/** The opening JSON written in one Hong Kong minute, per venue's hours. */
let openings: { minute: string; json: Map<VenueHours, Buffer> } = { minute: '', json: new Map() };

/**
 * A card's `opening` object as UTF-8 JSON, with the card's closing brace: worked out once per
 * venue and Hong Kong minute, not per card and answer (the state, until and opens-at change
 * only from one minute to another; a holiday is a date). Only the newest minute asked is kept
 * (at most one entry per venue): a request of an earlier minute still in flight when the next
 * begins gets its own minute's JSON, written for it and not kept.
 */
export function openingJson(venueHours: VenueHours | null, at: HkWallClock): Buffer {
  if (venueHours === null) return NO_HOURS_JSON;
  let kept = openings;
  if (at.minuteKey !== kept.minute) {
    // Keys are `YYYY-MM-DD HH:MM`: later minutes sort after earlier ones.
    if (at.minuteKey < kept.minute) return writeOpening(venueHours, at);
    kept = { minute: at.minuteKey, json: new Map() };
    openings = kept;
  }
  let json = kept.json.get(venueHours);
  if (json === undefined) {
    json = writeOpening(venueHours, at);
    kept.json.set(venueHours, json);
  }
  return json;
}

function writeOpening(venueHours: VenueHours, at: HkWallClock): Buffer {
  return Buffer.from(`${JSON.stringify(openingOf(venueHours, at))}}`);
}

// ---------------------------------------------------------------- filters

interface PanelHours {
  /** Distinct venue hours of the panel and the rows holding each. */
  groups: { hours: OpeningHours; rows: Int32Array }[];
  sunday: Bitset;
  /** The open set of the last minute asked. */
  open: { minute: string; set: Bitset } | null;
}

const panelHours = new WeakMap<PanelIndex, PanelHours>();

/** The panel's rows grouped by venue hours, made once per snapshot. */
function hoursOf(panel: PanelIndex): PanelHours {
  let found = panelHours.get(panel);
  if (found === undefined) {
    const rowsBy = new Map<OpeningHours, number[]>();
    panel.cards.forEach((card, row) => {
      const hours = card.hours?.hours ?? null;
      if (hours === null) return;
      let rows = rowsBy.get(hours);
      if (rows === undefined) {
        rows = [];
        rowsBy.set(hours, rows);
      }
      rows.push(row);
    });
    const groups = [...rowsBy].map(([hours, rows]) => ({ hours, rows: Int32Array.from(rows) }));
    const sunday = emptyBitset(panel.size);
    for (const group of groups) {
      if (opensOnSunday(group.hours)) for (const row of group.rows) setBit(sunday, row);
    }
    found = { groups, sunday, open: null };
    panelHours.set(panel, found);
  }
  return found;
}

/** The panel's rows whose venue keeps hours on Sundays. */
export function openOnSundayRows(panel: PanelIndex): Bitset {
  return hoursOf(panel).sunday;
}

/** The panel's rows whose venue is open at a Hong Kong minute (kept for that minute). */
export function openNowRows(panel: PanelIndex, at: HkWallClock): Bitset {
  const found = hoursOf(panel);
  if (found.open?.minute === at.minuteKey) return found.open.set;
  const set = emptyBitset(panel.size);
  for (const group of found.groups) {
    if (openState(group.hours, at, isHongKongHoliday).state !== 'open') continue;
    for (const row of group.rows) setBit(set, row);
  }
  found.open = { minute: at.minuteKey, set };
  return set;
}
