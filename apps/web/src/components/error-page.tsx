import { useTranslation } from 'react-i18next';

import { isApiError } from '@clinicpass/shared/api-client/client';

import { paths } from '../config/paths';
import { useLanguage } from '../lib/i18n';

import { StatusPage } from './status-page';

/**
 * Whether a page failed because the phone is offline: the browser says so, a call got no answer
 * (`network_error`), or the page's code could not be downloaded (each browser's words for a
 * failed `import()`).
 */
export function isOfflineFailure(error: unknown): boolean {
  if (!navigator.onLine) return true;
  if (isApiError(error)) return error.code === 'network_error';
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script failed/i.test(error.message)
  );
}

/**
 * The generic error page (spec §2.1 item 8): no technical detail, a way back home. Offline, it
 * says so instead (decision 223), and leads to the member card, which a member who kept it on
 * this device can still open.
 */
export function ErrorPage({ offline = false }: { offline?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (offline) {
    return (
      <StatusPage
        documentTitle={t('offlinePage.documentTitle')}
        heading={t('offlinePage.heading')}
        body={t('offlinePage.body')}
        action={{ label: t('offlinePage.toCard'), to: paths.outpatient.memberQr.getHref(language) }}
      />
    );
  }
  return (
    <StatusPage
      documentTitle={t('errorPage.documentTitle')}
      heading={t('errorPage.heading')}
      body={t('errorPage.body')}
      action={{ label: t('errorPage.backHome'), to: paths.home.getHref(language) }}
    />
  );
}
