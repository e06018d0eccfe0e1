import { afterEach, describe, expect, it } from 'vitest';

import {
  addDismissed,
  DISMISSED_STORAGE_KEY,
  parseDismissed,
  pruneDismissed,
  readDismissed,
  writeDismissed,
} from './dismissed';

afterEach(() => {
  window.localStorage.clear();
});

describe('dismissed announcements', () => {
  it('keeps only the ids that are still served', () => {
    expect(pruneDismissed([1, 2, 3], [2, 3, 4])).toEqual([2, 3]);
    expect(pruneDismissed([1, 2], [])).toEqual([]);
    expect(pruneDismissed([], [1])).toEqual([]);
  });

  it('drops duplicates when pruning and adding', () => {
    expect(pruneDismissed([2, 2, 3], [2, 3])).toEqual([2, 3]);
    expect(addDismissed([2], 2)).toEqual([2]);
    expect(addDismissed([2], 5)).toEqual([2, 5]);
  });

  it('reads only whole numbers from storage, and nothing from a broken value', () => {
    expect(parseDismissed('[1,"2",3.5,4]')).toEqual([1, 4]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('not json')).toEqual([]);
    expect(parseDismissed(null)).toEqual([]);
  });

  it('round-trips through local storage and removes the key when empty', () => {
    writeDismissed([7, 9]);
    expect(window.localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('[7,9]');
    expect(readDismissed()).toEqual([7, 9]);
    writeDismissed([]);
    expect(window.localStorage.getItem(DISMISSED_STORAGE_KEY)).toBeNull();
  });
});
