// Price bands of the finder engine (decision 174): a range's rows are those a plain scan finds
// (BETWEEN, inclusive; no price is in no range), across band edges and within one band.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './bitset';
import { buildPriceIndex, priceRange } from './prices';

const scan = (prices: number[], min: number, max: number) =>
  prices.flatMap((price, row) => (price >= min && price <= max ? [row] : []));

describe('finder engine price bands', () => {
  it('finds the rows a scan finds for any range', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant(Number.NaN),
            fc.integer({ min: 0, max: 40 }).map((n) => n * 25),
          ),
          { maxLength: 2000 },
        ),
        fc.integer({ min: -10, max: 1100 }),
        fc.integer({ min: -10, max: 1100 }),
        (prices, min, max) => {
          const index = buildPriceIndex(Float64Array.from(prices));
          expect(rowsOf(priceRange(index, min, max))).toEqual(scan(prices, min, max));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cuts many rows into bands and answers at their edges', () => {
    const prices = Array.from({ length: 10_000 }, (_, row) => (row * 7919) % 1000);
    const index = buildPriceIndex(Float64Array.from(prices));
    expect(index.before.length).toBeGreaterThan(10);
    for (const [min, max] of [
      [0, 999],
      [0, 0],
      [100, 100],
      [250, 750],
      [999, 0],
      [Number.NaN, 10],
      [-5, 1e9],
    ] as const) {
      expect(rowsOf(priceRange(index, min, max)), `${min}-${max}`).toEqual(scan(prices, min, max));
    }
  });
});
