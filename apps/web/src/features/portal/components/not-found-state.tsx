import { isApiError } from '@clinicpass/shared/api-client/client';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { useLanguage } from '../../../lib/i18n';
import { portalPaths } from '../portal-paths';

import { ErrorState } from './states';

/** The customer has no such policy or case (or the address is wrong): say so, lead back. */
export function PortalNotFoundState() {
  const { t } = useTranslation(['common', 'portal']);
  const language = useLanguage();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <DocumentTitle page={t('notFound.documentTitle')} />
      <Typography variant="h1">{t('notFound.heading')}</Typography>
      <Typography>{t('portal:policies.notYours')}</Typography>
      <Button
        component={RouterLink}
        to={portalPaths.myPolicies.href(language)}
        variant="contained"
        sx={{ minHeight: 44 }}
      >
        {t('portal:nav.myPolicies')}
      </Button>
    </Stack>
  );
}

/** A failed load of the page's main record: Not Found for a 404, else the catalogue's error. */
export function RecordError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 404) return <PortalNotFoundState />;
  return <ErrorState error={error} onRetry={onRetry} />;
}
