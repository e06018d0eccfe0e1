import { describe, expect, it } from 'vitest';

import { isSameItem, matchesSearch } from './selection';

describe('filter item matching', () => {
  it('matches by code when both have one, else by id', () => {
    expect(isSameItem({ code: 'A', id: 1 }, { code: 'A', id: 2 })).toBe(true);
    expect(isSameItem({ code: 'A', id: 1 }, { code: 'B', id: 1 })).toBe(false);
    expect(isSameItem({ id: 3 }, { code: 'C', id: '3' })).toBe(true);
    expect(isSameItem({}, {})).toBe(false);
  });

  it('matches picker search text case-insensitively on any name', () => {
    expect(matchesSearch('card', ['Cardiology', 'Cardiology', '心臟科'])).toBe(true);
    expect(matchesSearch('心臟', ['Cardiology', 'Cardiology', '心臟科'])).toBe(true);
    expect(matchesSearch('xyz', ['Cardiology', '心臟科'])).toBe(false);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
  });
});
