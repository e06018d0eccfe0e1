import 'i18next';

import type { ErrorMessageKey } from '@clinicpass/shared/errors/messages';
import type { ValidationKey } from '@clinicpass/shared/validation/messages';

import type { en } from './locales/resources';

// Typed keys: `t('home:heading')` compiles only if the English resource has the key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
  interface ResourceNamespaceMap {
    common: typeof en.common;
    home: typeof en.home;
    'member-card': (typeof en)['member-card'];
    outpatient: typeof en.outpatient;
    announcements: typeof en.announcements;
    'doctor-finder': (typeof en)['doctor-finder'];
    'finder-names': (typeof en)['finder-names'];
    auth: typeof en.auth;
    network: typeof en.network;
    captcha: typeof en.captcha;
    clinic: typeof en.clinic;
    portal: typeof en.portal;
    'portal-account': (typeof en)['portal-account'];
    errors: Record<ErrorMessageKey, string>;
    validation: Record<ValidationKey, string>;
  }
}
