// JSON values kept once per content (decision 216): an interned value equals what was given,
// equal values come back as one object at every depth, and values that differ (by a key's
// order, a type, NaN against null) stay apart.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonInterner } from './intern';

describe('finder JSON interner', () => {
  it('gives back a value equal to the one given, keys in their order', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (values) => {
        const interner = new JsonInterner();
        for (const value of values) {
          const kept = interner.intern(value);
          expect(kept).toStrictEqual(value);
          expect(JSON.stringify(kept)).toBe(JSON.stringify(value));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps equal values as one object, at every depth', () => {
    const interner = new JsonInterner();
    const week = (sat: string) => ({
      weekly: { mon: [{ from: '09:00', to: '13:00' }], sat: [{ from: sat, to: '13:00' }] },
      closed: false,
    });
    const a = interner.intern(week('09:00'));
    const b = interner.intern(week('09:00'));
    const c = interner.intern(week('10:00'));
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(c.weekly.mon).toBe(a.weekly.mon);
    expect(c.weekly.mon[0]).toBe(a.weekly.mon[0]);
    expect(interner.intern(JSON.parse(JSON.stringify(c)) as typeof c)).toBe(c);
  });

  it('keeps values apart that differ by key order, type or NaN against null', () => {
    const interner = new JsonInterner();
    const pairs: [unknown, unknown][] = [
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: '1' }, { a: 1 }],
      [{ a: Number.NaN }, { a: null }],
      [{ a: true }, { a: 'true' }],
      [
        [1, [2]],
        [[1], 2],
      ],
      [{ a: [] }, { a: {} }],
    ];
    for (const [first, second] of pairs) {
      const kept = interner.intern(first);
      expect(interner.intern(second), JSON.stringify([first, second])).not.toBe(kept);
      expect(interner.intern(second)).toStrictEqual(second);
    }
  });
});
