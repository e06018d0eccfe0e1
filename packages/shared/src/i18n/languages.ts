/** Languages of the app: i18next codes and the lowercase prefixes used in addresses. */
export const LANGUAGES = ['en', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/** Route prefix per language: `/en/…` and `/zh-hk/…`. */
export const LANGUAGE_PREFIXES = { en: 'en', 'zh-HK': 'zh-hk' } as const satisfies Record<
  Language,
  string
>;
export type LanguagePrefix = (typeof LANGUAGE_PREFIXES)[Language];

/** The language a route prefix stands for, or null when the prefix is not one of ours. */
export function languageFromPrefix(prefix: string | undefined): Language | null {
  if (prefix === undefined) return null;
  const lower = prefix.toLowerCase();
  for (const language of LANGUAGES) {
    if (LANGUAGE_PREFIXES[language] === lower) return language;
  }
  return null;
}

/**
 * Best supported language for a list of browser or header language tags: any `zh` tag
 * (zh-HK, zh-TW, zh-Hant, zh) reads Traditional Chinese; anything else falls back to English.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.trim().toLowerCase();
    if (lower.startsWith('zh')) return 'zh-HK';
    if (lower.startsWith('en')) return 'en';
  }
  return FALLBACK_LANGUAGE;
}
