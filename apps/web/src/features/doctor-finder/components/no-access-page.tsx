import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';

/** For a policy without a medical network (spec §1, §6): the finder is not open to it. */
export function NoAccessPage() {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: { xs: 2, sm: 4 } }}>
      <DocumentTitle page={t('noAccess.heading')} />
      <Typography variant="h1">{t('noAccess.heading')}</Typography>
      <Typography>{t('noAccess.body')}</Typography>
      <Button component={RouterLink} to={paths.home.getHref(language)} variant="contained">
        {t('noAccess.backHome')}
      </Button>
    </Stack>
  );
}
