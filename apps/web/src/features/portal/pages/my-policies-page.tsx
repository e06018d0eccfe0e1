import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import { usePolicies } from '../api/landing-routes';
import { PolicyCard } from '../components/policy-card';
import { EmptyState, QueryState } from '../components/states';

/** `my-policies`: one card per policy the signed-in customer owns. */
export function MyPoliciesPage() {
  const { t } = useTranslation('portal');
  const policies = usePolicies();
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('policies.heading')} />
      <Typography variant="h1">{t('policies.heading')}</Typography>
      <QueryState query={policies}>
        {(page) =>
          page.results.length === 0 ? (
            <EmptyState>{t('policies.empty')}</EmptyState>
          ) : (
            <Stack spacing={2} component="section" aria-label={t('policies.heading')}>
              {page.results.map((policy) => (
                <PolicyCard key={policy.id} policy={policy} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
