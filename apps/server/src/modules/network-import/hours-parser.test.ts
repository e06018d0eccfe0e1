// The hours parser on the real strings of the Hospital Authority's general out-patient clinic
// list (apps/server/test/fixtures/network, copied from the reference data's facilities list; credit:
// Hospital Authority, DATA.GOV.HK terms), then on the usual variants of a hand-typed template,
// then on text it must refuse to guess at.
import { readFileSync } from 'node:fs';
import type { OpeningHours, TimeRange } from '@clinicpass/shared/schemas/hours';
import { describe, expect, it } from 'vitest';
import { hoursLines, parseHours } from './hours-parser';

/** Each distinct hours text of the list, English and Chinese, exactly as published. */
const REAL: Record<string, { en: string; zh: string }> = {
  'Aberdeen Jockey Club General Out-patient Clinic': {
    en: 'Registration Hours :<br><br/>Monday to Friday<br><br/>8:45am - 12:30pm<br><br/>1:45pm - 4:30pm<br><br/>Evening 5:45pm - 9:30pm<br><br/><br><br/>Saturday<br><br/>8:45am - 12:30pm<br> <br/><br><br/>Consulation Hours :<br><br/>Monday to Friday<br><br/>9:00am - 1:00pm<br><br/>2:00pm - 5:00pm<br><br/>Evening 6:00pm - 10:00pm<br><br/><br><br/>Saturday<br><br/>9:00am - 1:00pm',
    zh: '登記時間 :<br><br/>星期一至星期五<br><br/>上午8:45 至 下午12:30<br><br/>下午1:45 至 下午4:30<br><br/>黃昏 - 下午5:45 至 下午9:30<br><br/><br><br/>星期六<br><br/>上午8:45 至 下午12:30<br><br/><br><br/>診症時間 :<br><br/>星期一至星期五<br><br/>上午9:00 至 下午1:00<br><br/>下午2:00 至 下午5:00<br><br/>黃昏 - 下午6:00 至 下午10:00<br><br/><br><br/>星期六<br><br/>上午9:00 至 下午1:00',
  },
  'Anne Black General Out-patient Clinic': {
    en: 'Registration Hours :<br>Monday to Friday<br><br/><br/>8:45am - 12:30pm<br><br/><br/>1:45pm - 4:30pm<br><br/><br/><br><br/><br/>Saturday<br><br/><br/>8:45am - 12:30pm<br><br/><br/><br><br/><br/>Consulation Hours :<br><br/><br/>Monday to Friday<br><br/><br/>9:00am - 1:00pm<br><br/><br/>2:00pm - 5:00pm<br><br/><br/><br><br/><br/>Saturday<br><br/><br/>9:00am - 1:00pm<br>',
    zh: '登記時間 :<br>星期一至星期五<br><br/><br/>上午8:45 至 下午12:30<br><br/><br/>下午1:45 至 下午4:30<br><br/><br/><br><br/><br/>星期六<br><br/><br/>上午8:45 至 下午12:30<br><br/><br/><br><br/><br/>診症時間 :<br><br/><br/>星期一至星期五<br><br/><br/>上午9:00 至 下午1:00<br><br/><br/>下午2:00 至 下午5:00<br><br/><br/><br><br/><br/>星期六<br><br/><br/>上午9:00 至 下午1:00<br>',
  },
  'Ap Lei Chau General Out-patient Clinic': {
    en: 'Monday to Friday<br><br/>8:45am - 12:30pm<br><br/>1:45pm - 4:30pm<br><br/><br><br/>Saturday<br><br/>8:45am - 12:30pm',
    zh: '星期一至星期五<br><br/>上午8:45 至 下午12:30<br><br/>下午1:45 至 下午4:30<br><br/><br><br/>星期六<br><br/>上午8:45 至 下午12:30',
  },
  'Central Kowloon Health Centre': {
    en: 'Monday to Friday<br><br/>8:45am - 12:30pm<br><br/>1:45pm - 4:30pm<br><br/>Evening 6:00pm - 9:30pm<br><br/><br><br/>Saturday<br><br/>8:45am - 12:30pm',
    zh: '星期一至星期五<br><br/>上午8:45 至 下午12:30<br><br/>下午1:45 至 下午4:30<br><br/>黃昏 - 下午6:00 至 下午9:30<br><br/><br><br/>星期六<br><br/>上午8:45 至 下午12:30',
  },
  'Chai Wan General Out-patient Clinic': {
    en: 'Registration Hours :<br> Monday to Friday<br> 8:45am - 12:30pm<br> 1:45pm - 4:30pm<br><br> Saturday<br> 8:45am - 12:30pm<br><br>Consultation Hours :<br> Monday to Friday<br> 9:00am - 1:00pm<br> 2:00pm - 5:00pm<br><br> Saturday<br> 9:00am - 1:00pm',
    zh: '登記時間:<br>星期一至星期五<br>上午8:45至下午12:30<br>下午1:45至下午4:30<br><br>星期六<br>上午8:45至下午12:30<br><br>診症時間:<br>星期一至星期五<br>上午9:00至下午1:00<br>下午2:00至下午5:00<br><br>星期六<br>上午9:00至下午1:00',
  },
  'Cheung Sha Wan Jockey Club General Out-patient Clinic': {
    en: 'Monday to Friday<br><br/>8:45am - 12:30pm<br><br/>1:45pm - 4:30pm<br><br/>Evening 5:45pm - 9:30pm<br><br/><br><br/>Saturday<br><br/>8:45am - 12:30pm',
    zh: '星期一至星期五<br><br/>上午8:45 至 下午12:30<br><br/>下午1:45 至 下午4:30<br><br/>黃昏 - 下午5:45 至 下午9:30<br><br/><br><br/>星期六<br><br/>上午8:45 至 下午12:30',
  },
  'Hong Kong Buddhist Hospital General Out-patient Clinic': {
    en: 'Registration Hours :<br><br/>Monday to Friday<br><br/>8:45am - 12:30pm<br><br/>1:45pm - 4:30pm<br><br/><br><br/>Saturday<br><br/>8:45am - 12:30pm<br><br/><br><br/>Consulation Hours :<br><br/>Monday to Friday<br><br/>9:00am - 1:00pm<br><br/>2:00pm - 5:00pm<br><br/><br><br/>Saturday<br><br/>9:00am - 1:00pm',
    zh: '登記時間 :<br><br/>星期一至星期五<br><br/>上午8:45 至 下午12:30<br><br/>下午1:45 至 下午4:30<br><br/><br><br/>星期六<br><br/>上午8:45 至 下午12:30<br><br/><br><br/>診症時間 :<br><br/>星期一至星期五<br><br/>上午9:00 至 下午1:00<br><br/>下午2:00 至 下午5:00<br><br/><br><br/>星期六<br><br/>上午9:00 至 下午1:00<br>',
  },
};

