import { useTranslation } from 'react-i18next';

import { paths } from '../config/paths';
import { useLanguage } from '../lib/i18n';

import { StatusPage } from './status-page';

/** The generic error page (spec §2.1 item 8): no technical detail, a way back home. */
export function ErrorPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <StatusPage
      documentTitle={t('errorPage.documentTitle')}
      heading={t('errorPage.heading')}
      body={t('errorPage.body')}
      action={{ label: t('errorPage.backHome'), to: paths.home.getHref(language) }}
    />
  );
}
