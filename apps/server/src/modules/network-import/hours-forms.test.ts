// The hours forms of issue 41, on the real lines of public clinic lists in both languages:
// ranges with an exception clause, day lists with colons, Chinese 時/分 and 上午/下午/晚上, times
// without days (every day, decision 301), public holidays, a nth-weekday rule and notes in
// brackets kept beside the week. Then the property: a week printed and parsed again is the same.
import {
  type OpeningHours,
  type TimeRange,
  WEEKDAYS,
  type Weekday,
} from '@clinicpass/shared/schemas/hours';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHours, printHours } from './hours-parser';

const r = (from: string, to: string): TimeRange => ({ from, to });
function days(
  open: Partial<Record<Weekday, TimeRange[]>>,
  closedOnPublicHolidays = true,
): OpeningHours {
  const weekly = Object.fromEntries(WEEKDAYS.map((day) => [day, open[day] ?? []])) as Record<
    Weekday,
    TimeRange[]
  >;
  return { weekly, closedOnPublicHolidays, exceptions: [] };
}
const weekdays = (ranges: TimeRange[]) =>
  Object.fromEntries(WEEKDAYS.slice(0, 5).map((day) => [day, ranges]));
const everyDay = (ranges: TimeRange[]) => Object.fromEntries(WEEKDAYS.map((day) => [day, ranges]));

describe('hours as public lists write them', () => {
  it.each([
    {
      en: '8:30AM – 5:30PM (Except weekend and public holidays.)',
      zh: '上午8:30 –下午5:30 (六、日及公眾假期休息)',
      hours: days(weekdays([r('08:30', '17:30')])),
    },
    {
      en: 'Monday - Friday : 9 am - 1 pm , 2 pm - 6 pm (Saturday, Sunday and Public Holiday : Closed)',
      zh: '星期一至星期五: 上午9時至下午1時、下午2時至下午6時 (星期六、日及公眾假期休息)',
      hours: days(weekdays([r('09:00', '13:00'), r('14:00', '18:00')])),
    },
    {
      en: 'Monday: 8:30am to 1:00pm and 2:00pm to 5:30pm',
      zh: '星期一: 上午8時30分至下午1時及下午2時至下午5時30分',
      hours: days({ mon: [r('08:30', '13:00'), r('14:00', '17:30')] }),
    },
    {
      en: '7:00 am - 3:00 pm',
      zh: '上午7時 - 下午3時',
      hours: days(everyDay([r('07:00', '15:00')])),
    },
    {
      en: 'Monday to Friday 6:00pm - 10:00pm<br>Sunday and Public Holidays 9:00am - 1:00pm',
      zh: '星期一至星期五 晚上6時至晚上10時<br>星期日及公眾假期 上午9時至下午1時',
      hours: days({ ...weekdays([r('18:00', '22:00')]), sun: [r('09:00', '13:00')] }, false),
    },
  ])('reads "$en" and "$zh" alike', ({ en, zh, hours }) => {
    const both = parseHours(en, zh);
    expect(both.problems).toEqual([]);
    expect(both.openingHours).toEqual(hours);
    expect(parseHours(en, null).openingHours).toEqual(hours);
    expect(parseHours(null, zh).openingHours).toEqual(hours);
  });

  it('keeps a nth-weekday rule as a note beside the weekly hours', () => {
    const parsed = parseHours(
      'Monday to Friday<br>9:00am - 5:00pm<br>2nd & 4th non-Public Holiday Saturdays of each month<br>9:00am - 12:00pm',
      '星期一至星期五<br>上午9:00 至 下午5:00<br>每月第二及第四個非公眾假期星期六<br>上午9:00 至 下午12:00',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.openingHours).toEqual(days(weekdays([r('09:00', '17:00')])));
    expect(parsed.hoursNote).toEqual({
      en: '2nd & 4th non-Public Holiday Saturdays of each month 9:00am - 12:00pm',
      zh: '每月第二及第四個非公眾假期星期六 上午9:00 至 下午12:00',
    });
  });

  it('keeps a bracketed note beside the week', () => {
    const parsed = parseHours(
      'Monday to Friday 9:00am - 1:00pm (last registration 12:30pm)',
      '星期一至星期五 上午9:00 至 下午1:00 (最後登記時間下午12:30)',
    );
    expect(parsed.openingHours).toEqual(days(weekdays([r('09:00', '13:00')])));
    expect(parsed.hoursNote).toEqual({
      en: 'last registration 12:30pm',
      zh: '最後登記時間下午12:30',
    });
  });

  it('still refuses a line it does not know, and reports it', () => {
    const parsed = parseHours('Monday to Friday<br>9:00am - 1:00pm<br>Please call ahead', null);
    expect(parsed.openingHours).toBeNull();
    expect(parsed.problems).toEqual(['English: unreadable line "Please call ahead"']);
  });
});

const minute = fc.integer({ min: 0, max: 24 * 60 });
const clock = (value: number) =>
  `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
/** A day's ranges: sorted distinct minute marks paired into non-overlapping ranges. */
const dayRanges = fc.uniqueArray(minute, { maxLength: 6 }).map((marks) => {
  const sorted = [...marks].sort((a, b) => a - b);
  const ranges: TimeRange[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    ranges.push(r(clock(sorted[i] ?? 0), clock(sorted[i + 1] ?? 0)));
  }
  return ranges;
});
const weekArb = fc
  .record({
    weekly: fc.record(
      Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges])) as Record<
        Weekday,
        typeof dayRanges
      >,
    ),
    closedOnPublicHolidays: fc.boolean(),
  })
  .filter(({ weekly }) => WEEKDAYS.some((day) => weekly[day].length > 0))
  .map((hours): OpeningHours => ({ ...hours, exceptions: [] }));

describe('printed and parsed again', () => {
  it.each(['en', 'zh'] as const)('gives the same week (%s)', (language) => {
    fc.assert(
      fc.property(weekArb, (hours) => {
        const text = printHours(hours, language);
        const parsed = language === 'en' ? parseHours(text, null) : parseHours(null, text);
        expect(parsed.problems, text).toEqual([]);
        expect(parsed.openingHours).toEqual(hours);
        // and once more: the text of the parsed week is the same text
        expect(printHours(parsed.openingHours ?? hours, language)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
