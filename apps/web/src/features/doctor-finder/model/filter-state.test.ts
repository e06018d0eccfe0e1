import { SEARCH_STORAGE_KEYS } from '@clinicpass/shared/constants';
import { describe, expect, it } from 'vitest';

import {
  dropUnknown,
  EMPTY_FILTERS,
  filtersFromParams,
  hasSearchParams,
  paramsFromFilters,
  parsePriceRange,
  restoreFilters,
  storeFilters,
  type FinderFilters,
} from './filter-state';

const filters: FinderFilters = {
  searchText: '陳 Chan',
  districts: ['A', 'B'],
  services: ['1', '9'],
  specialties: ['cardiology'],
  price: [200, 800],
  openNow: true,
  openSunday: true,
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

describe('query string ⇄ filter state', () => {
  it('round-trips every filter of the second panel, price included', () => {
    const params = paramsFromFilters(filters, 'go');
    expect(params.toString()).toBe(
      'p=%E9%99%B3+Chan&districts=A%2CB&services=1%2C9&specialties=cardiology&price=200%2C800&open_now=1&open_sunday=1',
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()), 'go')).toEqual(filters);
  });

  it('keeps "open now" and "open on Sunday" in the address of either panel (issue 19)', () => {
    const read = filtersFromParams(new URLSearchParams('p=&open_now=1'), 'outpatient');
    expect(read).toMatchObject({ openNow: true, openSunday: false });
    expect(paramsFromFilters(read, 'outpatient').toString()).toBe('p=&open_now=1');
    expect(filtersFromParams(new URLSearchParams('open_sunday=yes'), 'go').openSunday).toBe(false);
  });

  it('never writes or reads a price for the primary panel', () => {
    const params = paramsFromFilters(filters, 'outpatient');
    expect(params.has('price')).toBe(false);
    expect(filtersFromParams(new URLSearchParams('price=100,500'), 'outpatient').price).toBeNull();
  });

  it('writes p even when empty, so no filters still shows results', () => {
    const params = paramsFromFilters(EMPTY_FILTERS, 'outpatient');
    expect(params.toString()).toBe('p=');
    expect(hasSearchParams(params)).toBe(true);
    expect(hasSearchParams(new URLSearchParams('utm=x'))).toBe(false);
  });

  it('reads comma lists without blanks or repeats', () => {
    const read = filtersFromParams(new URLSearchParams('districts=A,,B,A&services= 3 ,4'), 'go');
    expect(read.districts).toEqual(['A', 'B']);
    expect(read.services).toEqual(['3', '4']);
  });

  it('accepts a price range only as min,max within 100–2000 with min ≤ max', () => {
    expect(parsePriceRange('100,1000')).toEqual([100, 1000]);
    expect(parsePriceRange('900,200')).toBeNull();
    expect(parsePriceRange('50,200')).toBeNull();
    expect(parsePriceRange('abc')).toBeNull();
  });
});

describe('stored filters', () => {
  it('restores the panel’s stored filters with the search text cleared', () => {
    const storage = memoryStorage();
    storeFilters(storage, 'go', filters);
    expect(JSON.parse(storage.getItem(SEARCH_STORAGE_KEYS.go) ?? '{}')).toMatchObject({
      searchText: '陳 Chan',
      price: [200, 800],
    });
    expect(restoreFilters(storage, 'go')).toEqual({ ...filters, searchText: '' });
    expect(restoreFilters(storage, 'outpatient')).toEqual(EMPTY_FILTERS);
  });

  it('keeps one key per panel and no price for the primary panel', () => {
    const storage = memoryStorage();
    storeFilters(storage, 'outpatient', filters);
    expect(storage.getItem('panel-doctor-search-params')).not.toBeNull();
    expect(storage.getItem('panel-doctor-search-params-go')).toBeNull();
    expect(restoreFilters(storage, 'outpatient').price).toBeNull();
  });

  it('starts empty when reset on mount is asked for, or the stored value is unreadable', () => {
    const storage = memoryStorage();
    storeFilters(storage, 'go', filters);
    expect(restoreFilters(storage, 'go', { resetOnMount: true })).toEqual(EMPTY_FILTERS);
    storage.setItem(SEARCH_STORAGE_KEYS.go, '{not json');
    expect(restoreFilters(storage, 'go')).toEqual(EMPTY_FILTERS);
  });

  it('drops codes and ids the network no longer knows', () => {
    expect(
      dropUnknown(filters, {
        districtCodes: new Set(['A']),
        serviceIds: new Set(['9']),
        specialtySlugs: new Set<string>(),
      }),
    ).toEqual({ ...filters, districts: ['A'], services: ['9'], specialties: [] });
  });
});
