// Bitset operations of the finder engine (decision 174) against plain arrays of rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  andNot,
  bitsetOf,
  emptyBitset,
  hasBit,
  intersectPage,
  popcount,
  popcount32,
  rowsOf,
  shapeOf,
  unionOf,
  wordsFor,
} from './bitset';

/** A size and sets of distinct rows below it, ascending. */
const sizedSets = (count: number) =>
  fc.integer({ min: 1, max: 300 }).chain((size) =>
    fc.tuple(
      fc.constant(size),
      fc.array(fc.uniqueArray(fc.integer({ min: 0, max: size - 1 })), {
        minLength: count,
        maxLength: count,
      }),
    ),
  );

const sorted = (rows: Iterable<number>) => [...rows].sort((a, b) => a - b);

describe('finder engine bitsets', () => {
  it('counts the set bits of a word, the top bit included', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(1)).toBe(1);
    expect(popcount32(0x80000000)).toBe(1);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(-1)).toBe(32);
    expect(popcount32(0b1011_0000_0000_0001)).toBe(4);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (word) => {
        expect(popcount32(word)).toBe(word.toString(2).replaceAll('0', '').length);
      }),
    );
  });

  it('sizes a set in 32-bit words and keeps the rows it was given', () => {
    expect(wordsFor(0)).toBe(0);
    expect(wordsFor(1)).toBe(1);
    expect(wordsFor(32)).toBe(1);
    expect(wordsFor(33)).toBe(2);
    expect(emptyBitset(100)).toHaveLength(4);
    fc.assert(
      fc.property(sizedSets(1), ([size, [rows = []]]) => {
        const set = bitsetOf(size, rows);
        expect(rowsOf(set)).toEqual(sorted(rows));
        expect(popcount(set)).toBe(rows.length);
        for (let row = 0; row < size; row += 1) expect(hasBit(set, row)).toBe(rows.includes(row));
      }),
    );
  });

  it('unites and subtracts as sets of rows do', () => {
    fc.assert(
      fc.property(sizedSets(3), ([size, lists]) => {
        const sets = lists.map((rows) => bitsetOf(size, rows));
        expect(rowsOf(unionOf(size, sets))).toEqual(sorted(new Set(lists.flat())));
        const [a = [], b = []] = lists;
        expect(rowsOf(andNot(bitsetOf(size, a), bitsetOf(size, b)))).toEqual(
          sorted(a.filter((row) => !b.includes(row))),
        );
      }),
    );
  });

  it('counts an intersection whole and lists the page of it in row order', () => {
    fc.assert(
      fc.property(
        sizedSets(3),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 50 }),
        ([size, lists], offset, limit) => {
          const all = sorted(
            (lists[0] ?? []).filter((row) => lists.every((rows) => rows.includes(row))),
          );
          const page = intersectPage(
            lists.map((rows) => bitsetOf(size, rows)),
            offset,
            limit,
          );
          expect(page.total).toBe(all.length);
          expect(page.rows).toEqual(all.slice(offset, offset + limit));
        },
      ),
    );
  });

  it('finds nothing in no sets and in rows past the 32nd word boundary alike', () => {
    expect(intersectPage([], 0, 10)).toEqual({ total: 0, rows: [] });
    const size = 1000;
    const set = bitsetOf(size, [31, 32, 63, 64, 999]);
    expect(intersectPage([set], 1, 3)).toEqual({ total: 5, rows: [32, 63, 64] });
  });

  // Sets as the finder has them: a block of rows (a district in the finder's order), scattered
  // rows of any density (a service, a name), or none; the same set asked again (its kept shape).
  const finderLikeSet = (size: number) =>
    fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: 0, max: size }))
        .map(([from, length]) => {
          const rows: number[] = [];
          for (let row = from; row < Math.min(size, from + length); row += 1) rows.push(row);
          return rows;
        }),
      fc.double({ min: 0, max: 1, noNaN: true }).chain((density) =>
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })).map((draws) => {
          const rows: number[] = [];
          const it = draws[Symbol.iterator]();
          for (let row = 0; row < size; row += 1) {
            if ((it.next().value as number) < density * density) rows.push(row);
          }
          return rows;
        }),
      ),
      fc.constant([] as number[]),
    );

  it('pages one set, or the AND of several, as a plain scan of the rows does, sparse or dense', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5000 })
          .chain((size) =>
            fc.tuple(
              fc.constant(size),
              fc.array(finderLikeSet(size), { minLength: 1, maxLength: 4 }),
            ),
          ),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        ([size, lists], offset, limit) => {
          const sets = lists.map((rows) => bitsetOf(size, rows));
          const members = lists.map((rows) => new Set(rows));
          const all = sorted(
            (lists[0] ?? []).filter((row) => members.every((rows) => rows.has(row))),
          );
          const expected = { total: all.length, rows: all.slice(offset, offset + limit) };
          expect(intersectPage(sets, offset, limit)).toEqual(expected);
          // Asked again, from the kept shapes.
          expect(intersectPage(sets, offset, limit)).toEqual(expected);
          // The same sets in another order.
          expect(intersectPage([...sets].reverse(), offset, limit)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps a set's count and lists its non-zero words only when at most a quarter are", () => {
    const size = 32 * 100;
    const block = bitsetOf(
      size,
      [...Array(25 * 32).keys()].map((row) => row + 32 * 10),
    );
    expect(shapeOf(block).count).toBe(25 * 32);
    expect([...(shapeOf(block).words ?? [])]).toEqual([...Array(25).keys()].map((i) => i + 10));
    const wide = bitsetOf(
      size,
      [...Array(26).keys()].map((i) => 32 * i * 3),
    );
    expect(shapeOf(wide)).toEqual({ count: 26, words: null });
    expect(shapeOf(emptyBitset(size))).toEqual({ count: 0, words: new Int32Array(0) });
  });
});
