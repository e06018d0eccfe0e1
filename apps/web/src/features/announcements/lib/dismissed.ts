// Dismissed announcement ids, remembered in local storage (spec §6) and pruned to the ids still
// served, so the list never grows with announcements that are long gone.
export const DISMISSED_STORAGE_KEY = 'dismissed-announcements';

export function parseDismissed(raw: string | null): number[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((id): id is number => typeof id === 'number' && Number.isInteger(id))
      : [];
  } catch {
    return [];
  }
}

/** The dismissed ids that are still served; the rest are forgotten. */
export function pruneDismissed(dismissed: readonly number[], served: readonly number[]): number[] {
  const live = new Set(served);
  return [...new Set(dismissed)].filter((id) => live.has(id));
}

export function addDismissed(dismissed: readonly number[], id: number): number[] {
  return dismissed.includes(id) ? [...dismissed] : [...dismissed, id];
}

export function readDismissed(): number[] {
  try {
    return parseDismissed(window.localStorage.getItem(DISMISSED_STORAGE_KEY));
  } catch {
    return [];
  }
}

export function writeDismissed(ids: readonly number[]): void {
  try {
    if (ids.length === 0) window.localStorage.removeItem(DISMISSED_STORAGE_KEY);
    else window.localStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: the banner comes back on the next visit, nothing worse.
  }
}
