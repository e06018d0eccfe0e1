import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { i18n, useLanguage } from '../lib/i18n';
import { themeFor } from '../lib/theme';

function LocalizedTheme({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <ThemeProvider theme={themeFor(language)}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** Everything a page needs around it: text, theme, server-state cache. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedTheme>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocalizedTheme>
    </I18nextProvider>
  );
}
