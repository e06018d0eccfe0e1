/**
 * All translation resources: one JSON file per namespace and language under `en/` and
 * `zh-HK/`, plus the shared error catalogue as the `errors` namespace and the shared validation catalogue
 * as `validation`. English is the source
 * (its shape types `t()` keys, see `i18next.d.ts`); `resources.test.ts` fails on a key missing
 * or empty in either language. To add a namespace: add both JSON files, one line in each
 * object below, and one line in `i18next.d.ts`.
 */
import { ERRORS_NAMESPACE, errorResources } from '@clinicpass/shared/errors/messages';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { VALIDATION_NAMESPACE, validationResources } from '@clinicpass/shared/validation/messages';

import enAuth from './en/auth.json';
import enCaptcha from './en/captcha.json';
import enClinic from './en/clinic.json';
import enAnnouncements from './en/announcements.json';
import enCommon from './en/common.json';
import enDoctorFinder from './en/doctor-finder.json';
import enFinderNames from './en/finder-names.json';
import enHome from './en/home.json';
import enMemberCard from './en/member-card.json';
import zhAuth from './zh-HK/auth.json';
import zhCaptcha from './zh-HK/captcha.json';
import zhClinic from './zh-HK/clinic.json';
import enOutpatient from './en/outpatient.json';
import zhAnnouncements from './zh-HK/announcements.json';
import enNetwork from './en/network.json';
import zhCommon from './zh-HK/common.json';
import zhDoctorFinder from './zh-HK/doctor-finder.json';
import zhFinderNames from './zh-HK/finder-names.json';
import zhHome from './zh-HK/home.json';
import zhMemberCard from './zh-HK/member-card.json';
import zhOutpatient from './zh-HK/outpatient.json';
import zhNetwork from './zh-HK/network.json';
// The portal's namespaces: their own chunk (locales/portal/), never in the member app's bundles.
import enPortal from './portal/en/portal.json';
import enPortalAccount from './portal/en/portal-account.json';
import zhPortal from './portal/zh-HK/portal.json';
import zhPortalAccount from './portal/zh-HK/portal-account.json';

export const en = {
  common: enCommon,
  home: enHome,
  'member-card': enMemberCard,
  outpatient: enOutpatient,
  announcements: enAnnouncements,
  'doctor-finder': enDoctorFinder,
  'finder-names': enFinderNames,
  auth: enAuth,
  network: enNetwork,
  captcha: enCaptcha,
  clinic: enClinic,
  portal: enPortal,
  'portal-account': enPortalAccount,
  [ERRORS_NAMESPACE]: errorResources.en,
  [VALIDATION_NAMESPACE]: validationResources.en,
};

export const resources = {
  en,
  'zh-HK': {
    common: zhCommon,
    home: zhHome,
    'member-card': zhMemberCard,
    outpatient: zhOutpatient,
    announcements: zhAnnouncements,
    'doctor-finder': zhDoctorFinder,
    'finder-names': zhFinderNames,
    auth: zhAuth,
    network: zhNetwork,
    captcha: zhCaptcha,
    clinic: zhClinic,
    portal: zhPortal,
    'portal-account': zhPortalAccount,
    [ERRORS_NAMESPACE]: errorResources['zh-HK'],
    [VALIDATION_NAMESPACE]: validationResources['zh-HK'],
  },
} satisfies Record<Language, Record<keyof typeof en, Record<string, unknown>>>;
