import type { LayoutHandle } from '../components/app-layout';
import { paths } from '../config/paths';
import type { AppRoute } from '../lib/app-router';

import { PageErrorBoundary, RootErrorBoundary } from './routes/error-boundaries';
import { LanguageLayout, languageLoader, redirectToPreferredLanguage } from './routes/language';
import {
  MemberBodyCheckGate,
  MemberDoctorsGate,
  MemberGate,
  memberGateLoader,
  MemberMembershipGate,
  MemberQrGate,
} from './routes/member-gate';

const finderHandle: LayoutHandle = { layoutWidth: 'lg' };
const clinicHandle: LayoutHandle = { layoutWidth: 'md' };

/**
 * The route tree. The shell (layout, language handling, error pages) is in the entry chunk;
 * each page is a lazy route, so a route loads only its own chunk beyond the shell.
 */
export const routes: AppRoute[] = [
  {
    ErrorBoundary: RootErrorBoundary,
    children: [
      // Always redirects.
      { index: true, load: redirectToPreferredLanguage },
      {
        path: ':lang',
        load: languageLoader,
        Component: LanguageLayout,
        children: [
          {
            ErrorBoundary: PageErrorBoundary,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
              },
              // Outpatient sub-app (spec §2.2).
              {
                path: paths.outpatient.base.path,
                load: async (args) =>
                  (await import('./routes/outpatient')).outpatientIndexLoader(args),
              },
              {
                path: paths.outpatient.apply.path,
                load: async (args) => (await import('./routes/outpatient')).applyLoader(args),
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
                    // Decides before the member pages' code loads (decision 203).
                    load: memberGateLoader,
                    Component: MemberGate,
                    children: [
                      { path: paths.outpatient.memberQr.path, Component: MemberQrGate },
                      {
                        path: paths.outpatient.memberBodyCheck.path,
                        Component: MemberBodyCheckGate,
                      },
                      { path: paths.outpatient.memberDoctors.path, Component: MemberDoctorsGate },
                      {
                        path: paths.outpatient.memberMembership.path,
                        Component: MemberMembershipGate,
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
                // The clinic counter (issue 18): its chunk, its texts and its QR reader load
                // only here, never with the member pages.
                path: paths.clinic.path,
                handle: clinicHandle,
                load: async (args) => (await import('./routes/clinic')).clinicLoader(args),
                lazy: async () => ({ Component: (await import('./routes/clinic')).ClinicRoute }),
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
