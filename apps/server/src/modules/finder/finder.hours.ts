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
    at: hkWallClock(instant),
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

/** The time-dependent fields of a card, in the response schema's key order. */
export function directoryFields(
  id: number,
  venueHours: VenueHours | null,
  lastVerifiedAt: string | null,
  view: DirectoryView,
): DirectoryFields {
  const hours = venueHours?.hours ?? null;
  const state = hours === null ? null : openState(hours, view.at, isHongKongHoliday);
  return {
    last_verified_at: lastVerifiedAt,
    details_stale: lastVerifiedAt === null || Date.parse(lastVerifiedAt) < view.staleBeforeMs,
    flagged: view.flagged.has(id),
    opening: {
      state: state?.state ?? 'unknown',
      until: state?.state === 'open' ? state.until : null,
      opens_at: state?.state === 'opens_later' ? state.at : null,
      open_sunday: hours !== null && opensOnSunday(hours),
      hours_text: venueHours?.text ?? null,
      hours_note: venueHours?.note ?? null,
    },
  };
}

/** The same fields as JSON, after a card's `specialty` and before its closing brace. */
export function directoryJson(
  id: number,
  venueHours: VenueHours | null,
  lastVerifiedAt: string | null,
  view: DirectoryView,
): string {
  return `,${JSON.stringify(directoryFields(id, venueHours, lastVerifiedAt, view)).slice(1, -1)}`;
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
