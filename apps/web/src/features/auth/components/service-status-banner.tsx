import Alert from '@mui/material/Alert';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureDeviceSession, serviceStatus } from '../../../lib/api';

/**
 * Read-only mode (the 5-minute cookie set by a 503 `read_only_mode`) and maintenance (a 503
 * `maintenance`), said at the top of every page. Also opens the device session once per load.
 */
export function ServiceStatusBanner() {
  const { t } = useTranslation('auth');
  const status = useSyncExternalStore(
    serviceStatus.subscribe,
    serviceStatus.get,
    serviceStatus.get,
  );
  useEffect(() => {
    void ensureDeviceSession();
  }, []);
  return (
    <div role="status">
      {status.maintenance ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('status.maintenance')}
        </Alert>
      ) : status.readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('status.readOnly')}
        </Alert>
      ) : null}
    </div>
  );
}
