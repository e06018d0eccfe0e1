/**
 * The portal's route registry: every page of `/portal/#/{lang}/…`, relative to the language
 * segment (the layout, sign-in gate and language handling are in portal-router.tsx). Each page
 * is a lazy route, so the portal's first load carries only the page it opens. Add a page to its
 * section; keep the sections apart so two people can add pages without touching the same lines.
 */
import type { AppRoute } from '../../lib/app-router';

import { portalAccountPaths } from './account/account-paths';
import { loadSecurityForms } from './account/security-forms';
import { loadPageTexts } from './portal-i18n';
import { portalPaths } from './portal-paths';

// ------------------------------------------------------------------ policies (issue 20, c20p)

const policyRoutes: AppRoute[] = [
  {
    path: portalPaths.myPolicies.path,
    lazy: async () => ({ Component: (await import('./pages/my-policies-page')).MyPoliciesPage }),
  },
  {
    path: portalPaths.policy.path,
    lazy: async () => ({ Component: (await import('./pages/policy-page')).PolicyPage }),
  },
  {
    path: portalPaths.applicationCase.path,
    lazy: async () => ({
      Component: (await import('./pages/application-case-page')).ApplicationCasePage,
    }),
  },
  {
    path: portalPaths.manage.path,
    // The details section shows the member app's QR card, with its texts.
    load: ({ params }) => loadPageTexts(params.lang, ['member-card']),
    lazy: async () => ({ Component: (await import('./pages/manage-page')).ManagePage }),
    children: [
      {
        path: ':section',
        lazy: async () => ({ Component: (await import('./pages/manage-page')).ManageSectionPage }),
      },
    ],
  },
];

// ------------------------------------------------------------------ account (issue 20, c20d)

const accountRoutes: AppRoute[] = [
  {
    path: portalPaths.account.path,
    load: ({ params }) => loadPageTexts(params.lang, ['portal-account']),
    lazy: async () => ({ Component: (await import('./pages/account-page')).AccountPage }),
  },
  {
    path: portalAccountPaths.payments.path,
    load: ({ params }) => loadPageTexts(params.lang, ['portal-account']),
    lazy: async () => ({ Component: (await import('./pages/payments-page')).PaymentsPage }),
  },
];

// ------------------------------------------------------------------ account security (issue 20, c20s)

const securityRoutes: AppRoute[] = [
  {
    path: portalAccountPaths.security.path,
    // The sign-in feature's forms, with their texts.
    load: ({ params }) => loadPageTexts(params.lang, ['portal-account', 'auth']),
    lazy: async () => {
      const [{ SecurityPage }, forms] = await Promise.all([
        import('./pages/security-page'),
        loadSecurityForms(),
      ]);
      return {
        Component: function SecurityRoute() {
          return <SecurityPage forms={forms} />;
        },
      };
    },
  },
];

// ------------------------------------------------------------------ service requests (issue 20, c20d)

const serviceRequestRoutes: AppRoute[] = [
  {
    path: portalPaths.serviceRequests.path,
    load: ({ params }) => loadPageTexts(params.lang, ['portal-account']),
    lazy: async () => ({
      Component: (await import('./pages/service-requests-page')).ServiceRequestsPage,
    }),
  },
];

// ------------------------------------------------------------------ the registry

export const portalPageRoutes: AppRoute[] = [
  ...policyRoutes,
  ...accountRoutes,
  ...securityRoutes,
  ...serviceRequestRoutes,
];
