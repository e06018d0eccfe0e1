import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { useTaxReports } from '../api/policies';
import { DocumentLinks } from '../components/document-list';
import { EmptyState, QueryState } from '../components/states';
import { formatDate } from '../lib/format';

import type { SectionProps } from './sections';

/** `tax-report`: the policy's tax reports (premiums paid per tax year), each a document. */
export function TaxReportSection({ policy }: SectionProps) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const reports = useTaxReports(policy.policy_number);
  return (
    <QueryState query={reports}>
      {(page) =>
        page.results.length === 0 ? (
          <EmptyState>{t('taxReport.none')}</EmptyState>
        ) : (
          <List aria-label={t('manage.sections.tax-report')}>
            {page.results.map((report) => (
              <ListItem key={report.id} divider sx={{ display: 'block' }}>
                <ListItemText
                  primary={t('taxReport.period', {
                    from: formatDate(report.start_date, language),
                    to: formatDate(report.end_date, language),
                  })}
                />
                <DocumentLinks documents={[report.document]} />
              </ListItem>
            ))}
          </List>
        )
      }
    </QueryState>
  );
}