const r = (from: string, to: string): TimeRange => ({ from, to });
function week(
  weekdays: TimeRange[],
  saturday: TimeRange[],
  sunday: TimeRange[] = [],
): OpeningHours {
  return {
    weekly: {
      mon: weekdays,
      tue: weekdays,
      wed: weekdays,
      thu: weekdays,
      fri: weekdays,
      sat: saturday,
      sun: sunday,
    },
    closedOnPublicHolidays: true,
    exceptions: [],
  };
}

const DAY_CLINIC = week([r('08:45', '12:30'), r('13:45', '16:30')], [r('08:45', '12:30')]);
const CONSULTATION = week([r('09:00', '13:00'), r('14:00', '17:00')], [r('09:00', '13:00')]);

const REAL_CASES: { name: string; hours: OpeningHours; note: boolean }[] = [
  {
    name: 'Aberdeen Jockey Club General Out-patient Clinic',
    hours: week(
      [r('09:00', '13:00'), r('14:00', '17:00'), r('18:00', '22:00')],
      [r('09:00', '13:00')],
    ),
    note: true,
  },
  { name: 'Anne Black General Out-patient Clinic', hours: CONSULTATION, note: true },
  { name: 'Ap Lei Chau General Out-patient Clinic', hours: DAY_CLINIC, note: false },
  {
    name: 'Central Kowloon Health Centre',
    hours: week(
      [r('08:45', '12:30'), r('13:45', '16:30'), r('18:00', '21:30')],
      [r('08:45', '12:30')],
    ),
    note: false,
  },
  { name: 'Chai Wan General Out-patient Clinic', hours: CONSULTATION, note: true },
  {
    name: 'Cheung Sha Wan Jockey Club General Out-patient Clinic',
    hours: week(
      [r('08:45', '12:30'), r('13:45', '16:30'), r('17:45', '21:30')],
      [r('08:45', '12:30')],
    ),
    note: false,
  },
  {
    name: 'Hong Kong Buddhist Hospital General Out-patient Clinic',
    hours: CONSULTATION,
    note: true,
  },
];

