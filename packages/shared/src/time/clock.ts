import { TZDate } from '@date-fns/tz';
import { z } from 'zod';

/** Every date rule (effective dates, eligibility, expiry, "today") is decided in Hong Kong. */
export const HK_TIME_ZONE = 'Asia/Hong_Kong';

/** The source of "now", injected so tests can stand at any instant (23:59, 00:00 HK). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock that stands still until moved: for tests. */
export interface FixedClock extends Clock {
  set(instant: Date | string): void;
  advance(ms: number): void;
}

/** A clock standing at `instant` (a Date or an ISO string with its offset). */
export function fixedClock(instant: Date | string): FixedClock {
  let current = toInstant(instant);
  return {
    // A copy, so a caller mutating the Date cannot move the clock.
    now: () => new Date(current),
    set: (next) => {
      current = toInstant(next);
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

function toInstant(instant: Date | string): number {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return ms;
}

// The platform's own time zone data (no date-fns `format`, which the web would download with it).
// Made at its first use, not when the module is evaluated: the first formatter with a time zone
// loads ICU's zone data, ~20 ms in the app's start on a phone (decision 224).
let hkDateParts: Intl.DateTimeFormat | undefined;

/** The Hong Kong calendar date (YYYY-MM-DD) of an instant. */
export function hkDate(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  hkDateParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: HK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = hkDateParts.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Today's calendar date (YYYY-MM-DD) in Hong Kong. */
export function hkToday(clock: Clock): string {
  return hkDate(clock.now());
}

/** The instant a Hong Kong calendar date begins (00:00 HK). */
export function hkStartOfDay(date: string): Date {
  const { year, month, day } = parseCalendarDate(date);
  return new Date(new TZDate(year, month - 1, day, HK_TIME_ZONE).getTime());
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a value is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar date written YYYY-MM-DD, as dates travel in the API. */
export const CalendarDateSchema = z.string().refine(isCalendarDate, { message: 'validation.date' });

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function parseCalendarDate(date: string): CalendarDate {
  if (!isCalendarDate(date)) throw new RangeError(`Invalid calendar date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

// Calendar arithmetic runs on UTC midnights: a calendar date has no time zone, and UTC has no
// daylight saving to add or lose an hour.
function toUtcMs({ year, month, day }: CalendarDate): number {
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const DAY_MS = 86_400_000;

/** The calendar date `days` days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(parseCalendarDate(date)) + days * DAY_MS);
}

/**
 * The calendar date `months` months after `date`, clamped to the month's end
 * (2026-01-31 + 1 month = 2026-02-28), as policy anniversaries are counted.
 */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseCalendarDate(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return fromUtcMs(
    toUtcMs({
      year: targetYear,
      month: targetMonth,
      day: Math.min(day, daysInMonth(targetYear, targetMonth)),
    }),
  );
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareDates(a: string, b: string): number {
  return Math.sign(toUtcMs(parseCalendarDate(a)) - toUtcMs(parseCalendarDate(b)));
}

/** Whether `a` is on or before `b`. */
export function isOnOrBefore(a: string, b: string): boolean {
  return compareDates(a, b) <= 0;
}

/** The latest of the given calendar dates. */
export function maxDate(first: string, ...rest: string[]): string {
  return rest.reduce((latest, date) => (compareDates(date, latest) > 0 ? date : latest), first);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(parseCalendarDate(to)) - toUtcMs(parseCalendarDate(from))) / DAY_MS);
}
