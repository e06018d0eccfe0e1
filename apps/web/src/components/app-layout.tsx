import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { localizePathname, paths } from '../config/paths';
import { runtimeConfig } from '../config/runtime';
import { useNavigating, useRouteHandles } from '../lib/app-router';
import { useLanguage } from '../lib/i18n';

import { AppLogo } from './app-logo';
import { BackButton } from './back-button';
import { LanguageSwitcher } from './language-switcher';
import { MaintenancePage, ReadOnlyBanner, useServiceStatus } from './service-status';

// Drawn only while a page is on its way, never on a first load: loaded on the first navigation,
// with the page's own chunk, as the portal's layout does (decision 315; in the start it was
// ~2 KiB gzip of every page).
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));
// Only where the server configured a help widget (most deployments have none): its button, the
// widget's loader and its spinner are a chunk of their own, loaded then (decision 315).
const HelpButton = lazy(async () => ({ default: (await import('./help-button')).HelpButton }));

export type LayoutWidth = 'sm' | 'md' | 'lg';

/** What a route can ask of the layout through its `handle`. */
export interface LayoutHandle {
  layoutWidth?: LayoutWidth;
}

const MAIN_ID = 'main';

/** Member pages are narrow (`sm`); a route may ask for more room with `handle.layoutWidth`. */
function useLayoutWidth(): LayoutWidth {
  const handles = useRouteHandles();
  for (const handle of [...handles].reverse() as (LayoutHandle | undefined)[]) {
    if (handle?.layoutWidth !== undefined) return handle.layoutWidth;
  }
  return 'sm';
}

/**
 * After an in-app navigation, move focus to the new page's content so keyboard and screen
 * reader users start there (as they would after a full page load). A language switch shows the
 * same page, so focus stays on the switcher.
 */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>): void {
  const page = localizePathname(useLocation().pathname, 'en');
  const previous = useRef(page);
  useEffect(() => {
    if (previous.current === page) return;
    previous.current = page;
    main.current?.focus({ preventScroll: true });
  }, [page, main]);
}

/**
 * The frame of every page (spec §2.1 item 7): header with the logo (108 px) and the language
 * switcher, a narrow column, and a back button when the page was reached from another one.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const width = useLayoutWidth();
  const navigating = useNavigating();
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(main);
  const { helpWidget } = runtimeConfig();
  const status = useServiceStatus();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href={`#${MAIN_ID}`}
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
        {t('layout.skipToContent')}
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
              aria-label={t('layout.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }}
            />
          </Suspense>
        )}
        <Container maxWidth={width}>
          <Toolbar disableGutters sx={{ gap: 1, justifyContent: 'space-between' }}>
            <Link
              component={RouterLink}
              to={paths.home.getHref(language)}
              aria-label={t('layout.homeLink')}
              sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, borderRadius: 1 }}
            >
              <AppLogo />
            </Link>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              {helpWidget !== null && (
                <Suspense fallback={null}>
                  <HelpButton settings={helpWidget} />
                </Suspense>
              )}
              <LanguageSwitcher />
            </Box>
          </Toolbar>
        </Container>
      </AppBar>
      <Container
        component="main"
        id={MAIN_ID}
        ref={main}
        tabIndex={-1}
        maxWidth={width}
        sx={{ flexGrow: 1, py: 2, '&:focus': { outline: 'none' } }}
      >
        {status.maintenance ? (
          <MaintenancePage />
        ) : (
          <>
            <ReadOnlyBanner readOnly={status.readOnly} />
            <BackButton />
            {children}
          </>
        )}
      </Container>
    </Box>
  );
}
