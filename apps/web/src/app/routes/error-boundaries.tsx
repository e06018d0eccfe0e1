import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useEffect } from 'react';

import { AppLogo } from '../../components/app-logo';
import { ErrorPage, isOfflineFailure } from '../../components/error-page';
import { reportError } from '../../lib/error-reporting';

/** A page that failed is reported. */
function useReportRouteError(error: unknown): void {
  useEffect(() => {
    reportError(error);
  }, [error]);
}

/** Errors of a page: shown inside the layout, so header and language switcher stay usable. */
export function PageErrorBoundary({ error }: { error: unknown }) {
  useReportRouteError(error);
  return <ErrorPage offline={isOfflineFailure(error)} />;
}

/** Last resort when the layout itself failed: no router-dependent chrome, just the way home. */
export function RootErrorBoundary({ error }: { error: unknown }) {
  useReportRouteError(error);
  return (
    <>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
        <Container maxWidth="sm">
          <AppLogo />
        </Container>
      </Box>
      <Container component="main" maxWidth="sm">
        <ErrorPage offline={isOfflineFailure(error)} />
      </Container>
    </>
  );
}
