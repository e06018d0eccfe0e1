import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  languageFromPrefix,
  pickLanguage,
  type Language,
} from '@clinicpass/shared/i18n/languages';

/** localStorage key of the language the member chose with the language switcher. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** `<html lang>` per language: Traditional Chinese as written in Hong Kong. */
export const HTML_LANG = { en: 'en', 'zh-HK': 'zh-Hant-HK' } as const satisfies Record<
  Language,
  string
>;

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

// Storage can be unavailable (disabled, or private browsing on older Safari): the member still
// gets their browser's language, so failures are ignored.
export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored === null ? null : languageFromPrefix(stored);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // see readStoredLanguage
  }
}

/** The language for an address without a prefix: the stored choice, else the browser's. */
export function preferredLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored !== null) return stored;
  if (typeof navigator === 'undefined') return FALLBACK_LANGUAGE;
  const tags = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return pickLanguage(tags);
}
