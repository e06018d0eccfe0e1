/**
 * The portal's static shell, rendered at build time (decision 211, as the member pages' are,
 * decision 179) by `build/portal-prerender-plugin.ts`, which loads this module in Node: the
 * portal's own layout (skip link, bar with logo, language switch and sign-out, navigation,
 * footer) around what its first frame shows while the sign-in check is on its way, with the CSS
 * those need, once per language. Its routes are in the hash, which the server never sees, so the
 * shell is the same for every portal address (no page's heading, no current navigation item);
 * the server picks the language from Accept-Language. The app then replaces it in one commit
 * (portal-main.tsx waits until the route's code and texts are loaded). Nothing here ships to the
 * browser.
 */
import { LANGUAGE_PREFIXES, type Language } from '@clinicpass/shared/i18n/languages';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { useContext, useMemo, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createPath,
  StaticRouter,
  // eslint-disable-next-line no-restricted-syntax -- goes with the prerender entries (issue 36, decision 270)
  UNSAFE_NavigationContext as NavigationContext,
} from 'react-router';

import { AppProviders } from './app/providers';
import { PortalLayout } from './features/portal/components/portal-layout';
import { applyPortalLanguage } from './features/portal/portal-i18n';
import { i18n } from './lib/i18n';
import { HTML_LANG } from './lib/language';

export interface PortalShell {
  /** `<html lang>`. */
  htmlLang: string;
  title: string;
  /** The `<style>` element with the CSS of the markup. */
  style: string;
  /** The content of `#root`. */
  markup: string;
}

/**
 * Links as the hash router writes them (`#/en/account`): the static router knows no hash, and a
 * link followed before the JavaScript runs must still open the portal's page.
 */
function HashHrefs({ children }: { children: ReactNode }) {
  const context = useContext(NavigationContext);
  const value = useMemo(
    () => ({
      ...context,
      navigator: {
        ...context.navigator,
        createHref: (to: Parameters<typeof context.navigator.createHref>[0]) =>
          `#${typeof to === 'string' ? to : createPath(to)}`,
      },
    }),
    [context],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

// Read while rendering by the layout (service status, runtime configuration) and by the language
// switch (`lang`, manifest): a first visit has no cookie and the server's meta tags are not
// known at build time.
const noDocument = { cookie: '', querySelector: () => null, documentElement: {} };

/** Renders the portal's shell in a language, with the CSS of what it rendered. */
export async function prerenderPortal(language: Language): Promise<PortalShell> {
  const globals = globalThis as { document?: unknown };
  const hadDocument = 'document' in globals;
  if (!hadDocument) globals.document = noDocument;
  try {
    return await render(language);
  } finally {
    if (!hadDocument) delete globals.document;
  }
}

async function render(language: Language): Promise<PortalShell> {
  await applyPortalLanguage(language);
  const t = i18n.getFixedT(language, ['common', 'portal']);
  const path = `/${LANGUAGE_PREFIXES[language]}/`;

  const cache = createCache({ key: 'css' });
  // Collect the styles instead of writing them next to each element (as @emotion/server does).
  cache.compat = true;
  const markup = renderToString(
    <CacheProvider value={cache}>
      <AppProviders queryClient={new QueryClient()}>
        <StaticRouter location={path}>
          <HashHrefs>
            <PortalLayout />
          </HashHrefs>
        </StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    names.push(name);
    css += rules;
  }
  return {
    htmlLang: HTML_LANG[language],
    title: t('documentTitle', { page: t('portal:title') }),
    // emotion in the browser takes over a `data-emotion` style and does not insert it again.
    style: `<style data-emotion="css ${names.join(' ')}">${css}</style>`,
    markup,
  };
}
