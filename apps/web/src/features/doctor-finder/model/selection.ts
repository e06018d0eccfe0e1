/** Something a member can pick: a district, a service or a specialty. */
export interface Identified {
  id?: number | string | null;
  code?: string | null;
}

/**
 * Whether two filter items are the same (spec §5): by code when both have one, else by id.
 * Ids compare as text, since the address carries them as text.
 */
export function isSameItem(a: Identified, b: Identified): boolean {
  if (a.code && b.code) return a.code === b.code;
  if (a.id === undefined || a.id === null || b.id === undefined || b.id === null) return false;
  return String(a.id) === String(b.id);
}

/** Case-insensitive match of picker search text against any of an item's names. */
export function matchesSearch(
  text: string,
  names: readonly (string | null | undefined)[],
): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return names.some((name) => name?.toLocaleLowerCase().includes(needle) ?? false);
}

/**
 * Whether two picker values (lists, tuples, plain objects of them, or null) hold the same
 * data: a picker closed without a change commits nothing (spec §4 resets the page and the
 * expansion flag only when a filter changes).
 */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isSameValue(item, b[index]));
  }
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) ||
    Array.isArray(b)
  ) {
    return false;
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) =>
        Object.hasOwn(b, key) && isSameValue((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}
