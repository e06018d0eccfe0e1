// A venue's opening hours (issue 19): weekly ranges with breaks, Hong Kong general holidays, and
// dated exceptions. Written once: the network import produces it, the seed writes it, the finder
// computes "open now" from it, and the result card shows it. Times are Hong Kong wall-clock.
import { z } from 'zod';

/** Days of the week, Monday first, as the keys of `OpeningHours.weekly`. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** One opening range, `from` before `to`, e.g. 09:00–13:00; `to` may be `24:00`. */
export const TimeRangeSchema = z
  .object({
    from: z.string().regex(CLOCK, 'expected HH:MM'),
    to: z.string().regex(CLOCK, 'expected HH:MM (24:00 for midnight)'),
  })
  .refine((range) => range.from < range.to, { message: 'from must be before to', path: ['to'] });
export type TimeRange = z.infer<typeof TimeRangeSchema>;

/** A day's ranges in order, without overlaps; a lunch break is the gap between two; [] is closed. */
export const DayRangesSchema = z
  .array(TimeRangeSchema)
  .max(6)
  .refine(
    (ranges) => ranges.every((range, i) => i === 0 || (ranges[i - 1]?.to ?? '') <= range.from),
    {
      message: 'ranges must be in order and must not overlap',
    },
  );

export const OpeningHoursSchema = z.object({
  weekly: z.object({
    mon: DayRangesSchema,
    tue: DayRangesSchema,
    wed: DayRangesSchema,
    thu: DayRangesSchema,
    fri: DayRangesSchema,
    sat: DayRangesSchema,
    sun: DayRangesSchema,
  }),
  /** Closed on Hong Kong general holidays (Sundays are handled by `weekly`, not as holidays). */
  closedOnPublicHolidays: z.boolean(),
  /** Dates (YYYY-MM-DD) whose ranges replace the weekly and holiday rules; [] closes the day. */
  exceptions: z.array(z.object({ date: z.iso.date(), ranges: DayRangesSchema })).max(366),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** Text in both languages, either side possibly missing (a list in one language only). */
export const BilingualTextSchema = z.object({
  en: z.string().max(2000).nullable(),
  zh: z.string().max(2000).nullable(),
});
export type BilingualText = z.infer<typeof BilingualTextSchema>;
