/**
 * The portal's account and service-request addresses (issue 20, c20d), beside the shell's
 * `portalPaths`: `path` is the router pattern under `/:lang`, `href` the hash route.
 */
import { LANGUAGE_PREFIXES, type Language } from '@clinicpass/shared/i18n/languages';

const prefix = (language: Language): string => `/${LANGUAGE_PREFIXES[language]}`;

export const portalAccountPaths = {
  payments: {
    path: 'account/payments',
    href: (language: Language) => `${prefix(language)}/account/payments`,
  },
  security: {
    path: 'account/security',
    href: (language: Language) => `${prefix(language)}/account/security`,
  },
} as const;
