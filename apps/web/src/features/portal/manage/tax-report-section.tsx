import { useTranslation } from 'react-i18next';

import { EmptyState } from '../components/states';

import type { SectionProps } from './sections';

export function TaxReportSection(_props: SectionProps) {
  const { t } = useTranslation('portal');
  return <EmptyState>{t('manage.notYet')}</EmptyState>;
}
