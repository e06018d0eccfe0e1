/**
 * The portal's texts: its `portal` namespace and the member app's common texts, a chunk of their
 * own per language (src/locales/portal/<language>.ts), so the member pages never load them and
 * the portal does not load the member app's whole bundle (the finder's, the home page's, …
 * texts: decision 210). The shared error and validation catalogues: English in `i18n` from the
 * start, Chinese in the Chinese bundle (decision 315).
 * The namespaces some pages show besides (the account pages' `portal-account`, the sign-in
 * forms' `auth`, the QR card's `member-card`) are loaded by those pages' routes
 * (`loadPageTexts`), each file a chunk of its own.
 */
import { languageFromPrefix, type Language } from '@clinicpass/shared/i18n/languages';

import { i18n, showLanguage } from '../../lib/i18n';

type Namespaces = Record<string, Record<string, unknown>>;

const portalBundles: Record<Language, () => Promise<{ default: Namespaces }>> = {
  en: () => import('../../locales/portal/en'),
  'zh-HK': () => import('../../locales/portal/zh-HK'),
};

/** Namespaces some portal pages show, each file a chunk of its own. */
export type PageNamespace = 'portal-account' | 'auth' | 'member-card';
const pageFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../../locales/portal/*/portal-account.json',
    '../../locales/{en,zh-HK}/auth.json',
    '../../locales/{en,zh-HK}/member-card.json',
  ],
  { import: 'default' },
);
const pageFile = (language: Language, namespace: PageNamespace) =>
  pageFiles[
    namespace === 'portal-account'
      ? `../../locales/portal/${language}/${namespace}.json`
      : `../../locales/${language}/${namespace}.json`
  ];

const loaded = new Map<string, Promise<void>>();

/** Loads once under `key` (a failed load is tried again next time) and adds what it gives. */
function loadOnce(key: string, language: Language, load: () => Promise<Namespaces>) {
  let loading = loaded.get(key);
  if (loading === undefined) {
    loading = load().then(
      (namespaces) => {
        for (const [namespace, texts] of Object.entries(namespaces)) {
          i18n.addResourceBundle(language, namespace, texts, true, true);
        }
      },
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** Loads the portal's texts of a language, then switches to it. */
export async function applyPortalLanguage(language: Language): Promise<void> {
  await loadOnce(
    `portal/${language}`,
    language,
    async () => (await portalBundles[language]()).default,
  );
  await showLanguage(language);
}

/**
 * Loads a page's further namespaces in the language of its route's `:lang` (a route loader: it
 * runs again when the language switch changes the prefix). An unknown prefix loads nothing: the
 * language route replaces it.
 */
export async function loadPageTexts(
  prefix: string | undefined,
  namespaces: readonly PageNamespace[],
): Promise<null> {
  const language = languageFromPrefix(prefix);
  if (language === null) return null;
  await Promise.all(
    namespaces.map((namespace) => {
      const file = pageFile(language, namespace);
      if (file === undefined) throw new Error(`no ${language} texts for ${namespace}`);
      return loadOnce(`${language}/${namespace}`, language, async () => ({
        [namespace]: await file(),
      }));
    }),
  );
  return null;
}
