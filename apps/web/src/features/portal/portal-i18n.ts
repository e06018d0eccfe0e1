/**
 * The portal's texts: the member app's language bundle (common texts, the error and validation
 * catalogues, sign-in) plus the portal's own namespaces, a chunk of their own per language
 * (src/locales/portal/<language>/*.json), so the member pages never load them.
 */
import type { Language } from '@clinicpass/shared/i18n/languages';

import { applyLanguage, i18n } from '../../lib/i18n';

const portalBundles: Record<
  Language,
  () => Promise<{ default: Record<string, Record<string, unknown>> }>
> = {
  en: () => import('../../locales/portal/en'),
  'zh-HK': () => import('../../locales/portal/zh-HK'),
};

const loaded = new Map<Language, Promise<void>>();

function loadPortalTexts(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (loading === undefined) {
    loading = portalBundles[language]().then(
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

/** Loads both the member app's and the portal's texts, then switches the language. */
export async function applyPortalLanguage(language: Language): Promise<void> {
  await loadPortalTexts(language);
  await applyLanguage(language);
}
