import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useLanguage } from '../../../lib/i18n';
import { usePolicies } from '../api/landing-routes';
import { PortalNotFoundState } from '../components/not-found-state';
import { PageHeading } from '../components/page-heading';
import { QueryState } from '../components/states';
import { productName } from '../lib/format';
import { useRouteId } from '../lib/route-id';
import { portalPaths } from '../portal-paths';

/**
 * `my-policies/a/:id`: an application case of the customer's. The platform API serves cases
 * only through the policies they became, so the page shows the case's policies and leads there.
 */
export function ApplicationCasePage() {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const id = useRouteId();
  const policies = usePolicies();
  if (id === null) return <PortalNotFoundState />;
  return (
    <QueryState query={policies}>
      {(page) => {
        const fromCase = page.results.filter((policy) => policy.application_case_id === id);
        if (fromCase.length === 0) return <PortalNotFoundState />;
        return (
          <Stack spacing={2}>
            <PageHeading
              title={t('applicationCase.heading', { id })}
              subtitle={t('applicationCase.intro')}
              back={{ to: portalPaths.myPolicies.href(language), label: t('nav.myPolicies') }}
            />
            {fromCase.map((policy) => (
              <Card key={policy.id} variant="outlined">
                <CardContent>
                  <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                    {productName(policy.product, language)}
                  </Typography>
                  <Typography color="text.secondary">
                    {t('policies.policyNumber', { number: policy.policy_number })}
                  </Typography>
                  <Button
                    component={RouterLink}
                    to={portalPaths.policy.href(language, policy.id)}
                    variant="contained"
                    sx={{ mt: 2, minHeight: 44 }}
                  >
                    {t('policies.openPolicy')}
                  </Button>
                </CardContent>
              </Card>
            ))}
          </Stack>
        );
      }}
    </QueryState>
  );
}
