/**
 * Every address in the app is built here. Each entry gives the router pattern (relative to the
 * language segment, so the router mounts it under `/:lang`) and `getHref`, which builds the full
 * address for a language. Components never concatenate URLs themselves.
 */
import {
  LANGUAGE_PREFIXES,
  languageFromPrefix,
  type Language,
} from '@clinicpass/shared/i18n/languages';

import type { Panel } from './panels';

const prefix = (language: Language): string => `/${LANGUAGE_PREFIXES[language]}`;
const segment = (value: string): string => encodeURIComponent(value);

export const paths = {
  home: {
    path: '',
    getHref: (language: Language) => prefix(language),
  },
  outpatient: {
    /** Base of the outpatient sub-app (spec §2.2). */
    base: {
      path: 'outpatient',
      getHref: (language: Language) => `${prefix(language)}/outpatient`,
    },
    /** `/apply[/:token]`: hands over to the main application (spec §2.2). */
    apply: {
      path: 'outpatient/apply/:token?',
    },
    /** `/e-card` (exact): to the owner's cards when signed in, else the member card form. */
    eCard: {
      path: 'outpatient/e-card',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card`,
    },
    /** Member card flow: identify with HKID + applicant phone, then the QR codes. */
    memberCard: {
      path: 'outpatient/e-card/member',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/member`,
    },
    /** The policy owner's e-cards: where a sign-in lands by default (spec §2.2). */
    eCardOwner: {
      path: 'outpatient/e-card/owner',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/owner`,
    },
    /** Sign-in (spec §2.3); `search` (with its `?`) is kept, e.g. `next`. */
    login: {
      path: 'outpatient/login',
      getHref: (language: Language, search = '') => `${prefix(language)}/outpatient/login${search}`,
      /** Sign-in that comes back to `next` afterwards. */
      withNext: (language: Language, next: string) =>
        `${prefix(language)}/outpatient/login?next=${encodeURIComponent(next)}`,
    },
    forgotPassword: {
      path: 'outpatient/forgot-password',
      getHref: (language: Language, search = '') =>
        `${prefix(language)}/outpatient/forgot-password${search}`,
    },
    /** First-time login: set a password with an emailed code. */
    setPassword: {
      path: 'outpatient/set-password',
      getHref: (language: Language, search = '') =>
        `${prefix(language)}/outpatient/set-password${search}`,
    },
    /** Who is signed in, phone verification, sign-out. */
    account: {
      path: 'outpatient/account',
      getHref: (language: Language) => `${prefix(language)}/outpatient/account`,
    },
    /** The member pages behind the bottom navigation (after a look-up). */
    memberQr: {
      path: 'qr',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/member/qr`,
    },
    memberBodyCheck: {
      path: 'body-check',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/member/body-check`,
    },
    memberDoctors: {
      path: 'doctors',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/member/doctors`,
    },
    memberMembership: {
      path: 'membership',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/member/membership`,
    },
    /** One member's card behind a shared link (the token travels in the fragment). */
    shared: {
      path: 'outpatient/e-card/shared',
      getHref: (language: Language, token?: string) =>
        `${prefix(language)}/outpatient/e-card/shared${token === undefined ? '' : `#t=${segment(token)}`}`,
    },
    /** Anything else under the sub-app: not found, with a link back to its base. */
    anything: {
      path: 'outpatient/*',
    },
    /** Doctor finder inside the outpatient sub-app. */
    doctorList: {
      path: 'outpatient/doctor-list/:panel/:policy_number',
      getHref: (language: Language, panel: Panel, policyNumber: string) =>
        `${prefix(language)}/outpatient/doctor-list/${panel}/${segment(policyNumber)}`,
    },
  },
  network: {
    /** A policy's medical-network screen: find-doctor button, service code, card, help. */
    home: {
      path: 'health/network/:policy_number',
      getHref: (language: Language, policyNumber: string) =>
        `${prefix(language)}/health/network/${segment(policyNumber)}`,
    },
    /** The service-code QR screen (before / after consultation tabs). */
    serviceCode: {
      path: 'health/network/:policy_number/service-code',
      getHref: (language: Language, policyNumber: string) =>
        `${prefix(language)}/health/network/${segment(policyNumber)}/service-code`,
    },
    /** Doctor finder under the main application's network root (spec §2.2). */
    panel: {
      path: 'health/network/:panel/:policy_number',
      getHref: (language: Language, panel: Panel, policyNumber: string) =>
        `${prefix(language)}/health/network/${panel}/${segment(policyNumber)}`,
    },
  },
  /**
   * The main application's pages this app stands in for (decision 196): what `mainAppApplyHref`
   * and the network links reach when VITE_MAIN_APP_URL is not set.
   */
  mainApp: {
    apply: {
      path: 'apply/*',
      getHref: (language: Language) => `${prefix(language)}/apply/new/activation`,
    },
    network: {
      path: 'health/network',
      getHref: (language: Language) => `${prefix(language)}/health/network`,
    },
  },
  /** Shows the generic error page on purpose (support and tests); nothing is thrown. */
  errorPage: {
    path: 'oops',
    getHref: (language: Language) => `${prefix(language)}/oops`,
  },
} as const;

/**
 * The main application's apply address for the outpatient `/apply` route (spec §2.2): `/apply`
 * when the query has an `id`, else `/apply/new/activation[/:token]`; language prefix `en` or
 * `zh-hk`; the query string kept.
 */
export function mainAppApplyHref(
  mainAppUrl: string,
  language: Language,
  search: string,
  token: string | undefined,
): string {
  const query = new URLSearchParams(search);
  const tail = query.has('id')
    ? '/apply'
    : `/apply/new/activation${token === undefined || token === '' ? '' : `/${segment(token)}`}`;
  return `${mainAppUrl}${prefix(language)}${tail}${search}`;
}

/** The account portal's "my policies" hash route under the language code (`en` or `zh-hk`). */
export function accountPortalPoliciesHref(portalUrl: string, language: Language): string {
  return `${portalUrl}/#/${LANGUAGE_PREFIXES[language]}/my-policies`;
}

/** Where the finder for a panel and policy lives; the outpatient address is the canonical one. */
export const doctorFinderHref = (language: Language, panel: Panel, policyNumber: string): string =>
  paths.outpatient.doctorList.getHref(language, panel, policyNumber);

/**
 * The same address in another language: swaps a known language prefix, or adds one to a bare
 * path. Query and hash are the caller's to keep (they are not part of `pathname`).
 */
export function localizePathname(pathname: string, language: Language): string {
  const [, first, ...rest] = pathname.split('/');
  const remainder = languageFromPrefix(first) === null ? [first, ...rest] : rest;
  const tail = remainder.filter((part, index) => part !== '' || index < remainder.length - 1);
  return tail.length === 0 ? prefix(language) : `${prefix(language)}/${tail.join('/')}`;
}

/**
 * Whether an address of this site is one of the member app's own pages (its first segment a
 * language prefix), which its router shows; anything else (the portal at `/portal/#/…`) is
 * another page of the site, reached with a full page load.
 */
export function isMemberAppPath(address: string): boolean {
  const [, first] = address.split(/[?#]/)[0]?.split('/') ?? [];
  return languageFromPrefix(first) !== null;
}
