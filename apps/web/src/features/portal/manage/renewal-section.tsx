import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { useRenewals } from '../api/policies';
import { DocumentLinks } from '../components/document-list';
import { EmptyState, QueryState } from '../components/states';
import { formatDate } from '../lib/format';

import type { SectionProps } from './sections';

/** `renewal`: the next renewal date, the renewal intention and the renewal notices. */
export function RenewalSection({ policy }: SectionProps) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const renewals = useRenewals(policy.policy_number);
  return (
    <Stack spacing={2}>
      <Typography>
        {policy.renewal_date === null
          ? t('renewal.noDate')
          : t('renewal.next', { date: formatDate(policy.renewal_date, language) })}
      </Typography>
      <QueryState query={renewals}>
        {(page) =>
          page.results.length === 0 ? (
            <EmptyState>{t('renewal.none')}</EmptyState>
          ) : (
            <List aria-label={t('renewal.notices')}>
              {page.results.map((renewal) => (
                <ListItem key={renewal.id} divider sx={{ display: 'block' }}>
                  <ListItemText
                    primary={t('renewal.notice', {
                      date: formatDate(renewal.renewal_date, language),
                    })}
                  />
                  <DocumentLinks documents={renewal.document === null ? [] : [renewal.document]} />
                </ListItem>
              ))}
            </List>
          )
        }
      </QueryState>
    </Stack>
  );
}
