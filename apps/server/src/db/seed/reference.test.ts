import { describe, expect, it } from 'vitest';
import {
  COUNTRY_REGIONS,
  countryRegionRows,
  DISTRICT_AREAS,
  districtNearbyRows,
  districtRows,
  loadAreaStreets,
  loadDistricts,
  loadNearby,
  loadStreets,
  titleCase,
} from './reference';

const HK_CODES = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'Q',
  'R',
  'S',
  'T',
];

describe('districts', () => {
  it('loads the 18 Hong Kong districts with codes A–T in order and Chinese names', () => {
    const districts = loadDistricts();
    expect(districts.map((d) => d.code)).toEqual(HK_CODES);
    expect(districts.map((d) => d.sequence)).toEqual(HK_CODES.map((_c, i) => i + 1));
    expect(districts[0]).toEqual({
      code: 'A',
      nameEn: 'Central and Western',
      nameZh: '中西區',
      regionCode: 'hong-kong-island',
      sequence: 1,
    });
    expect(districts.find((d) => d.code === 'E')?.regionCode).toBe('kowloon');
    expect(districts.find((d) => d.code === 'T')?.regionCode).toBe('new-territories');
  });

  it('has five country regions, Macau and Mainland China with two districts each', () => {
    expect(COUNTRY_REGIONS.map((r) => [r.code, r.nameZh, r.sequence])).toEqual([
      ['hong-kong-island', '香港島', 1],
      ['kowloon', '九龍', 2],
      ['new-territories', '新界', 3],
      ['macau', '澳門', 4],
      ['mainland-china', '中國內地', 5],
    ]);
    expect(COUNTRY_REGIONS.map((r) => r.districts.length)).toEqual([4, 5, 9, 2, 2]);
    expect(COUNTRY_REGIONS[3]?.districts.map((d) => d.code)).toEqual(['MO-PEN', 'MO-TAI']);
    expect(COUNTRY_REGIONS[4]?.districts.map((d) => d.code)).toEqual(['CN-SZ', 'CN-GZ']);
  });

  it('gives rows with ids 1..5 for regions and district rows pointing at them', () => {
    const regions = countryRegionRows();
    expect(regions.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    const districts = districtRows();
    expect(districts).toHaveLength(22);
    expect(new Set(districts.map((d) => d.sequence)).size).toBe(22);
    expect(districts.find((d) => d.code === 'A')?.regionId).toBe(1);
    expect(districts.find((d) => d.code === 'CN-GZ')?.regionId).toBe(5);
  });
});

describe('nearby districts', () => {
  it('lists nearby districts for every district, symmetrically and never itself', () => {
    const nearby = loadNearby();
    for (const code of [...HK_CODES, 'MO-PEN', 'MO-TAI', 'CN-SZ', 'CN-GZ']) {
      const list = nearby[code];
      expect(list?.length, code).toBeGreaterThan(0);
      expect(list).not.toContain(code);
      for (const other of list ?? []) expect(nearby[other], `${other}→${code}`).toContain(code);
    }
    expect(nearby.A).toEqual(['B', 'D', 'E']);
  });

  it('turns the lists into district-nearby rows over known districts', () => {
    const codes = new Set(districtRows().map((d) => d.code));
    const rows = districtNearbyRows();
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(codes.has(row.districtCode)).toBe(true);
      expect(codes.has(row.nearbyCode)).toBe(true);
    }
  });
});

describe('street names', () => {
  it('title-cases the upper-case English names', () => {
    expect(titleCase('NATHAN ROAD')).toBe('Nathan Road');
    expect(titleCase("BELCHER'S STREET")).toBe("Belcher's Street");
    expect(titleCase('ISLAND ROAD OF HONOUR')).toBe('Island Road of Honour');
  });

  it('gives every district dozens of real streets, in English and Chinese', () => {
    const streets = loadStreets();
    for (const code of HK_CODES) {
      expect(streets[code]?.length, code).toBeGreaterThan(50);
      for (const street of streets[code] ?? []) {
        expect(street.en).toMatch(/^[A-Z][A-Za-z' –]+$/);
        expect(street.en).not.toMatch(/[A-Z]{2}/);
        expect(street.zh).toMatch(/^[\u4e00-\u9fff]+$/);
      }
    }
    for (const code of ['MO-PEN', 'MO-TAI', 'CN-SZ', 'CN-GZ']) {
      expect(streets[code]?.length, code).toBeGreaterThan(0);
    }
  });

  it('puts Nathan Road in Yau Tsim Mong and Des Voeux Road Central in Central and Western', () => {
    const streets = loadStreets();
    expect(streets.E).toContainEqual({ en: 'Nathan Road', zh: '彌敦道' });
    expect(streets.A?.map((s) => s.en)).toContain('Des Voeux Road Central');
  });

  it('takes districts from the DC field, not the substring-matched columns', () => {
    const streets = loadStreets();
    // The file's TM column is TRUE for Yau Tsim Mong streets and S for Sham Shui Po's.
    expect(streets.L?.map((s) => s.en)).not.toContain('Nathan Road');
    expect(streets.D?.map((s) => s.en)).not.toContain('Apliu Street');
    expect(streets.F?.map((s) => s.en)).toContain('Apliu Street');
  });

  it('skips village lanes, estate sections and highways', () => {
    const all = Object.values(loadStreets()).flat();
    for (const street of all) {
      expect(street.en).not.toMatch(/\b(Lane|Path|Tsuen(?! Wan)|Section|Highway|Interchange)\b/);
    }
  });
});

describe('areas', () => {
  it('names areas for every district, Central (中環) among Central and Western', () => {
    for (const d of districtRows())
      expect(DISTRICT_AREAS[d.code]?.length, d.code).toBeGreaterThan(0);
    expect(DISTRICT_AREAS.A).toContainEqual(expect.objectContaining({ en: 'Central', zh: '中環' }));
  });

  it("resolves every area's main streets to streets of its district", () => {
    const resolved = loadAreaStreets();
    expect(resolved.get('E')?.get('Mong Kok')).toContainEqual({ en: 'Nathan Road', zh: '彌敦道' });
    expect(resolved.get('K')?.get('Tsuen Wan')).toContainEqual({
      en: 'Castle Peak Road – Tsuen Wan',
      zh: '青山公路荃灣段',
    });
    for (const code of HK_CODES) {
      for (const area of DISTRICT_AREAS[code] ?? []) {
        expect(resolved.get(code)?.get(area.en)?.length, area.en).toBeGreaterThan(0);
      }
    }
  });
});
