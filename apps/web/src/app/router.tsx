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
              // Outpatient sub-app (spec §2.2).
              {
                path: paths.outpatient.base.path,
                lazy: async () => ({
                  loader: (await import('./routes/outpatient')).outpatientIndexLoader,
                  Component: Nothing,
                }),
              },
              {
                path: paths.outpatient.apply.path,
                lazy: async () => ({
                  loader: (await import('./routes/outpatient')).applyLoader,
                  Component: Nothing,
                }),
              },
              {
                path: paths.outpatient.eCard.path,
                lazy: async () => ({ Component: (await import('./routes/outpatient')).ECardRoute }),
              },
              {
                path: paths.outpatient.memberCard.path,
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./routes/member-card')).MemberCardRoute,
                    }),
                  },
                  {
                    lazy: async () => ({
                      Component: (await import('./routes/member-pages')).MemberLayoutRoute,
                    }),
                    children: [
                      {
                        path: paths.outpatient.memberQr.path,
                        lazy: async () => ({
                          Component: (await import('./routes/member-pages')).MemberQrRoute,
                        }),
                      },
                      {
                        path: paths.outpatient.memberBodyCheck.path,
                        lazy: async () => ({
                          Component: (await import('./routes/member-pages')).MemberBodyCheckRoute,
                        }),
                      },
                      {
                        path: paths.outpatient.memberDoctors.path,
                        lazy: async () => ({
                          Component: (await import('./routes/member-pages')).MemberDoctorsRoute,
                        }),
                      },
                      {
                        path: paths.outpatient.memberMembership.path,
                        lazy: async () => ({
                          Component: (await import('./routes/member-pages')).MemberMembershipRoute,
                        }),
                      },
                    ],
                  },
                ],
              },
              {
                path: paths.outpatient.eCardOwner.path,
                lazy: async () => ({
                  Component: (await import('./routes/outpatient')).OwnerCardsRoute,
                }),
              },
              {
                path: paths.outpatient.shared.path,
                lazy: async () => ({
                  Component: (await import('./routes/outpatient')).SharedCardRoute,
                }),
              },
              {
                path: paths.outpatient.login.path,
                lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
              },
              {
                path: paths.outpatient.forgotPassword.path,
                lazy: async () => ({
                  Component: (await import('./routes/auth')).ForgotPasswordRoute,
                }),
              },
              {
                path: paths.outpatient.setPassword.path,
                lazy: async () => ({ Component: (await import('./routes/auth')).SetPasswordRoute }),
              },
              {
                path: paths.outpatient.account.path,
                lazy: async () => ({ Component: (await import('./routes/auth')).AccountRoute }),
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
              // The main application's addresses the member app links to (decision 196).
              {
                path: paths.mainApp.apply.path,
                lazy: async () => ({
                  Component: (await import('./routes/main-app')).MainAppApplyRoute,
                }),
              },
              {
                path: paths.mainApp.network.path,
                lazy: async () => ({
                  Component: (await import('./routes/main-app')).MainAppNetworkRoute,
                }),
              },
              {
                path: paths.outpatient.anything.path,
                lazy: async () => ({
                  Component: (await import('./routes/outpatient')).OutpatientNotFoundRoute,
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
