import { describe, expect, it } from 'vitest';

import { districtCategories, mergedDistricts } from './regions';
import type { CountryRegion } from './types';

const district = (code: string) => ({ code, name: code, name_en: code, name_zh: code });
const region = (code: string, sequence: number, codes: string[]): CountryRegion => ({
  id: sequence,
  sequence,
  code,
  name: code,
  name_en: code,
  name_zh: code,
  districts: codes.map(district),
});

describe('district categories', () => {
  it('leaves out regions whose code contains macau or mainland-china, in sequence order', () => {
    const categories = districtCategories([
      region('kowloon', 2, ['E']),
      region('macau', 4, ['MO-PEN']),
      region('hong-kong-island', 1, ['A']),
      region('mainland-china', 5, ['CN-SZ']),
    ]);
    expect(categories.map((category) => category.id)).toEqual(['hong-kong-island', 'kowloon']);
    expect(categories[0]?.children.map((d) => d.code)).toEqual(['A']);
  });

  it('merges the chosen districts with those of the results, each once', () => {
    expect(
      mergedDistricts([district('A')], [district('B'), district('A'), district('B')]).map(
        (d) => d.code,
      ),
    ).toEqual(['A', 'B']);
  });
});