describe('hours of the general out-patient clinic list', () => {
  it.each(REAL_CASES)('reads $name', ({ name, hours, note }) => {
    const text = REAL[name];
    if (!text) throw new Error(`no hours text for ${name}`);
    const parsed = parseHours(text.en, text.zh);
    expect(parsed.problems).toEqual([]);
    expect(parsed.hoursText).toBeNull();
    expect(parsed.openingHours).toEqual(hours);
    // Each side alone reads the same hours: the Chinese text is not just riding on the English.
    expect(parseHours(null, text.zh).openingHours).toEqual(hours);
    expect(parseHours(text.en, 'N.A.').openingHours).toEqual(hours);
    if (note) {
      expect(parsed.hoursNote?.en).toMatch(
        /^Registration Hours :\nMonday to Friday\n8:45am - 12:30pm\n/,
      );
      expect(parsed.hoursNote?.zh).toMatch(
        /^登記時間 ?:\n星期一至星期五\n上午8:45 ?至 ?下午12:30\n/,
      );
      expect(parsed.hoursNote?.en).not.toMatch(/Consul/);
    } else {
      expect(parsed.hoursNote).toBeNull();
    }
  });

  it('reads every feature of the list: hours where given, nothing for "N.A."', () => {
    const list = JSON.parse(
      readFileSync(
        new URL(
          '../../../test/fixtures/network/General_Outpatient_Clinics_under_the_Hospital_Authority.geojson',
          import.meta.url,
        ),
        'utf8',
      ),
    ) as { features: { properties: Record<string, string> }[] };
    let withHours = 0;
    let without = 0;
    for (const { properties } of list.features) {
      const parsed = parseHours(properties['Opening Hours'], properties['開放時間']);
      if (properties['Opening Hours'] === 'N.A.') {
        without += 1;
        expect(parsed).toEqual({
          openingHours: null,
          hoursNote: null,
          hoursText: null,
          problems: [],
        });
      } else {
        withHours += 1;
        expect(parsed.problems, properties['Facility Name']).toEqual([]);
        expect(parsed.openingHours?.weekly.sun).toEqual([]);
      }
    }
    expect({ withHours, without }).toEqual({ withHours: 12, without: 61 });
  });
});

describe('hours typed into the template', () => {
  it.each([
    {
      en: 'Monday to Friday 9:00am - 1:00pm, 2:30pm - 7:00pm\nSaturday 9:00am - 1:00pm\nClosed on Sundays and Public Holidays',
      zh: '星期一至星期五 上午9:00 至 下午1:00、下午2:30 至 下午7:00\n星期六 上午9:00 至 下午1:00\n星期日及公眾假期休息',
      hours: week([r('09:00', '13:00'), r('14:30', '19:00')], [r('09:00', '13:00')]),
    },
    {
      en: 'Mon - Fri: 09:00-13:00; Mon - Fri: 15:00-20:00; Sat & Sun: 10:00-13:00',
      zh: null,
      hours: week(
        [r('09:00', '13:00'), r('15:00', '20:00')],
        [r('10:00', '13:00')],
        [r('10:00', '13:00')],
      ),
    },
    {
      en: 'Sunday and Public Holidays<br>9am - 1pm',
      zh: '星期日及公眾假期<br>上午9:00 至 下午1:00',
      hours: { ...week([], [], [r('09:00', '13:00')]), closedOnPublicHolidays: false },
    },
    {
      en: 'Monday, Wednesday & Friday<br>6:00pm - 12:00am',
      zh: null,
      hours: {
        ...week([], []),
        weekly: {
          ...week([], []).weekly,
          mon: [r('18:00', '24:00')],
          wed: [r('18:00', '24:00')],
          fri: [r('18:00', '24:00')],
        },
      },
    },
  ])('reads "$en"', ({ en, zh, hours }) => {
    const parsed = parseHours(en, zh);
    expect(parsed.problems).toEqual([]);
    expect(parsed.openingHours).toEqual(hours);
    if (zh !== null) expect(parseHours(null, zh).openingHours).toEqual(hours);
  });
});

describe('text it cannot read', () => {
  it.each([
    ['By appointment only', null],
    ['Monday to Friday<br>9:00am - 1:00pm<br>Please call ahead', null],
    ['Monday to Friday<br>1:00pm - 9:00am', null],
    ['Monday to Friday<br>9:00am - 1:00pm', '星期一至星期五<br>上午9:00 至 下午2:00'],
  ])('keeps "%s" as text and says why', (en, zh) => {
    const parsed = parseHours(en, zh);
    expect(parsed.openingHours).toBeNull();
    expect(parsed.hoursText?.en).toBe(hoursLines(en).join('\n'));
    expect(parsed.problems.length).toBeGreaterThan(0);
  });
});
