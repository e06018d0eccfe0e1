import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { AppLogo } from '../../components/app-logo';
import { ErrorPage } from '../../components/error-page';
import { NotFoundPage } from '../../components/not-found-page';
import { reportError } from '../../lib/error-reporting';

/** A page that failed is reported (a 404 is an address, not a fault). */
function useReportRouteError(error: unknown): void {
  useEffect(() => {
    if (isRouteErrorResponse(error) && error.status === 404) return;
    reportError(error);
  }, [error]);
}

/** Errors of a page: shown inside the layout, so header and language switcher stay usable. */
export function PageErrorBoundary() {
  const error = useRouteError();
  useReportRouteError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}

/** Last resort when the layout itself failed: no router-dependent chrome, just the way home. */
export function RootErrorBoundary() {
  useReportRouteError(useRouteError());
  return (
    <>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
        <Container maxWidth="sm">
          <AppLogo />
        </Container>
      </Box>
      <Container component="main" maxWidth="sm">
        <ErrorPage />
      </Container>
    </>
  );
}
