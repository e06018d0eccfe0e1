import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureDeviceSession, recheckServiceStatus, serviceStatus } from '../lib/api';

import { DocumentTitle } from './document-title';
import { InlineNotification } from './notification';

/**
 * The operator's service mode as the API last told it (spec §7): read-only (the 5-minute cookie
 * set by a 503 `read_only_mode`) or maintenance (a 503 `maintenance`). Also opens the device
 * session once per page load, which is how a page learns the mode before anything else asks.
 */
export function useServiceStatus() {
  const status = useSyncExternalStore(
    serviceStatus.subscribe,
    serviceStatus.get,
    serviceStatus.get,
  );
  useEffect(() => {
    void ensureDeviceSession();
  }, []);
  return status;
}

/** Read-only mode, said at the top of every page while the cookie lasts. */
export function ReadOnlyBanner({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  // The live region stays in the page so the message is announced when it appears.
  return (
    <Box role="status" sx={readOnly ? { mb: 2 } : undefined}>
      {readOnly && (
        <InlineNotification type="info" live="none">
          {t('serviceStatus.readOnly')}
        </InlineNotification>
      )}
    </Box>
  );
}

/** Shown instead of the page while the API answers 503 `maintenance`. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: { xs: 2, sm: 4 } }}>
      <DocumentTitle page={t('serviceStatus.maintenance.documentTitle')} />
      <Typography variant="h1">{t('serviceStatus.maintenance.heading')}</Typography>
      <InlineNotification type="warning" live="none">
        {t('serviceStatus.maintenance.body')}
      </InlineNotification>
      <Button
        variant="contained"
        disabled={checking}
        onClick={() => {
          setChecking(true);
          void recheckServiceStatus().finally(() => {
            setChecking(false);
          });
        }}
      >
        {t('serviceStatus.maintenance.retry')}
      </Button>
    </Stack>
  );
}
