import type { Language } from '@clinicpass/shared/i18n/languages';

import { i18n } from '../../../lib/i18n';

/**
 * The clinic counter's texts are a chunk of their own, loaded by its route only: the member
 * pages' language bundles leave `clinic.json` out (locales/bundles/).
 */
const files: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../../locales/en/clinic.json'),
  'zh-HK': () => import('../../../locales/zh-HK/clinic.json'),
};

export async function loadClinicTexts(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'clinic')) return;
  const { default: texts } = await files[language]();
  i18n.addResourceBundle(language, 'clinic', texts, true, true);
}
