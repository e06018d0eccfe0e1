import { ERROR_BANNER_MS } from '@clinicpass/shared/constants';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import { isApiError } from '@clinicpass/shared/api-client/client';
import type { Language } from '@clinicpass/shared/i18n/languages';
import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';

import { InlineNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';

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

function ErrorBanner({
  state,
  alt,
  onClose,
}: {
  state: { error: unknown; key: number } | null;
  alt: boolean;
  onClose: () => void;
}) {
  const language = useLanguage();
  return (
    // The notification has role="alert": inserting it is announced.
    <Box>
      {state !== null && (
        <InlineNotification
          key={state.key}
          type="error"
          variant="filled"
          timeout={ERROR_BANNER_MS}
          onDismiss={onClose}
        >
          {identityErrorMessage(state.error, language, alt)}
        </InlineNotification>
      )}
    </Box>
  );
}
