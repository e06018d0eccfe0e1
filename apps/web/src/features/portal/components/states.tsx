/**
 * The portal's loading, empty and error states, one look everywhere. Error texts come from the
 * shared catalogue as loaded into i18n (its `errors` namespace, in the language shown only:
 * decision 315): the code the API answered, else its default message.
 */
import { isApiError } from '@clinicpass/shared/api-client/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ErrorMessageKey } from '@clinicpass/shared/errors/codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A centred spinner with an accessible name, for a section whose data is on its way. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('portal');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
      <CircularProgress aria-label={label ?? t('states.loading')} />
    </Box>
  );
}

/** Nothing to show: one sentence, and optionally a way on. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ py: 3 }}>
      <Typography color="text.secondary">{children}</Typography>
      {action !== undefined && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

/** The catalogue's message for what a call failed with (its code, else the default). */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return (error) => {
    const code = isApiError(error) ? error.code : 'default';
    // A code the catalogue does not know reads as its default message, as `errorMessage` does.
    return i18n.exists(code, { ns: 'errors' }) ? t(code as ErrorMessageKey) : t('default');
  };
}

/** A failed load: the catalogue's message and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('portal');
  const text = useErrorText()(error);
  return (
    <Alert
      severity="error"
      sx={{ my: 2, alignItems: 'center' }}
      action={
        onRetry === undefined ? undefined : (
          <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44 }}>
            {t('states.retry')}
          </Button>
        )
      }
    >
      {text}
    </Alert>
  );
}

/** Loading, error or the content of a query, in the portal's one way. */
export function QueryState<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  return <>{children(query.data)}</>;
}
