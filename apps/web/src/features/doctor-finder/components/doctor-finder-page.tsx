import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import type { Panel } from '../../../config/panels';

interface DoctorFinderPageProps {
  panel: Panel;
  policyNumber: string;
}

/** Doctor finder for a panel and policy (spec §2.4); landing, filters and results come next. */
export function DoctorFinderPage({ panel, policyNumber }: DoctorFinderPageProps) {
  const { t } = useTranslation('doctor-finder');
  return (
    <Stack spacing={2} data-panel={panel}>
      <DocumentTitle page={t('documentTitle')} />
      <Typography variant="h1">{t('heading')}</Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('policyNumber')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
          {policyNumber}
        </Typography>
      </Box>
    </Stack>
  );
}
