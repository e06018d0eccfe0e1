import { ERROR_BANNER_MS } from '@clinicpass/shared/constants';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import { isApiError } from '@clinicpass/shared/api-client/client';
import type { Language } from '@clinicpass/shared/i18n/languages';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import SvgIcon from '@mui/material/SvgIcon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { MIN_TOUCH_TARGET } from '../../../lib/theme';

/**
 * The catalogue message for an identity error (spec §8): Cognito's name → the message in the
 * language in use; `alt` picks the second wording; "no valid delivery method" carries the
 * customer service phone; anything unknown reads as the default message.
 */
export function identityErrorMessage(error: unknown, language: Language, alt = false): string {
  if (!isApiError(error)) return errorMessage('default', language, { alt });
  const details = error.details as { reason?: unknown; phone?: unknown } | undefined;
  if (details?.reason === 'no_delivery_method') {
    return errorMessage('no_delivery_method', language, {
      values: { phone: typeof details.phone === 'string' ? details.phone : '' },
    });
  }
  return errorMessage(error.code, language, { alt });
}

/** An error shown for 5000 ms (spec §8) with a shrinking bar; `show` again restarts it. */
export function useErrorBanner(alt = false) {
  const [state, setState] = useState<{ error: unknown; key: number } | null>(null);
  const show = useCallback((error: unknown) => {
    setState((previous) => ({ error, key: (previous?.key ?? 0) + 1 }));
  }, []);
  const clear = useCallback(() => {
    setState(null);
  }, []);
  return { show, clear, banner: <ErrorBanner state={state} alt={alt} onClose={clear} /> };
}

function CloseIcon() {
  return (
    <SvgIcon fontSize="small">
      <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12 19 6.41Z" />
    </SvgIcon>
  );
}

function ErrorBanner({
  state,
  alt,
  onClose,
}: {
  state: { error: unknown; key: number } | null;
  alt: boolean;
  onClose: () => void;
}) {
  return (
    // The Alert has role="alert": inserting it is announced.
    <Box>
      {state !== null && (
        <TimedAlert key={state.key} error={state.error} alt={alt} onClose={onClose} />
      )}
    </Box>
  );
}

function TimedAlert({
  error,
  alt,
  onClose,
}: {
  error: unknown;
  alt: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const [progress, setProgress] = useState(100);

  useEffect(() => {
    const started = Date.now();
    const tick = window.setInterval(() => {
      const left = Math.max(0, ERROR_BANNER_MS - (Date.now() - started));
      setProgress((left / ERROR_BANNER_MS) * 100);
    }, 100);
    const done = window.setTimeout(onClose, ERROR_BANNER_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(done);
    };
  }, [onClose]);

  return (
    <Alert
      severity="error"
      variant="filled"
      elevation={2}
      action={
        <IconButton
          aria-label={t('banner.close')}
          color="inherit"
          onClick={onClose}
          sx={{ minWidth: MIN_TOUCH_TARGET, minHeight: MIN_TOUCH_TARGET }}
        >
          <CloseIcon />
        </IconButton>
      }
      sx={{ position: 'relative', overflow: 'hidden' }}
    >
      {identityErrorMessage(error, language, alt)}
      <LinearProgress
        variant="determinate"
        value={progress}
        color="inherit"
        aria-hidden="true"
        sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3 }}
      />
    </Alert>
  );
}
