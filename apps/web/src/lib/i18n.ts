import {
  FALLBACK_LANGUAGE,
  LANGUAGE_PREFIXES,
  type Language,
} from '@clinicpass/shared/i18n/languages';
import { createI18n } from '@clinicpass/shared/i18n/setup';
import { useTranslation } from 'react-i18next';

import { resources } from '../locales/resources';

import { HTML_LANG, isLanguage } from './language';
import { setManifestLanguage } from './service-worker';

/**
 * The app's i18next instance (given to React by `AppProviders`). Resources are bundled, so it
 * is ready on import and language changes are synchronous: no component suspends for text.
 */
export const i18n = createI18n(resources, FALLBACK_LANGUAGE, { defaultNS: 'common' });

/** Switches the text language and the document's `lang`; the route prefix decides it. */
export async function applyLanguage(language: Language): Promise<void> {
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
