// "Open now" (issue 19): a venue's state at an instant from its opening hours
// (schemas/hours.ts), in Hong Kong wall-clock time. Which dates are Hong Kong general holidays is
// the caller's to say (the server reads them from date-holidays): this file holds only the rules.
// A day's ranges are, in order of precedence: a dated exception, closed on a general holiday
// (when the venue closes on them), the weekly ranges of the weekday. Sundays are weekly hours.
import { type OpeningHours, WEEKDAYS, type Weekday } from '../schemas/hours';
import { HK_TIME_ZONE } from './clock';

type DayRanges = OpeningHours['weekly'][Weekday];

/** An instant as Hong Kong wall-clock time. */
export interface HkWallClock {
  /** YYYY-MM-DD in Hong Kong. */
  date: string;
  weekday: Weekday;
  /** Minutes since 00:00 HK (0–1439). */
  minutes: number;
  /** `date` and `HH:MM`: the same for every instant of one Hong Kong minute. */
  minuteKey: string;
}

// Made at its first use, not when the module is evaluated (as `hkDate`'s, decision 224).
let hkParts: Intl.DateTimeFormat | undefined;

/** The Hong Kong date, weekday and minute of an instant. */
export function hkWallClock(instant: Date): HkWallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  hkParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: HK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  });
  const parts = hkParts.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const hour = Number(part('hour'));
  const minute = Number(part('minute'));
  const weekday = part('weekday').slice(0, 3).toLowerCase() as Weekday;
  return {
    date,
    weekday: WEEKDAYS.includes(weekday) ? weekday : 'mon',
    minutes: hour * 60 + minute,
    minuteKey: `${date} ${part('hour')}:${part('minute')}`,
  };
}

/** `HH:MM` (24:00 allowed) as minutes since midnight. */
export function clockMinutes(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

/** Whether a Hong Kong date (YYYY-MM-DD) is a general holiday. */
export type IsHoliday = (date: string) => boolean;

/** The ranges a venue keeps on one Hong Kong date. */
export function rangesOn(
  hours: OpeningHours,
  date: string,
  weekday: Weekday,
  isHoliday: IsHoliday,
): DayRanges {
  const exception = hours.exceptions.find((entry) => entry.date === date);
  if (exception !== undefined) return exception.ranges;
  if (hours.closedOnPublicHolidays && isHoliday(date)) return [];
  return hours.weekly[weekday];
}

/** What a card says of a venue's hours at an instant. */
export type OpenState =
  | { state: 'open'; until: string }
  | { state: 'opens_later'; at: string }
  | { state: 'closed_today' };

/** The venue's state at a Hong Kong minute: open (until when), opening later today, or closed. */
export function openState(hours: OpeningHours, at: HkWallClock, isHoliday: IsHoliday): OpenState {
  const ranges = rangesOn(hours, at.date, at.weekday, isHoliday);
  for (const range of ranges) {
    const from = clockMinutes(range.from);
    const to = clockMinutes(range.to);
    if (at.minutes < from) return { state: 'opens_later', at: range.from };
    if (at.minutes < to) return { state: 'open', until: range.to };
  }
  return { state: 'closed_today' };
}

/** Whether the venue is open at a Hong Kong minute. */
export function isOpenAt(hours: OpeningHours, at: HkWallClock, isHoliday: IsHoliday): boolean {
  return openState(hours, at, isHoliday).state === 'open';
}

/** Whether the venue keeps hours on Sundays (by its weekly hours). */
export function opensOnSunday(hours: OpeningHours): boolean {
  return hours.weekly.sun.length > 0;
}
