import type { RouteObject } from 'react-router';

import type { LayoutHandle } from '../components/app-layout';
import { paths } from '../config/paths';

import { PageErrorBoundary, RootErrorBoundary } from './routes/error-boundaries';
import { LanguageLayout, languageLoader, redirectToPreferredLanguage } from './routes/language';

function Nothing() {
  return null;
}

const finderHandle: LayoutHandle = { layoutWidth: 'lg' };

/**
 * The route tree. The shell (layout, language handling, error pages) is in the entry chunk;
 * each page is a lazy route, so a route loads only its own chunk beyond the shell.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: RootErrorBoundary,
    // Shown while the first page's chunk loads; the wait is short and a spinner would flash.
    HydrateFallback: Nothing,
    children: [
      // The loader always redirects; the component only satisfies the router (no empty leaf).
      { index: true, loader: redirectToPreferredLanguage, Component: Nothing },
      {
        id: 'language',
        path: ':lang',
        loader: languageLoader,
        Component: LanguageLayout,
        children: [
          {
            id: 'pages',
            ErrorBoundary: PageErrorBoundary,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
              },
              {
                path: paths.outpatient.memberCard.path,
                lazy: async () => ({
                  Component: (await import('./routes/member-card')).MemberCardRoute,
                }),
              },
              {
                path: paths.outpatient.doctorList.path,
                handle: finderHandle,
                lazy: async () => ({
                  Component: (await import('./routes/doctor-finder')).DoctorFinderRoute,
                }),
              },
              {
                path: paths.network.panel.path,
                handle: finderHandle,
                lazy: async () => ({
                  Component: (await import('./routes/doctor-finder')).DoctorFinderRoute,
                }),
              },
              {
                path: paths.network.home.path,
                lazy: async () => ({
                  Component: (await import('./routes/network')).NetworkHomeRoute,
                }),
              },
              {
                path: paths.network.serviceCode.path,
                lazy: async () => ({
                  Component: (await import('./routes/network')).ServiceCodeRoute,
                }),
              },
              {
                path: paths.errorPage.path,
                lazy: async () => ({ Component: (await import('./routes/oops')).OopsRoute }),
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('./routes/not-found')).NotFoundRoute,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];
