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

/**
 * The AND of the sets: counted whole (`total`) and, in row order, the rows from the `offset`-th
 * match on, at most `limit` of them. One pass over the words; a word's rows are listed only
 * when they fall in the page. The sets are of one length; the sparsest first is fastest.
 */
export function intersectPage(
  sets: readonly Bitset[],
  offset: number,
  limit: number,
): { total: number; rows: number[] } {
  const first = sets[0];
  if (first === undefined) return { total: 0, rows: [] };
  const end = offset + limit;
  const rows: number[] = [];
  let total = 0;
  const count = sets.length;
  const words = first.length;
  for (let i = 0; i < words; i += 1) {
    let word = first[i] as number;
    for (let k = 1; k < count && word !== 0; k += 1) word &= (sets[k] as Bitset)[i] as number;
    if (word === 0) continue;
    const bits = popcount32(word);
    if (total + bits > offset && total < end) {
      let at = total;
      while (word !== 0) {
        const low = word & -word;
        if (at >= offset && at < end) rows.push((i << 5) + 31 - Math.clz32(low));
        at += 1;
        word ^= low;
      }
    }
    total += bits;
  }
  return { total, rows };
}
