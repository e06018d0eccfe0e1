// The stack's floor (bench/lighthouse-floor.mjs): the app's libraries and nothing of the app. A
// static shell in the HTML (as the app's prerendered one), then React 19, MUI 9 with a theme,
// React Router 7 (declarative), i18next with react-i18next and TanStack Query start and render
// the same texts in their place, the first render a transition (as the app's). What Lighthouse
// says of this page is what the stack costs before the app adds anything.
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router';

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: {
      translation: {
        title: 'ClinicPass',
        heading: 'Your outpatient plan, ready at the clinic counter',
        intro:
          'Show the QR codes for your consultation and payment at a network clinic, check your body-check eligibility, and find a network doctor near you.',
        card: 'Show my member card',
        finder: 'Find a doctor',
      },
    },
  },
  interpolation: { escapeValue: false },
});

const theme = createTheme({ palette: { primary: { main: '#c2185b' } } });

function Home() {
  const { t } = useTranslation();
  return (
    <Container component="main" sx={{ py: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('heading')}
        </Typography>
        <Typography>{t('intro')}</Typography>
        <Button variant="contained" component={Link} to="/card">
          {t('card')}
        </Button>
        <Button variant="outlined" component={Link} to="/finder">
          {t('finder')}
        </Button>
      </Stack>
    </Container>
  );
}

function App() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar position="static">
        <Toolbar>
          <Typography component="p" variant="h6">
            {t('title')}
          </Typography>
        </Toolbar>
      </AppBar>
      <Routes>
        <Route path="*" element={<Home />} />
      </Routes>
    </>
  );
}

const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
