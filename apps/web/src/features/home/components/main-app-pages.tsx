/**
 * The main application's addresses this app links to but does not build (decision 196): the
 * apply flow (`/{lang}/apply/…`, where the outpatient root and `/outpatient/apply` hand over)
 * and the health network root (`/{lang}/health/network`). By default they are this app's own
 * pages, saying what the main application would do there and leading back to what this app
 * does: the member card, the doctor finder and the account portal. VITE_MAIN_APP_URL sends the
 * hand-over to a real main application instead.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { PRIMARY_PANEL } from '../../../config/panels';
import { env } from '../../../config/env';
import { accountPortalPoliciesHref, doctorFinderHref, paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';

import { DEMO_POLICY_NUMBER } from './home-page';

function WaysBack() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const sx = { minHeight: 44, width: { xs: '100%', sm: 'auto' } } as const;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      <Button
        component={RouterLink}
        to={paths.outpatient.memberCard.getHref(language)}
        variant="contained"
        sx={sx}
      >
        {t('memberCard.action')}
      </Button>
      <Button
        component={RouterLink}
        to={doctorFinderHref(language, PRIMARY_PANEL, DEMO_POLICY_NUMBER)}
        variant="outlined"
        sx={sx}
      >
        {t('doctorFinder.action')}
      </Button>
      <Button
        href={accountPortalPoliciesHref(env.accountPortalUrl, language)}
        variant="outlined"
        sx={sx}
      >
        {t('mainApp.portal')}
      </Button>
    </Stack>
  );
}

function MainAppPage({ page }: { page: 'apply' | 'network' }) {
  const { t } = useTranslation('home');
  return (
    <Stack spacing={2} sx={{ py: { xs: 1, sm: 3 } }}>
      <DocumentTitle page={t(`mainApp.${page}.heading`)} />
      <Typography variant="h1">{t(`mainApp.${page}.heading`)}</Typography>
      <Typography>{t(`mainApp.${page}.body`)}</Typography>
      <Typography>{t('mainApp.meanwhile')}</Typography>
      <WaysBack />
    </Stack>
  );
}

/** `/{lang}/apply/…`: applying for a plan, the main application's flow. */
export function MainAppApplyPage() {
  return <MainAppPage page="apply" />;
}

/** `/{lang}/health/network`: the main application's list of medical networks. */
export function MainAppNetworkPage() {
  return <MainAppPage page="network" />;
}
