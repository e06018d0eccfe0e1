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
