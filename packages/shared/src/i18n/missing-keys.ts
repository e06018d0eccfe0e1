import type { Language } from './languages';

/**
 * Keys present in one language and missing or empty in another, as dotted paths with the
 * language that lacks them: `'common.title (missing in zh-HK)'`. Sorted, so a test can compare
 * the result with `[]` and print what to add.
 */
export function findMissingKeys(resources: Record<Language, object>): string[] {
  const entries = Object.entries(resources) as [Language, object][];
  const leavesByLanguage = new Map(
    entries.map(([language, tree]) => [language, leafKeys(tree)] as const),
  );
  const allKeys = new Set([...leavesByLanguage.values()].flatMap((leaves) => [...leaves.keys()]));
  const missing: string[] = [];
  for (const key of [...allKeys].sort()) {
    for (const [language, leaves] of leavesByLanguage) {
      if (!isFilled(leaves.get(key))) missing.push(`${key} (missing in ${language})`);
    }
  }
  return missing;
}

function leafKeys(tree: object, prefix = '', leaves = new Map<string, unknown>()) {
  for (const [name, value] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'object' && value !== null) leafKeys(value, key, leaves);
    else leaves.set(key, value);
  }
  return leaves;
}

// An empty text falls back to English at run time, so it is as good as missing.
function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}
