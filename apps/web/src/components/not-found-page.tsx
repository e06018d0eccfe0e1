import { useTranslation } from 'react-i18next';

import { paths } from '../config/paths';
import { useLanguage } from '../lib/i18n';

import { StatusPage } from './status-page';

/** "Not Found" with a way back home (spec §2.1 item 8). `backTo` overrides the destination. */
export function NotFoundPage({ backTo }: { backTo?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <StatusPage
      documentTitle={t('notFound.documentTitle')}
      heading={t('notFound.heading')}
      body={t('notFound.body')}
      action={{ label: t('notFound.backHome'), to: backTo ?? paths.home.getHref(language) }}
    />
  );
}
