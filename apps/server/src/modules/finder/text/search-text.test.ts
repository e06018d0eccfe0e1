// The finder's text rules (decision 158) on their own: normalisation, the tables, and how a
// query becomes terms. The HTTP behaviour on a network is in test/finder-text.test.ts.
import { describe, expect, it } from 'vitest';
import { SERVICES, SPECIALTIES } from '../../../db/seed/catalogue';
import { AREAS, MTR_STATIONS } from './places';
import {
  chineseSurname,
  marker,
  matchesTerms,
  normaliseField,
  rowText,
  type SearchFields,
  searchTerms,
} from './search-text';
import { SERVICE_SYNONYMS } from './services';
import { SURNAMES } from './surnames';

const alternatives = (search: string) => searchTerms(search).map((term) => term.alternatives);

const ROW: SearchFields = {
  doctor_name_en: 'Dr. Wong Tai Man',
  doctor_name_zh: '黃大文醫生',
  venue_name_en: 'Harbour Clinic',
  venue_name_zh: '海港診所',
  address_line_one: 'Shop 3, Mei Foo Sun Chuen, 美孚新邨',
  address_line_two: '',
  district_name_en: 'Sham Shui Po',
  district_name_zh: '深水埗區',
  service_slug: 'specialist',
  service_name_en: 'Specialist',
  service_name_zh: '專科醫生',
  specialty_slug: 'dermatology-venereology',
  specialty_description_en: 'Dermatology & Venereology',
  specialty_description_zh: '皮膚及性病科',
};
const text = (() => {
  const parts = rowText(ROW);
  return `${parts.doctor}\n${parts.venue}\n${parts.service}`;
})();
const finds = (search: string) => matchesTerms(text, searchTerms(search));

describe('normalisation', () => {
  it('folds case, full-width letters, spaces, punctuation and Traditional characters', () => {
    expect(normaliseField('ＴＳＴ  Nathan Rd.')).toBe('tst nathan rd');
    expect(normaliseField(' 銅鑼灣，軒尼詩道 ')).toBe('铜锣湾 轩尼诗道');
    expect(normaliseField('陳')).toBe(normaliseField('陈'));
  });

  it('converts to Simplified, so 后 still finds 皇后大道 (Traditional conversion would not)', () => {
    expect(normaliseField('皇后大道中')).toContain(normaliseField('后'));
    expect(normaliseField('後')).toBe('后');
    expect(normaliseField('裏')).toBe('里');
  });

  it('reads the Chinese surname of a doctor, compound ones whole', () => {
    expect(chineseSurname('陳大文醫生')).toBe('陈');
    expect(chineseSurname('歐陽志明醫生')).toBe('欧阳');
    expect(chineseSurname('司徒玉中醫師')).toBe('司徒');
    expect(chineseSurname('')).toBe('');
  });
});

describe('query terms', () => {
  it('drops doctor titles and splits Chinese from Latin', () => {
    expect(alternatives('Dr. Chan')).toEqual(alternatives('chan'));
    expect(alternatives('陳醫生')).toEqual(alternatives('陳'));
    expect(searchTerms('dr')).toEqual([]);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms('tst銅鑼灣')).toHaveLength(2);
  });

  it('joins words into known phrases, with or without spaces', () => {
    expect(alternatives('Prince Edward')).toEqual([['prince edward', '太子']]);
    expect(alternatives('princeedward')).toEqual([['princeedward', 'prince edward', '太子']]);
    expect(alternatives('au yeung')[0]).toContain(marker('s', '欧阳'));
    expect(alternatives('bone setting')[0]).toContain(marker('v', 'bonesetter'));
  });

  it('maps romanised surnames across systems and keeps the letters themselves', () => {
    expect(alternatives('Zhang')[0]).toEqual(['zhang', marker('s', '张')]);
    expect(alternatives('Huang')[0]).toEqual(['huang', marker('s', '黄')]);
    expect(alternatives('Wong')[0]).toEqual(['wong', marker('s', '黄'), marker('s', '王')]);
    expect(alternatives('can4')[0]).toContain(marker('s', '陈'));
  });

  it('matches a row through any alternative of every term', () => {
    expect(finds('Huang')).toBe(true);
    expect(finds('王')).toBe(false);
    expect(finds('美孚')).toBe(true);
    expect(finds('Mei Foo')).toBe(true);
    expect(finds('MEIFOO')).toBe(true);
    expect(finds('skin')).toBe(true);
    expect(finds('皮膚')).toBe(true);
    expect(finds('eye')).toBe(false);
    expect(finds('Dr Huang 美孚 skin')).toBe(true);
    expect(finds('Huang eye')).toBe(false);
    // Words stay apart: an abbreviation does not match across them.
    expect(matchesTerms(normaliseField('18 East Street'), searchTerms('TST'))).toBe(false);
    expect(matchesTerms(normaliseField('1 Nathan Road, Tsim Sha Tsui'), searchTerms('TST'))).toBe(
      true,
    );
    // Service words are whole words: a piece of "Specialist" is not a service.
    expect(finds('cialist')).toBe(false);
    expect(finds('specialist')).toBe(true);
  });

  it('cannot be made to forge a marker', () => {
    expect(alternatives(marker('s', '黃'))).toEqual([['黄']]);
    expect(alternatives('\u0001s黃\u0002')).toEqual([['s'], ['黄']]);
  });
});

describe('tables', () => {
  it('has at least the 100 most common surnames, each with every romanisation', () => {
    expect(new Set(SURNAMES.map(([zh]) => zh)).size).toBe(SURNAMES.length);
    expect(SURNAMES.length).toBeGreaterThanOrEqual(100);
    for (const row of SURNAMES) for (const field of row) expect(field.trim()).not.toBe('');
  });

  it('names every place in both languages with a Hong Kong district code', () => {
    for (const [en, zh, district] of [...MTR_STATIONS, ...AREAS]) {
      expect(en).toMatch(/^[A-Za-z][A-Za-z -]+$/);
      expect(zh).toMatch(/^\p{Script=Han}+$/u);
      expect(district).toMatch(/^[A-HJ-NP-T]$/);
    }
    expect(MTR_STATIONS.length).toBeGreaterThanOrEqual(90);
  });

  it('lets every name the pickers show stand for its service or specialty', () => {
    const stands = (name: string, marker: string) =>
      searchTerms(name).some((term) => term.alternatives.includes(marker));
    for (const service of SERVICES) {
      for (const name of [service.nameEn, service.nameZh]) {
        expect(stands(name, marker('v', service.slug)), name).toBe(true);
      }
    }
    for (const specialty of SPECIALTIES) {
      for (const name of [specialty.descriptionEn, specialty.descriptionZh]) {
        expect(stands(name, marker('p', specialty.slug)), name).toBe(true);
      }
    }
  });

  it('points service words at catalogue slugs', () => {
    for (const [, slugs] of SERVICE_SYNONYMS) {
      for (const slug of slugs.split('/')) {
        const [kind, value] = slug.split(':');
        const known = kind === 'service' ? SERVICES : SPECIALTIES;
        expect(
          known.some((entry) => entry.slug === value),
          slug,
        ).toBe(true);
      }
    }
  });
});
