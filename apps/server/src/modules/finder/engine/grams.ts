// Text posting lists (issue 17, decision 175): the distinct normalised search texts of a kind
// (doctors, venues, services: text/search-text.ts, decision 158) and, per gram, the texts holding
// it. Grams are code-point sequences: every single character and pair, and every run of three
// outside Chinese (Latin `li`, `lee`, `won`; Chinese unigrams and bigrams, 陳, 中環). A word of up
// to two characters, or three outside Chinese, is a gram itself: its postings are its texts,
// exactly. A longer word's texts hold all its grams: their postings intersected are the
// candidates, and each candidate text is then checked for the word itself. Texts are shared by
// many rows (a doctor's several service points, a venue's doctors), so a check is per text, not
// per row, and the count stays exact.

import { popcount32 } from './bitset';

/** A gram's key: its characters' codes (BMP; others as 0xffff) in 16 bits each, first highest. */
export type GramKey = number;

/** Code units standing for a character outside the BMP (several characters share it). */
const OTHER = 0xffff;

/** Characters of which only unigrams and bigrams are kept: CJK ideographs and their kin. */
export function isWide(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    code === OTHER
  );
}

/** A text's characters as 16-bit codes (characters outside the BMP as 0xffff). */
export function codesOf(text: string): number[] {
  const codes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    codes.push(code > 0xffff ? OTHER : code);
  }
  return codes;
}

function key1(a: number): GramKey {
  return a;
}
function key2(a: number, b: number): GramKey {
  return a * 0x10000 + b;
}
function key3(a: number, b: number, c: number): GramKey {
  return (a * 0x10000 + b) * 0x10000 + c;
}

/** The grams a text holds (each once, in no particular order). */
export function textGrams(text: string): Set<GramKey> {
  const grams = new Set<GramKey>();
  collectGrams(text, grams);
  return grams;
}

/** Puts the grams a text holds into `grams` (emptied first; reused while an index is built). */
function collectGrams(text: string, grams: Set<GramKey>): void {
  grams.clear();
  // The last three characters' codes, read one code point at a time.
  let a = -1;
  let b = -1;
  for (let i = 0; i < text.length; i += 1) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        c = OTHER;
        i += 1;
      }
    }
    grams.add(key1(c));
    if (b >= 0) {
      grams.add(key2(b, c));
      if (a >= 0 && !isWide(a) && !isWide(b) && !isWide(c)) grams.add(key3(a, b, c));
    }
    a = b;
    b = c;
  }
}

/**
 * The grams a text holding `word` must hold, and whether holding them is the same as holding the
 * word (`exact`: the word is a gram itself). An empty word has no grams and is in every text.
 */
export function wordGrams(word: string): { grams: GramKey[]; exact: boolean } {
  const codes = codesOf(word);
  const n = codes.length;
  const lossy = codes.includes(OTHER);
  if (n === 0) return { grams: [], exact: true };
  if (n === 1) return { grams: [key1(codes[0] as number)], exact: !lossy };
  if (n === 2) return { grams: [key2(codes[0] as number, codes[1] as number)], exact: !lossy };
  // Threes where they are kept, pairs elsewhere (a pair inside the three before it is skipped).
  const grams = new Set<GramKey>();
  let afterThree = false;
  for (let i = 0; i + 1 < n; i += 1) {
    const a = codes[i] as number;
    const b = codes[i + 1] as number;
    const c = codes[i + 2];
    if (c !== undefined && !isWide(a) && !isWide(b) && !isWide(c)) {
      grams.add(key3(a, b, c));
      afterThree = true;
    } else {
      if (!afterThree) grams.add(key2(a, b));
      afterThree = false;
    }
  }
  return { grams: [...grams], exact: n === 3 && !codes.some(isWide) };
}

export interface TextIndex {
  /** The distinct texts; a text's index is its id. */
  texts: string[];
  /** The grams held by any text, ascending. */
  keys: Float64Array;
  /** A sparse gram k's texts are ids[starts[k]..starts[k + 1]), ascending (none when dense). */
  starts: Int32Array;
  /** Two bytes an id while there are at most 65,536 texts (100,000 service points have fewer). */
  ids: Ids;
  /**
   * Grams held by so many texts that a bitset over the texts is smaller than their list (`a`,
   * `an`, ` r`): gram k's bitset is `dense[slot × words …]` for `slot = denseSlot[k]` ≥ 0.
   */
  denseSlot: Int32Array;
  dense: Uint32Array;
  /** 32-bit words of one dense gram's bitset (one bit per text). */
  words: number;
}

/** Text ids, ascending. */
export type Ids = Int32Array | Uint16Array;

/**
 * The texts' posting lists, packed in typed arrays: counted in a first pass over the texts'
 * grams and filled in a second, so no per-gram list is ever built (at 100,000 service points
 * there are millions of postings; lists of numbers would cost several times their size while a
 * snapshot is built beside the one in use). A gram held by more texts than a bitset over the
 * texts costs is kept as that bitset (decision 200): the few hundred commonest grams held
 * three quarters of the postings.
 */
