import { errorMessagesEn } from '@clinicpass/shared/errors/messages-en';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_PREFIXES,
  type Language,
} from '@clinicpass/shared/i18n/languages';
import { ERRORS_NAMESPACE, VALIDATION_NAMESPACE } from '@clinicpass/shared/i18n/namespaces';
import { createI18n } from '@clinicpass/shared/i18n/setup';
import { validationMessagesEn } from '@clinicpass/shared/validation/messages-en';
import { useTranslation } from 'react-i18next';

import { HTML_LANG, isLanguage } from './language';
import { setManifestLanguage } from './service-worker';

/**
 * The app's i18next instance (given to React by `AppProviders`). Each language's texts are a
 * chunk of their own (src/locales/bundles/, decision 149), loaded before a page in that language
 * renders: the language loader of `/:lang` awaits `applyLanguage`, so no component renders (or
 * suspends) without its texts. The shared error and validation catalogues: English, the
 * fallback language, from the start (the API client's own messages are English, so it is in the
 * start anyway); Chinese in the Chinese bundles (decision 315).
 */
export const i18n = createI18n(
  {
    en: { [ERRORS_NAMESPACE]: errorMessagesEn, [VALIDATION_NAMESPACE]: validationMessagesEn },
    'zh-HK': {},
  },
  FALLBACK_LANGUAGE,
  { defaultNS: 'common' },
);

const bundles: Record<
  Language,
  () => Promise<{ default: Record<string, Record<string, unknown>> }>
> = {
  en: () => import('../locales/bundles/en'),
  'zh-HK': () => import('../locales/bundles/zh-HK'),
};
const loaded = new Map<Language, Promise<void>>();

/** Loads a language's texts into `i18n` (once; a failed load is tried again next time). */
export function loadLanguage(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (loading === undefined) {
    loading = bundles[language]().then(
      ({ default: namespaces }) => {
        for (const [namespace, texts] of Object.entries(namespaces)) {
          i18n.addResourceBundle(language, namespace, texts, true, true);
        }
      },
      (error: unknown) => {
        loaded.delete(language);
        throw error;
      },
    );
    loaded.set(language, loading);
  }
  return loading;
}

/** Switches the text language and the document's `lang`; the route prefix decides it. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await showLanguage(language);
}

/**
 * Switches to a language whose texts are already in `i18n` (the portal loads its own selection
 * of them, features/portal/portal-i18n.ts): the text language, the document's `lang`, the
 * manifest.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
  setManifestLanguage(LANGUAGE_PREFIXES[language]);
}

/** The language in use (set from the address prefix before any page renders). */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const current = instance.resolvedLanguage ?? instance.language;
  return isLanguage(current) ? current : FALLBACK_LANGUAGE;
}
