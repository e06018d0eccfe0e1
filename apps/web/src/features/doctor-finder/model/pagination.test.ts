import { describe, expect, it } from 'vitest';

import { pageCount, pageFromStart, pageItems } from './pagination';

describe('pagination window', () => {
  it('hides at one page or fewer', () => {
    expect(pageItems(1, 0, false)).toEqual([]);
    expect(pageItems(1, 1, false)).toEqual([]);
  });

  it('shows every page up to 7 on desktop and 5 on mobile', () => {
    expect(pageItems(1, 7, false)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(3, 5, true)).toEqual([1, 2, 3, 4, 5]);
  });

  it('beyond the window shows the first 3 (2 on mobile), an ellipsis and the last 2', () => {
    expect(pageItems(1, 8, false)).toEqual([1, 2, 3, 'ellipsis-end', 7, 8]);
    expect(pageItems(1, 6, true)).toEqual([1, 2, 'ellipsis-end', 5, 6]);
    expect(pageItems(2, 20, true)).toEqual([1, 2, 'ellipsis-end', 19, 20]);
  });

  it('keeps the current page in view in the middle and at the end', () => {
    expect(pageItems(10, 20, false)).toEqual([
      1,
      'ellipsis-start',
      9,
      10,
      11,
      'ellipsis-end',
      19,
      20,
    ]);
    expect(pageItems(17, 20, false)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20, true)).toEqual([1, 'ellipsis-start', 17, 18, 19, 20]);
  });

  it('computes pages from totals and the page from start (page size 20)', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageFromStart(0)).toBe(1);
    expect(pageFromStart(40)).toBe(3);
  });
});