export function buildTextIndex(texts: string[]): TextIndex {
  const counts = new Map<GramKey, number>();
  const grams = new Set<GramKey>();
  for (const text of texts) {
    collectGrams(text, grams);
    for (const gram of grams) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  const keys = Float64Array.from(counts.keys()).sort();
  const wide = texts.length > 0x10000;
  const words = (texts.length + 31) >>> 5;
  const denseSlot = new Int32Array(keys.length).fill(-1);
  const starts = new Int32Array(keys.length + 1);
  let slots = 0;
  keys.forEach((key, k) => {
    const count = counts.get(key) as number;
    // Dense: its list (2 or 4 bytes an id) would be larger than a bitset (4 bytes a word).
    if (count * (wide ? 4 : 2) > words * 4) {
      denseSlot[k] = slots;
      // From here on, the gram's slot, told from a list's next place by its sign.
      counts.set(key, -1 - slots);
      slots += 1;
      starts[k + 1] = starts[k] as number;
    } else {
      starts[k + 1] = (starts[k] as number) + count;
      // From here on, the next free place of the gram's list.
      counts.set(key, starts[k] as number);
    }
  });
  const total = starts[keys.length] as number;
  const ids = wide ? new Int32Array(total) : new Uint16Array(total);
  const dense = new Uint32Array(slots * words);
  texts.forEach((text, id) => {
    collectGrams(text, grams);
    for (const gram of grams) {
      const at = counts.get(gram) as number;
      if (at < 0) {
        const word = (-1 - at) * words + (id >>> 5);
        dense[word] = (dense[word] as number) | (1 << (id & 31));
      } else {
        ids[at] = id;
        counts.set(gram, at + 1);
      }
    }
  });
  return { texts, keys, starts, ids, denseSlot, dense, words };
}

/** A gram's place in the index's keys, or -1 when no text holds it. */
function gramIndex(index: TextIndex, gram: GramKey): number {
  const { keys } = index;
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((keys[mid] as number) < gram) low = mid + 1;
    else high = mid;
  }
  return keys[low] === gram ? low : -1;
}

/** The ids of the texts holding a gram, ascending, or undefined when none does. */
export function postingsOf(index: TextIndex, gram: GramKey): Ids | undefined {
  const k = gramIndex(index, gram);
  if (k < 0) return undefined;
  const slot = index.denseSlot[k] as number;
  if (slot >= 0)
    return idsOfBits(index.dense.subarray(slot * index.words, (slot + 1) * index.words));
  return index.ids.subarray(index.starts[k], index.starts[k + 1]);
}

/** The ids whose bits are set, ascending. */
function idsOfBits(bits: Uint32Array): Int32Array {
  let count = 0;
  for (const word of bits) if (word !== 0) count += popcount32(word);
  const out = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < bits.length; i += 1) {
    let word = bits[i] as number;
    while (word !== 0) {
      const low = word & -word;
      out[n] = (i << 5) + 31 - Math.clz32(low);
      n += 1;
      word ^= low;
    }
  }
  return out;
}

const NONE = new Int32Array(0);

/** The ids in both ascending lists (`a` the shorter), ascending. */
export function intersectSorted(a: Ids, b: Ids): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i += 1) {
    const value = a[i] as number;
    // Gallop through b to the first id ≥ value.
    if ((b[j] as number) < value) {
      let step = 1;
      let high = j + 1;
      while (high < b.length && (b[high] as number) < value) {
        j = high;
        step *= 2;
        high = j + step;
      }
      let low = j;
      high = Math.min(high, b.length);
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((b[mid] as number) < value) low = mid + 1;
        else high = mid;
      }
      j = low;
    }
    if (j < b.length && b[j] === value) {
      out[n] = value;
      n += 1;
      j += 1;
    }
  }
  return out.subarray(0, n);
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Candidates this few are checked against their texts rather than intersected further. */
const FEW = 8;

/** The ids of the texts holding `word`, ascending: exact, whatever the word. */
export function textsHolding(index: TextIndex, word: string): Int32Array {
  if (LONE_SURROGATE.test(word)) {
    // Half a character: no gram stands for it; look at every text.
    return Int32Array.from(index.texts.keys()).filter((id) =>
      (index.texts[id] as string).includes(word),
    );
  }
  const { grams, exact } = wordGrams(word);
  if (grams.length === 0) return Int32Array.from(index.texts.keys());
  const lists: Ids[] = [];
  const dense: Uint32Array[] = [];
  const { words } = index;
  for (const gram of grams) {
    const k = gramIndex(index, gram);
    if (k < 0) return NONE;
    const slot = index.denseSlot[k] as number;
    if (slot >= 0) dense.push(index.dense.subarray(slot * words, (slot + 1) * words));
    else lists.push(index.ids.subarray(index.starts[k], index.starts[k + 1]));
  }
  let candidates: Ids;
  if (lists.length === 0) {
    // Only common grams: the AND of their bitsets.
    const both = (dense[0] as Uint32Array).slice();
    for (let d = 1; d < dense.length; d += 1) {
      const other = dense[d] as Uint32Array;
      for (let i = 0; i < words; i += 1) both[i] = (both[i] as number) & (other[i] as number);
    }
    candidates = idsOfBits(both);
  } else {
    lists.sort((a, b) => a.length - b.length);
    candidates = lists[0] as Ids;
    for (let k = 1; k < lists.length && candidates.length > FEW; k += 1) {
      candidates = intersectSorted(candidates, lists[k] as Ids);
    }
    if (dense.length > 0 && candidates.length > FEW) {
      // The common grams' bits, tested per candidate.
      const kept = new Int32Array(candidates.length);
      let n = 0;
      for (const id of candidates) {
        const at = id >>> 5;
        const bit = 1 << (id & 31);
        if (dense.every((bits) => ((bits[at] as number) & bit) !== 0)) {
          kept[n] = id;
          n += 1;
        }
      }
      candidates = kept.subarray(0, n);
    }
  }
  if (exact) return Int32Array.from(candidates);
  const found: number[] = [];
  for (const id of candidates) if ((index.texts[id] as string).includes(word)) found.push(id);
  return Int32Array.from(found);
}
