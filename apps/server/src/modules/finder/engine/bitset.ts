// Row sets as bitsets (issue 17, decision 174): bit i of word i >>> 5 stands for row i of a
// panel, rows in the finder's result order. A set's unused bits past the last row are always 0,
// so a NOT is only ever taken inside an AND with a set that has them 0 too.

export type Bitset = Uint32Array;

/** Words needed for `size` rows. */
export function wordsFor(size: number): number {
  return (size + 31) >>> 5;
}

export function emptyBitset(size: number): Bitset {
  return new Uint32Array(wordsFor(size));
}

export function setBit(set: Bitset, row: number): void {
  set[row >>> 5] = (set[row >>> 5] as number) | (1 << (row & 31));
}

export function hasBit(set: Bitset, row: number): boolean {
  return (((set[row >>> 5] as number) >>> (row & 31)) & 1) === 1;
}

/** The bitset of the given rows. */
export function bitsetOf(size: number, rows: Iterable<number>): Bitset {
  const set = emptyBitset(size);
  for (const row of rows) setBit(set, row);
  return set;
}

/** Set bits in a 32-bit word. */
export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Set bits in a bitset. */
export function popcount(set: Bitset): number {
  let count = 0;
  for (let i = 0; i < set.length; i += 1) count += popcount32(set[i] as number);
  return count;
}

/** `into` |= `set`. */
export function orInto(into: Bitset, set: Bitset): void {
  for (let i = 0; i < into.length; i += 1) into[i] = (into[i] as number) | (set[i] as number);
}

/** The union of the sets (a new bitset; `size` rows). */
export function unionOf(size: number, sets: readonly Bitset[]): Bitset {
  const out = emptyBitset(size);
  for (const set of sets) orInto(out, set);
  return out;
}

/** `a AND NOT b` (a new bitset). */
export function andNot(a: Bitset, b: Bitset): Bitset {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i += 1) out[i] = (a[i] as number) & ~(b[i] as number);
  return out;
}

/** The rows of a set, ascending. */
export function rowsOf(set: Bitset): number[] {
  const rows: number[] = [];
  for (let i = 0; i < set.length; i += 1) {
    let word = set[i] as number;
    while (word !== 0) {
      const low = word & -word;
      rows.push((i << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return rows;
}

/** What every search of a set reuses: its count and, when few are set, its non-zero words. */
interface SetShape {
  count: number;
  /** The indexes of its non-zero words, ascending, when they are at most a quarter of them. */
  words: Int32Array | null;
}

/** A set's words are listed when at most 1 in SPARSE of them is non-zero. */
const SPARSE = 4;

// Sets are made whole and never changed after (a panel's, a kept term's or price range's, a
// minute's open venues; a union made for one search); the shape is worked out on first use.
const shapes = new WeakMap<Bitset, SetShape>();

/** The set's count and sparse words (see `SetShape`), worked out once per set. */
export function shapeOf(set: Bitset): SetShape {
  let shape = shapes.get(set);
  if (shape === undefined) {
    let count = 0;
    let nonZero = 0;
    for (let i = 0; i < set.length; i += 1) {
      const word = set[i] as number;
      if (word === 0) continue;
      nonZero += 1;
      count += popcount32(word);
    }
    let words: Int32Array | null = null;
    if (nonZero * SPARSE <= set.length) {
      words = new Int32Array(nonZero);
      let n = 0;
      for (let i = 0; i < set.length; i += 1) {
        if (set[i] !== 0) {
          words[n] = i;
          n += 1;
        }
      }
    }
    shape = { count, words };
    shapes.set(set, shape);
  }
  return shape;
}

/** A word's rows from the `offset`-th match on, at most up to the `end`-th, into `rows`. */
function listWord(
  word: number,
  i: number,
  before: number,
  offset: number,
  end: number,
  rows: number[],
): void {
  let at = before;
  let rest = word;
  while (rest !== 0 && at < end) {
    const low = rest & -rest;
    if (at >= offset) rows.push((i << 5) + 31 - Math.clz32(low));
    at += 1;
    rest ^= low;
  }
}

/**
 * One set's page: its count is known, so the walk stops once the page is listed. Returns the
 * page's rows.
 */
function pageOfOne(set: Bitset, shape: SetShape, offset: number, end: number): number[] {
  const rows: number[] = [];
  if (offset >= shape.count) return rows;
  let total = 0;
  const { words } = shape;
  const count = words === null ? set.length : words.length;
  for (let k = 0; k < count && total < end; k += 1) {
    const i = words === null ? k : (words[k] as number);
    const word = set[i] as number;
    if (word === 0) continue;
    const bits = popcount32(word);
    if (total + bits > offset) listWord(word, i, total, offset, end, rows);
    total += bits;
  }
  return rows;
}

/**
 * The AND of the sets: counted whole (`total`) and, in row order, the rows from the `offset`-th
 * match on, at most `limit` of them. The sets are of one length.
 * - One set: its count is kept, and the walk stops after the page.
 * - Several: one pass over the words where all may meet: the non-zero words of the set with
 *   the fewest of them when it is sparse (a district's rows are a block of the finder's order),
 *   else every word, the sparsest set first so a zero word skips the others. A word's rows are
 *   listed only when they fall in the page.
 */
export function intersectPage(
  sets: readonly Bitset[],
  offset: number,
  limit: number,
): { total: number; rows: number[] } {
  const first = sets[0];
  if (first === undefined) return { total: 0, rows: [] };
  const end = offset + limit;
  if (sets.length === 1) {
    const shape = shapeOf(first);
    return { total: shape.count, rows: pageOfOne(first, shape, offset, end) };
  }
  // The sparsest first; the driver is the set with the fewest listed words, if any is listed.
  const ordered = sets
    .map((set) => ({ set, shape: shapeOf(set) }))
    .sort((a, b) => a.shape.count - b.shape.count);
  let driver: Int32Array | null = null;
  for (const { shape } of ordered) {
    if (shape.words !== null && (driver === null || shape.words.length < driver.length)) {
      driver = shape.words;
    }
  }
  const inOrder = ordered.map(({ set }) => set);
  const lead = inOrder[0] as Bitset;
  const count = inOrder.length;
  const rows: number[] = [];
  let total = 0;
  const steps = driver === null ? lead.length : driver.length;
  for (let k = 0; k < steps; k += 1) {
    const i = driver === null ? k : (driver[k] as number);
    let word = lead[i] as number;
    for (let s = 1; s < count && word !== 0; s += 1) word &= (inOrder[s] as Bitset)[i] as number;
    if (word === 0) continue;
    const bits = popcount32(word);
    if (total + bits > offset && total < end) listWord(word, i, total, offset, end, rows);
    total += bits;
  }
  return { total, rows };
}
