import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { env } from '../../../config/env';
import { accountPortalPoliciesHref, doctorFinderHref, paths } from '../../../config/paths';
import { PRIMARY_PANEL } from '../../../config/panels';
import { useLanguage } from '../../../lib/i18n';
import { fromHere } from '../../../lib/navigation-state';

/** The seeded demo policy whose finder the home page opens (see the server's seed). */
export const DEMO_POLICY_NUMBER = 'OP1000001';

function QrIcon() {
  return (
    <SvgIcon>
      <path d="M3 3h8v8H3V3Zm2 2v4h4V5H5Zm8-2h8v8h-8V3Zm2 2v4h4V5h-4ZM3 13h8v8H3v-8Zm2 2v4h4v-4H5Zm1-9h2v2H6V6Zm10 0h2v2h-2V6ZM6 16h2v2H6v-2Zm7-3h2v2h-2v-2Zm2 2h2v2h-2v-2Zm2-2h4v2h-2v2h-2v-4Zm-4 4h2v4h-2v-4Zm4 2h4v2h-4v-2Zm2-2h2v2h-2v-2Z" />
    </SvgIcon>
  );
}

function DoctorSearchIcon() {
  return (
    <SvgIcon>
      <path d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.41-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm-1 2h2v3h3v2h-3v3H9v-3H6V9h3V6Z" />
    </SvgIcon>
  );
}

interface EntryCardProps {
  icon: ReactNode;
  color: 'primary' | 'secondary';
  heading: string;
  body: string;
  action: ReactNode;
}

function EntryCard({ icon, color, heading, body, action }: EntryCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Stack
              aria-hidden="true"
              sx={{
                width: 44,
                height: 44,
                borderRadius: '50%',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: `${color}.main`,
                color: `${color}.contrastText`,
                flexShrink: 0,
              }}
            >
              {icon}
            </Stack>
            <Typography variant="h2" id={headingId}>
              {heading}
            </Typography>
          </Stack>
          <Typography>{body}</Typography>
          {action}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Landing page: what ClinicPass is, and the two things members come for. */
export function HomePage() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const location = useLocation();
  const state = fromHere(location);

  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      <DocumentTitle page={t('documentTitle')} />
      <Stack spacing={1.5}>
        <Typography variant="h1">{t('heading')}</Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Stack>
      <EntryCard
        icon={<QrIcon />}
        color="primary"
        heading={t('memberCard.heading')}
        body={t('memberCard.body')}
        action={
          <Button
            component={RouterLink}
            to={paths.outpatient.memberCard.getHref(language)}
            state={state}
            variant="contained"
            color="primary"
            size="large"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('memberCard.action')}
          </Button>
        }
      />
      <EntryCard
        icon={<DoctorSearchIcon />}
        color="secondary"
        heading={t('doctorFinder.heading')}
        body={t('doctorFinder.body')}
        action={
          <Button
            component={RouterLink}
            to={doctorFinderHref(language, PRIMARY_PANEL, DEMO_POLICY_NUMBER)}
            state={state}
            variant="contained"
            color="secondary"
            size="large"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('doctorFinder.action')}
          </Button>
        }
      />
      <Stack sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('portal.intro')}</Typography>
        <Link
          href={accountPortalPoliciesHref(env.accountPortalUrl, language)}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          {t('portal.link')}
        </Link>
      </Stack>
    </Stack>
  );
}
