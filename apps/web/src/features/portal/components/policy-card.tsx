import type { Policy } from '@clinicpass/shared/platform/entities/policy';
import { formatMoney } from '@clinicpass/shared/platform/format';
import { POLICY_STATUS_LABELS, statusLabel } from '@clinicpass/shared/platform/status-labels';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useLanguage } from '../../../lib/i18n';
import { useNextPremium } from '../api/landing-routes';
import { formatDate, personName, productName } from '../lib/format';
import { portalPaths } from '../portal-paths';

const ACTIVE = new Set(['in-force', 'free-looking']);

function NextPremium({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const next = useNextPremium(policyNumber);
  if (next.isPending) return <Skeleton width="60%" />;
  if (next.isError) {
    return <Typography color="text.secondary">{t('policies.nextPremiumUnknown')}</Typography>;
  }
  if (next.data === null) return <Typography>{t('policies.noPremiumDue')}</Typography>;
  return (
    <Typography>
      {t('policies.nextPremiumValue', {
        amount: formatMoney(next.data.outstanding_amount, next.data.currency),
        date: formatDate(next.data.due_date, language),
      })}
    </Typography>
  );
}

/** One policy on My policies: product, number, status, members, next premium, ways in. */
export function PolicyCard({ policy }: { policy: Policy }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const headingId = useId();
  const members = [
    policy.insured_life,
    ...policy.dependents.map((dependent) => dependent.insured_life),
  ];
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
        >
          <div>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
              {productName(policy.product, language)}
            </Typography>
            <Typography color="text.secondary">
              {t('policies.policyNumber', { number: policy.policy_number })}
            </Typography>
          </div>
          <Chip
            label={statusLabel(POLICY_STATUS_LABELS, policy.status, language)}
            color={ACTIVE.has(policy.status) ? 'success' : 'default'}
            variant={ACTIVE.has(policy.status) ? 'filled' : 'outlined'}
          />
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('policies.members')}
        </Typography>
        <Typography>
          {members.map((member) => personName(member.identity, language)).join(', ')}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('policies.nextPremium')}
        </Typography>
        <NextPremium policyNumber={policy.policy_number} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={portalPaths.policy.href(language, policy.id)}
          variant="contained"
          sx={{ minHeight: 44 }}
          aria-label={t('policies.openPolicyFor', { number: policy.policy_number })}
        >
          {t('policies.openPolicy')}
        </Button>
        <Button
          component={RouterLink}
          to={portalPaths.manage.href(language, policy.id, 'invoices')}
          sx={{ minHeight: 44, ml: '0 !important' }}
          aria-label={t('policies.invoicesFor', { number: policy.policy_number })}
        >
          {t('manage.sections.invoices')}
        </Button>
      </CardActions>
    </Card>
  );
}
