import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../schemas/hours';
import { hkWallClock, isOpenAt, openState, opensOnSunday, rangesOn } from './opening';

const weekday = [
  { from: '09:00', to: '13:00' },
  { from: '14:00', to: '19:00' },
];
const HOURS: OpeningHours = {
  weekly: {
    mon: weekday,
    tue: weekday,
    wed: weekday,
    thu: weekday,
    fri: weekday,
    sat: [{ from: '09:00', to: '13:00' }],
    sun: [],
  },
  closedOnPublicHolidays: true,
  exceptions: [{ date: '2026-12-24', ranges: [{ from: '09:00', to: '12:00' }] }],
};
const noHolidays = () => false;
/** A Hong Kong wall-clock time written with its offset. */
const at = (iso: string) => hkWallClock(new Date(`${iso}+08:00`));

describe('hkWallClock', () => {
  it('reads the Hong Kong date, weekday and minute, across the UTC date line', () => {
    // 2026-11-23 is a Monday; 00:30 HK is still Sunday in UTC.
    expect(hkWallClock(new Date('2026-11-22T16:30:00Z'))).toEqual({
      date: '2026-11-23',
      weekday: 'mon',
      minutes: 30,
      minuteKey: '2026-11-23 00:30',
    });
    expect(at('2026-11-22T23:59:00')).toMatchObject({ weekday: 'sun', minutes: 1439 });
  });
});

describe('openState', () => {
  it('is open until the end of the morning range, then opens after lunch, then closed', () => {
    expect(openState(HOURS, at('2026-11-23T08:59:00'), noHolidays)).toEqual({
      state: 'opens_later',
      at: '09:00',
    });
    expect(openState(HOURS, at('2026-11-23T09:00:00'), noHolidays)).toEqual({
      state: 'open',
      until: '13:00',
    });
    expect(openState(HOURS, at('2026-11-23T12:59:00'), noHolidays)).toEqual({
      state: 'open',
      until: '13:00',
    });
    expect(openState(HOURS, at('2026-11-23T13:00:00'), noHolidays)).toEqual({
      state: 'opens_later',
      at: '14:00',
    });
    expect(openState(HOURS, at('2026-11-23T18:59:00'), noHolidays)).toEqual({
      state: 'open',
      until: '19:00',
    });
    expect(openState(HOURS, at('2026-11-23T19:00:00'), noHolidays)).toEqual({
      state: 'closed_today',
    });
  });

  it('keeps Sundays by the weekly hours, not as holidays', () => {
    expect(openState(HOURS, at('2026-11-22T10:00:00'), noHolidays)).toEqual({
      state: 'closed_today',
    });
    const sundays = {
      ...HOURS,
      weekly: { ...HOURS.weekly, sun: [{ from: '10:00', to: '12:00' }] },
    };
    expect(opensOnSunday(sundays)).toBe(true);
    expect(opensOnSunday(HOURS)).toBe(false);
    // A Sunday is not asked about as a holiday.
    expect(isOpenAt(sundays, at('2026-11-22T10:00:00'), () => false)).toBe(true);
  });

  it('closes on general holidays when the venue says so, and exceptions win over both', () => {
    const holiday = (date: string) => date === '2026-12-25' || date === '2026-12-24';
    expect(openState(HOURS, at('2026-12-25T10:00:00'), holiday)).toEqual({
      state: 'closed_today',
    });
    const openOnHolidays = { ...HOURS, closedOnPublicHolidays: false };
    expect(openState(openOnHolidays, at('2026-12-25T10:00:00'), holiday)).toEqual({
      state: 'open',
      until: '13:00',
    });
    // 24 December: the exception's short day, though the day is (here) a holiday.
    expect(rangesOn(HOURS, '2026-12-24', 'thu', holiday)).toEqual([{ from: '09:00', to: '12:00' }]);
    expect(openState(HOURS, at('2026-12-24T12:30:00'), holiday)).toEqual({ state: 'closed_today' });
  });

  it('turns at midnight: 23:59 on the day before a holiday, 00:00 on the holiday', () => {
    const allDay = {
      ...HOURS,
      weekly: Object.fromEntries(
        Object.keys(HOURS.weekly).map((day) => [day, [{ from: '00:00', to: '24:00' }]]),
      ) as OpeningHours['weekly'],
    };
    const holiday = (date: string) => date === '2026-10-19';
    expect(openState(allDay, at('2026-10-18T23:59:00'), holiday)).toEqual({
      state: 'open',
      until: '24:00',
    });
    expect(openState(allDay, at('2026-10-19T00:00:00'), holiday)).toEqual({
      state: 'closed_today',
    });
    expect(openState(allDay, at('2026-10-19T23:59:00'), holiday)).toEqual({
      state: 'closed_today',
    });
    expect(openState(allDay, at('2026-10-20T00:00:00'), holiday)).toEqual({
      state: 'open',
      until: '24:00',
    });
  });
});
