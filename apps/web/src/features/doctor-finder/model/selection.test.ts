import { describe, expect, it } from 'vitest';

import { isSameValue, matchesSearch } from './selection';

describe('filter item matching', () => {
  it('matches picker search text case-insensitively on any name', () => {
    expect(matchesSearch('card', ['Cardiology', 'Cardiology', '心臟科'])).toBe(true);
    expect(matchesSearch('心臟', ['Cardiology', 'Cardiology', '心臟科'])).toBe(true);
    expect(matchesSearch('xyz', ['Cardiology', '心臟科'])).toBe(false);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
  });

  it('compares picker values by their data', () => {
    expect(isSameValue(['A', 'B'], ['A', 'B'])).toBe(true);
    expect(isSameValue(['A', 'B'], ['B', 'A'])).toBe(false);
    expect(isSameValue(['A'], ['A', 'B'])).toBe(false);
    expect(
      isSameValue({ services: ['1'], specialties: [] }, { services: ['1'], specialties: [] }),
    ).toBe(true);
    expect(
      isSameValue({ services: ['1'], specialties: [] }, { services: ['1'], specialties: ['x'] }),
    ).toBe(false);
    expect(isSameValue({ services: [] }, { specialties: [] })).toBe(false);
    expect(isSameValue([100, 1000], [100, 1000])).toBe(true);
    expect(isSameValue([100, 1000], [100, 900])).toBe(false);
    expect(isSameValue(null, null)).toBe(true);
    expect(isSameValue(null, [100, 1000])).toBe(false);
    expect(isSameValue([], {})).toBe(false);
  });
});
