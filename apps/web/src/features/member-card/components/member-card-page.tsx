import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';

/**
 * Member card flow, first step (spec §2.1 item 1): the member identifies the patient with the
 * HKID number and the applicant's phone. The form itself comes with the identity work.
 */
export function MemberCardPage() {
  const { t } = useTranslation('member-card');
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('documentTitle')} />
      <Typography variant="h1">{t('heading')}</Typography>
      <Typography>{t('intro')}</Typography>
      <Alert severity="info" variant="outlined">
        {t('phoneHint')}
      </Alert>
    </Stack>
  );
}
