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
    /** Member card flow: identify with HKID + applicant phone, then the QR codes. */
    memberCard: {
      path: 'outpatient/e-card/member',
      getHref: (language: Language) => `${prefix(language)}/outpatient/e-card/member`,
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
  /** Shows the generic error page on purpose (support and tests); nothing is thrown. */
  errorPage: {
    path: 'oops',
    getHref: (language: Language) => `${prefix(language)}/oops`,
  },
} as const;

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
