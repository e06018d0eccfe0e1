// JSON values kept once per content (decision 216). A snapshot holds what PostgreSQL sends
// per row: at 100,000 service points, 26,000 venues' opening hours parsed into 40 MB of
// objects, most of them the same few ranges, days and weeks; each venue's district written
// again per venue and language; each doctor's prices as objects of their own. Interned, equal
// values are one object, so the snapshot holds each distinct value once, at every depth: two
// weeks that differ only on Saturday still share their other days' ranges.
//
// Plain JSON values only (what JSON.parse makes). An interned value is shared and must never be
// changed. Objects are equal when they have the
// same keys in the same order with equal values (key order is kept: the answer writes JSON in
// the object's own order).

/** Keeps one copy of each distinct JSON value (strings, arrays, plain objects). */
export class JsonInterner {
  /** Interned objects and arrays by their shape key. */
  private readonly values = new Map<string, unknown>();
  private readonly strings = new Map<string, string>();
  /** An interned object's number, which stands for it in its parents' keys. */
  private readonly ids = new Map<object, number>();

  /** The kept value equal to `value` (`value` itself the first time). */
  intern<Value>(value: Value): Value {
    if (typeof value === 'string') {
      const kept = this.strings.get(value);
      if (kept !== undefined) return kept as Value;
      this.strings.set(value, value);
      return value;
    }
    if (value === null || typeof value !== 'object') return value;
    if (this.ids.has(value)) return value;
    let key: string;
    let copy: unknown;
    if (Array.isArray(value)) {
      const items = value.map((item: unknown) => this.intern(item));
      key = `[${items.map((item) => this.idOf(item)).join(',')}]`;
      copy = items;
    } else {
      const entries = Object.entries(value).map(
        ([name, item]) => [name, this.intern(item)] as const,
      );
      key = `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${this.idOf(item)}`).join(',')}}`;
      copy = Object.fromEntries(entries);
    }
    const kept = this.keep(key, copy);
    if (kept === copy) this.ids.set(kept as object, this.ids.size);
    return kept as Value;
  }

  /** How many distinct strings, arrays and objects are kept. */
  get size(): number {
    return this.values.size + this.strings.size;
  }

  private keep<Value>(key: string, value: Value): Value {
    const kept = this.values.get(key);
    if (kept !== undefined) return kept as Value;
    this.values.set(key, value);
    return value;
  }

  /** What stands for an interned value in a parent's key (each type apart: NaN is not null). */
  private idOf(value: unknown): string {
    if (value === null) return 'null';
    if (typeof value === 'object') return `#${String(this.ids.get(value))}`;
    if (typeof value === 'string') return JSON.stringify(value);
    if (Object.is(value, -0)) return 'number:-0';
    if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value}:${value}`;
    return typeof value;
  }
}
