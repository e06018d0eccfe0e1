import i18next from 'i18next';
import type { i18n } from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';
import type { Language } from './languages';

/** Resources per language and namespace: `{ en: { common: {...}, errors: {...} }, 'zh-HK': ... }`. */
export type I18nResources = Record<Language, Record<string, Record<string, unknown>>>;

export interface CreateI18nOptions {
  /** Namespace `t` reads without a prefix; defaults to the first namespace of the English resources. */
  defaultNS?: string;
}

/**
 * An initialised i18next instance over in-memory resources, ready on return: the resources are
 * bundled, so nothing loads asynchronously and the first render already has its texts.
 */
export function createI18n(
  resources: I18nResources,
  language: Language,
  options: CreateI18nOptions = {},
): i18n {
  const namespaces = Object.keys(resources[FALLBACK_LANGUAGE]);
  const instance = i18next.createInstance();
  // With initAsync false and inline resources, init finishes before it returns; the promise
  // only repeats that.
  void instance.init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // 'zh-HK' names our one Chinese resource; never look for a plain 'zh'.
    load: 'currentOnly',
    ns: namespaces,
    defaultNS: options.defaultNS ?? namespaces[0] ?? 'translation',
    returnNull: false,
    initAsync: false,
    // React escapes what it renders; escaping here would show &amp; to the member.
    interpolation: { escapeValue: false },
  });
  return instance;
}
