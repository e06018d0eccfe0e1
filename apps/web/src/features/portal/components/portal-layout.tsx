/**
 * The portal's frame: an app bar (logo to My policies, language switch keeping the hash route,
 * sign out), the navigation (My policies, Account, Service requests) and the page. Every page
 * behind it needs a signed-in customer: a signed-out visitor goes through the member app's
 * sign-in (password + SMS code), whose `next` brings them back to the same hash route.
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';

import { AppLogo } from '../../../components/app-logo';
import { LanguageSwitcher } from '../../../components/language-switcher';
import {
  MaintenancePage,
  ReadOnlyBanner,
  useServiceStatus,
} from '../../../components/service-status';
import { paths } from '../../../config/paths';
import { useNavigating } from '../../../lib/app-router';
import { useLanguage } from '../../../lib/i18n';
import { useIdentity, useSignOut } from '../../../lib/identity';
import { portalBase, portalPaths } from '../portal-paths';

import { LoadingState } from './states';

const MAIN_ID = 'main';

// Drawn only while a page is on its way, never on the first screen: loaded on the first
// navigation, with the page's own chunk (decision 210).
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** The member app's sign-in, coming back to this very hash route afterwards. */
export function signInHref(language: Parameters<typeof paths.outpatient.login.withNext>[0]) {
  const here = `${portalBase()}/${window.location.hash}`;
  return paths.outpatient.login.withNext(language, here);
}

/** Renders the page for a signed-in customer; sends anyone else to sign in. */
function RequireSignIn({ children }: { children: ReactNode }) {
  const identity = useIdentity();
  const language = useLanguage();
  const gone = !identity.isLoading && !identity.signedIn;
  useEffect(() => {
    if (gone) window.location.replace(signInHref(language));
  }, [gone, language]);
  if (identity.isLoading || gone) return <LoadingState />;
  return <>{children}</>;
}

function NavButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button
      component={NavLink}
      to={to}
      color="inherit"
      sx={{
        minHeight: 44,
        whiteSpace: 'nowrap',
        flexShrink: 0,
        '&[aria-current="page"]': { color: 'primary.main', fontWeight: 700 },
      }}
    >
      {children}
    </Button>
  );
}

/** After an in-portal navigation, focus moves to the new page's content (as after a page load). */
function useFocusMain(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const page = pathname.replace(/^\/[^/]+/, '');
  const previous = useRef(page);
  useEffect(() => {
    if (previous.current === page) return;
    previous.current = page;
    main.current?.focus({ preventScroll: true });
  }, [page, main]);
}

export function PortalLayout() {
  const { t } = useTranslation(['portal', 'common']);
  const language = useLanguage();
  const navigating = useNavigating();
  const status = useServiceStatus();
  const identity = useIdentity();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const main = useRef<HTMLElement>(null);
  useFocusMain(main);
  const location = useLocation();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Link
        // The hash is the route here: the link names this very page and moves focus instead.
        href={`#${location.pathname}${location.search}`}
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          p: 1.5,
          '&:focus': { top: 8 },
        }}
      >
        {t('common:layout.skipToContent')}
      </Link>
      <AppBar
        position="sticky"
        elevation={0}
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {navigating && (
          <Suspense fallback={null}>
            <LinearProgress
              aria-label={t('states.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }}
            />
          </Suspense>
        )}
        <Container maxWidth="md">
          <Toolbar disableGutters sx={{ gap: 1, justifyContent: 'space-between' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Link
                component={NavLink}
                to={portalPaths.myPolicies.href(language)}
                aria-label={t('nav.homeLink')}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                  borderRadius: 1,
                }}
              >
                <AppLogo />
              </Link>
              <Typography
                component="span"
                variant="subtitle2"
                sx={{ display: { xs: 'none', sm: 'inline' }, color: 'text.secondary' }}
              >
                {t('title')}
              </Typography>
            </Box>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                // "繁體中文" on one line beside Sign out, even on a 360 px phone.
                '& a': { whiteSpace: 'nowrap', flexShrink: 0 },
              }}
            >
              <LanguageSwitcher />
              {/* Drawn before the sign-in check answers, so the bar never changes size. */}
              <Button
                color="inherit"
                disabled={signingOut || !identity.signedIn}
                sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
                onClick={() => {
                  setSigningOut(true);
                  void signOut().finally(() => {
                    window.location.assign(paths.home.getHref(language));
                  });
                }}
              >
                {t('nav.signOut')}
              </Button>
            </Box>
          </Toolbar>
          <Box
            component="nav"
            aria-label={t('nav.label')}
            // Wrapped on a narrow phone rather than scrolled: no link hidden at the edge.
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, pb: 0.5 }}
          >
            <NavButton to={portalPaths.myPolicies.href(language)}>{t('nav.myPolicies')}</NavButton>
            <NavButton to={portalPaths.account.href(language)}>{t('nav.account')}</NavButton>
            <NavButton to={portalPaths.serviceRequests.href(language)}>
              {t('nav.serviceRequests')}
            </NavButton>
          </Box>
        </Container>
      </AppBar>
      <Container
        component="main"
        id={MAIN_ID}
        ref={main}
        tabIndex={-1}
        maxWidth="md"
        sx={{ flexGrow: 1, py: 2, '&:focus': { outline: 'none' } }}
      >
        {status.maintenance ? (
          <MaintenancePage />
        ) : (
          <RequireSignIn>
            <ReadOnlyBanner readOnly={status.readOnly} />
            <Outlet />
          </RequireSignIn>
        )}
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}>
        <Container maxWidth="md">
          <Link
            href={paths.home.getHref(language)}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {t('nav.memberApp')}
          </Link>
        </Container>
      </Box>
    </Box>
  );
}
