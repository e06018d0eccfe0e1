/**
 * The portal's addresses (decision 195). The portal is one page, `/portal/` (configurable:
 * `env.accountPortalUrl`), whose hash holds the route under the language:
 * `/portal/#/{en|zh-hk}/…`, the main application's route family (platform-layer §2). `path` is
 * the router pattern under `/:lang`; `href` the hash route (what the hash router navigates to);
 * `portalHref` turns a hash route into the full address other pages link to.
 */
import { LANGUAGE_PREFIXES, type Language } from '@clinicpass/shared/i18n/languages';

import { env } from '../../config/env';

const prefix = (language: Language): string => `/${LANGUAGE_PREFIXES[language]}`;
const segment = (value: string | number): string => encodeURIComponent(String(value));

/** The sections of `manage/p/:id/…` the platform API serves, in the order the tabs show them. */
export const MANAGE_SECTIONS = [
  'details',
  'invoices',
  'payment-method',
  'history',
  'tax-report',
  'renewal',
  'visit-record',
] as const;
export type ManageSection = (typeof MANAGE_SECTIONS)[number];

export const portalPaths = {
  myPolicies: {
    path: 'my-policies',
    href: (language: Language) => `${prefix(language)}/my-policies`,
  },
  policy: {
    path: 'my-policies/p/:id',
    href: (language: Language, id: string | number) =>
      `${prefix(language)}/my-policies/p/${segment(id)}`,
  },
  applicationCase: {
    path: 'my-policies/a/:id',
    href: (language: Language, id: string | number) =>
      `${prefix(language)}/my-policies/a/${segment(id)}`,
  },
  manage: {
    path: 'manage/p/:id',
    href: (language: Language, id: string | number, section: ManageSection = 'details') =>
      `${prefix(language)}/manage/p/${segment(id)}/${section}`,
  },
  account: {
    path: 'account',
    href: (language: Language) => `${prefix(language)}/account`,
  },
  serviceRequests: {
    path: 'service-requests',
    href: (language: Language) => `${prefix(language)}/service-requests`,
  },
} as const;

/** The portal page's own address (no trailing slash), e.g. `/portal`. */
export const portalBase = (): string => env.accountPortalUrl;

/** The full address of a hash route, e.g. `/portal/#/en/my-policies`. */
export const portalHref = (hashRoute: string): string => `${portalBase()}/#${hashRoute}`;
