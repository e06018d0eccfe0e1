import type { PolicyDetail } from '@clinicpass/shared/platform/entities/policy';
import { POLICY_STATUS_LABELS, statusLabel } from '@clinicpass/shared/platform/status-labels';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useLanguage } from '../../../lib/i18n';
import { usePolicy } from '../api/policies';
import { FactList } from '../components/fact-list';
import { PortalNotFoundState, RecordError } from '../components/not-found-state';
import { PageHeading } from '../components/page-heading';
import { LoadingState } from '../components/states';
import { useRouteId } from '../lib/route-id';
import { formatDate, personName, productName } from '../lib/format';
import { MANAGE_SECTIONS, portalPaths } from '../portal-paths';

function PolicyOverview({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  return (
    <Stack spacing={2}>
      <PageHeading
        title={productName(policy.product, language)}
        subtitle={t('policies.policyNumber', { number: policy.policy_number })}
        back={{ to: portalPaths.myPolicies.href(language), label: t('nav.myPolicies') }}
      />
      <Card variant="outlined">
        <CardContent>
          <FactList
            facts={[
              [t('policies.status'), statusLabel(POLICY_STATUS_LABELS, policy.status, language)],
              [t('policies.policyholder'), personName(policy.policyholder.identity, language)],
              [t('policies.insuredLife'), personName(policy.insured_life.identity, language)],
              [t('policies.effectiveDate'), formatDate(policy.effective_date, language)],
              [
                t('policies.expiryDate'),
                policy.expiry_date === null
                  ? t('policies.none')
                  : formatDate(policy.expiry_date, language),
              ],
              [
                t('policies.renewalDate'),
                policy.renewal_date === null
                  ? t('policies.none')
                  : formatDate(policy.renewal_date, language),
              ],
            ]}
          />
        </CardContent>
      </Card>
      <Typography variant="h2">{t('manage.heading')}</Typography>
      <Stack
        component="nav"
        aria-label={t('manage.heading')}
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1 }}
      >
        {MANAGE_SECTIONS.map((section) => (
          <Button
            key={section}
            component={RouterLink}
            to={portalPaths.manage.href(language, policy.id, section)}
            variant="outlined"
            sx={{ minHeight: 44 }}
          >
            {t(`manage.sections.${section}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/** `my-policies/p/:id`: one policy at a glance and the ways into its management sections. */
export function PolicyPage() {
  const id = useRouteId();
  const policy = usePolicy(id);
  if (id === null) return <PortalNotFoundState />;
  if (policy.isPending) return <LoadingState />;
  if (policy.isError)
    return <RecordError error={policy.error} onRetry={() => void policy.refetch()} />;
  return <PolicyOverview policy={policy.data} />;
}
