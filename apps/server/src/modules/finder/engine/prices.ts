// Price bands as bitsets (issue 17, decision 174). The rows with a member price, sorted by it,
// are cut into bands of `step` rows; for each cut, a bitset holds every row before it. A range
// is then the rows between two cuts (one AND NOT) and the few rows of its two edge bands, set
// one by one: microseconds, not a pass over the rows. Rows without a price are in no band, as
// NULL is never BETWEEN two prices.
import { andNot, type Bitset, emptyBitset, setBit } from './bitset';

export interface PriceIndex {
  size: number;
  /** The rows with a price, by price (ties by row). */
  rows: Int32Array;
  /** Their prices, ascending. */
  prices: Float64Array;
  step: number;
  /** `before[j]`: the rows of sorted positions [0, j × step). */
  before: Bitset[];
}

/** Bands per panel: each band's bitset costs `size / 8` bytes. */
const BANDS = 64;

export function buildPriceIndex(price: Float64Array): PriceIndex {
  const size = price.length;
  const priced: number[] = [];
  for (let row = 0; row < size; row += 1) if (!Number.isNaN(price[row])) priced.push(row);
  priced.sort((a, b) => (price[a] as number) - (price[b] as number) || a - b);
  const rows = Int32Array.from(priced);
  const prices = Float64Array.from(priced, (row) => price[row] as number);
  const step = Math.max(64, Math.ceil(rows.length / BANDS));
  const before: Bitset[] = [emptyBitset(size)];
  for (let j = 1; j * step <= rows.length; j += 1) {
    const set = (before[j - 1] as Bitset).slice();
    for (let at = (j - 1) * step; at < j * step; at += 1) setBit(set, rows[at] as number);
    before.push(set);
  }
  return { size, rows, prices, step, before };
}

/** The first sorted position whose price is ≥ `value` (or > `value` with `after`). */
function positionOf(prices: Float64Array, value: number, after: boolean): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const price = prices[mid] as number;
    if (price < value || (after && price === value)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The rows whose price is in [min, max] (none when min > max or either is NaN). */
export function priceRange(index: PriceIndex, min: number, max: number): Bitset {
  if (Number.isNaN(min) || Number.isNaN(max)) return emptyBitset(index.size);
  const from = positionOf(index.prices, min, false);
  const to = positionOf(index.prices, max, true);
  if (!(to > from)) return emptyBitset(index.size);
  const { step, rows, before } = index;
  const low = Math.ceil(from / step);
  const high = Math.floor(to / step);
  let set: Bitset;
  let edges: [number, number][];
  if (low < high) {
    set = andNot(before[high] as Bitset, before[low] as Bitset);
    edges = [
      [from, low * step],
      [high * step, to],
    ];
  } else {
    set = emptyBitset(index.size);
    edges = [[from, to]];
  }
  for (const [start, end] of edges) {
    for (let at = start; at < end; at += 1) setBit(set, rows[at] as number);
  }
  return set;
}
