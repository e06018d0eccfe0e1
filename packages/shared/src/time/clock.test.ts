import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  CalendarDateSchema,
  compareDates,
  daysBetween,
  fixedClock,
  hkDate,
  hkStartOfDay,
  hkToday,
  isCalendarDate,
  isOnOrBefore,
  maxDate,
  systemClock,
} from './clock';

describe('Hong Kong today', () => {
  it('is still the same day at 23:59 HK (15:59 UTC)', () => {
    expect(hkToday(fixedClock('2026-03-10T15:59:00Z'))).toBe('2026-03-10');
  });

  it('turns at 00:00 HK (16:00 UTC), while UTC is still on the day before', () => {
    expect(hkToday(fixedClock('2026-03-10T16:00:00Z'))).toBe('2026-03-11');
  });

  it('reads the date of any instant in Hong Kong', () => {
    expect(hkDate(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });

  it('starts a day at 16:00 UTC the day before', () => {
    expect(hkStartOfDay('2026-03-11').toISOString()).toBe('2026-03-10T16:00:00.000Z');
  });
});

describe('fixed clock', () => {
  it('stands still until moved', () => {
    const clock = fixedClock(new Date('2026-03-10T15:59:00Z'));
    expect(clock.now().toISOString()).toBe('2026-03-10T15:59:00.000Z');
    clock.advance(60_000);
    expect(hkToday(clock)).toBe('2026-03-11');
    clock.set('2026-01-01T00:00:00+08:00');
    expect(clock.now().toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });

  it('cannot be moved by changing a date it handed out', () => {
    const clock = fixedClock('2026-03-10T00:00:00Z');
    clock.now().setUTCFullYear(2000);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });

  it('refuses an instant that is not one', () => {
    expect(() => fixedClock('yesterday')).toThrow(RangeError);
  });
});

describe('system clock', () => {
  it('tells the time now', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('calendar dates', () => {
  it('add days across month and year ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('add months clamped to the end of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
    expect(addMonths('2026-02-28', 12)).toBe('2027-02-28');
  });

  it('compare and pick the latest', () => {
    expect(compareDates('2026-01-02', '2026-01-10')).toBeLessThan(0);
    expect(compareDates('2026-01-10', '2026-01-10')).toBe(0);
    expect(compareDates('2026-02-01', '2026-01-31')).toBeGreaterThan(0);
    expect(isOnOrBefore('2026-01-10', '2026-01-10')).toBe(true);
    expect(isOnOrBefore('2026-01-11', '2026-01-10')).toBe(false);
    expect(maxDate('2026-01-10', '2026-03-01', '2025-12-31')).toBe('2026-03-01');
  });

  it('count days between, negative backwards', () => {
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(daysBetween('2026-03-01', '2026-01-01')).toBe(-59);
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
  });

  it('are real dates written YYYY-MM-DD only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(CalendarDateSchema.safeParse('2026-04-31').success).toBe(false);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});
