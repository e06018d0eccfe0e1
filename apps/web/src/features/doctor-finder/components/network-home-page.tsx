import { PANELS } from '@clinicpass/shared/constants';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { fromHere } from '../../../lib/navigation-state';

import { GroupMedicalCardDialog } from './group-medical-card-dialog';
import { HelpDialog } from './help-dialog';

/** A policy's medical-network screen: the find-doctor button landing and the other entries. */
export function NetworkHomePage({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('network');
  const language = useLanguage();
  const location = useLocation();
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('home.heading')} />
      <Typography variant="h1">{t('home.heading')}</Typography>
      <Typography>{t('home.body')}</Typography>
      <Card variant="outlined">
        <CardContent component={Stack} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h2">{t('home.findDoctorTitle')}</Typography>
          <Typography color="text.secondary">{t('home.findDoctorBody')}</Typography>
          <Button
            variant="contained"
            size="large"
            component={RouterLink}
            to={paths.network.panel.getHref(language, PANELS.primary, policyNumber)}
            state={fromHere(location)}
          >
            {t('home.findDoctor')}
          </Button>
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          component={RouterLink}
          to={paths.network.serviceCode.getHref(language, policyNumber)}
          state={fromHere(location)}
        >
          {t('home.serviceCode')}
        </Button>
        <GroupMedicalCardDialog policyNumber={policyNumber} />
        <HelpDialog topic="finder" />
      </Stack>
    </Stack>
  );
}
