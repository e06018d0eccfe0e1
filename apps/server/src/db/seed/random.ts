// A small seeded pseudo-random generator for the synthetic seed data. sfc32 (Chris Doty-Humphrey's
// Small Fast Counter) over 32-bit integers: the same seed gives the same sequence on every run,
// machine and Node version, unlike Math.random. Not for anything secret.

/** The seed the network generator uses unless told otherwise. */
export const DEFAULT_SEED = 20_260_601;

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One element, with probability proportional to its weight (weights ≥ 0, at least one > 0). */
  weightedPick<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** True with probability p. */
  chance(p: number): boolean;
}

/** Spreads a 32-bit seed over the four words of sfc32's state (splitmix32). */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

export function createRandom(seed: number = DEFAULT_SEED): Random {
  const mix = splitmix32(seed);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs so nearby seeds diverge.
  for (let i = 0; i < 12; i++) nextUint32();

  const next = (): number => nextUint32() / 4_294_967_296;

  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`int(${min}, ${max}): need integers with min ≤ max`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty array');
    return items[Math.floor(next() * items.length)] as T;
  };

  const weightedPick = <T>(items: readonly (readonly [T, number])[]): T => {
    let total = 0;
    for (const [, weight] of items) total += weight;
    if (!(total > 0)) throw new RangeError('weightedPick needs a positive total weight');
    let roll = next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    // Floating-point leftovers: the last item with weight.
    for (let i = items.length - 1; i >= 0; i--) {
      const entry = items[i] as readonly [T, number];
      if (entry[1] > 0) return entry[0];
    }
    throw new RangeError('unreachable');
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };

  const chance = (p: number): boolean => next() < p;

  return { next, int, pick, weightedPick, shuffle, chance };
}

/**
 * Picks by weight in O(log n) from a fixed list: for the many thousands of venue picks of a
 * large network, where weightedPick's linear scan would be quadratic.
 */
export class WeightedTable<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map(([item]) => item);
    this.cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach(([, weight], i) => {
      sum += Math.max(0, weight);
      this.cumulative[i] = sum;
    });
    if (!(sum > 0)) throw new RangeError('WeightedTable needs a positive total weight');
    this.total = sum;
  }

  pick(random: Random): T {
    const roll = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > roll) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
