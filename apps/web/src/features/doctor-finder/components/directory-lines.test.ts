import { beforeAll, describe, expect, it } from 'vitest';

import { i18n, loadLanguage } from '../../../lib/i18n';

import { checkedMonth } from './directory-lines';

beforeAll(async () => {
  await Promise.all([loadLanguage('en'), loadLanguage('zh-HK')]);
});

describe('checkedMonth', () => {
  it('names the Hong Kong month of the check, in both languages', () => {
    const en = i18n.getFixedT('en', 'doctor-finder');
    const zh = i18n.getFixedT('zh-HK', 'doctor-finder');
    expect(checkedMonth('2026-11-03T02:00:00.000Z', en)).toBe('Nov 2026');
    expect(checkedMonth('2026-11-03T02:00:00.000Z', zh)).toBe('2026年11月');
    expect(checkedMonth('2027-01-15T09:30:00+08:00', en)).toBe('Jan 2027');
  });

  it('counts the month from Hong Kong midnight, not UTC', () => {
    const en = i18n.getFixedT('en', 'doctor-finder');
    // 16:00 UTC on 31 December is 00:00 on 1 January in Hong Kong.
    expect(checkedMonth('2026-12-31T15:59:59.000Z', en)).toBe('Dec 2026');
    expect(checkedMonth('2026-12-31T16:00:00.000Z', en)).toBe('Jan 2027');
  });

  it('agrees with Intl and the Hong Kong time zone for every month of a year', () => {
    const en = i18n.getFixedT('en', 'doctor-finder');
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Hong_Kong',
    });
    for (let month = 0; month < 12; month += 1) {
      for (const hour of [0, 15, 16, 23]) {
        const instant = new Date(Date.UTC(2026, month, 1, hour, 30));
        expect(checkedMonth(instant.toISOString(), en), instant.toISOString()).toBe(
          intl.format(instant),
        );
      }
    }
  });
});
