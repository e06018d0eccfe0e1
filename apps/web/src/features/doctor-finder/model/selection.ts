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
