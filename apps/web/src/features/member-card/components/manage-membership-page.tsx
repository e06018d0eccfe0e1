import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import { env } from '../../../config/env';
import { accountPortalPoliciesHref } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';

import { useMemberContext } from './member-layout';
import { UsageSummary } from './usage-summary';

/** Manage Membership page (spec §2.1 item 5): the membership number and the account portal. */
export function ManageMembershipPage() {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const { member } = useMemberContext();
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('membership.documentTitle')} />
      <Typography variant="h1">{t('membership.heading')}</Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack component="dl" spacing={1} sx={{ m: 0, '& dd': { m: 0, fontWeight: 700 } }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('membership.number')}
            </Typography>
            <Typography component="dd" data-testid="membership-number">
              {member.membership_number}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('membership.member')}
            </Typography>
            <Typography component="dd">
              {language === 'zh-HK' ? member.name_zh : member.name_en}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('membership.policy')}
            </Typography>
            <Typography component="dd">{member.policy_number}</Typography>
          </Stack>
        </CardContent>
      </Card>
      <UsageSummary usage={member.usage} />
      <Typography>{t('membership.portalIntro')}</Typography>
      <Button variant="contained" href={accountPortalPoliciesHref(env.accountPortalUrl, language)}>
        {t('membership.portalLink')}
      </Button>
    </Stack>
  );
}
