/**
 * The portal's route tree, for a hash router (decision 195): `#/` goes to the member's language,
 * `#/{en|zh-hk}/…` loads that language's texts before any page renders, and every page sits in
 * the portal's layout behind its sign-in gate. An unknown page shows the portal's "Not Found",
 * leading back to My policies.
 */
import { LANGUAGE_PREFIXES, languageFromPrefix } from '@clinicpass/shared/i18n/languages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { StatusPage } from '../../components/status-page';
import { redirectTo, type AppRoute, type RouteLoadArgs } from '../../lib/app-router';
import { useLanguage } from '../../lib/i18n';
import { preferredLanguage } from '../../lib/language';
import { reportError } from '../../lib/error-reporting';

import { PortalLayout } from './components/portal-layout';
import { applyPortalLanguage } from './portal-i18n';
import { portalPaths } from './portal-paths';
import { portalPageRoutes } from './routes';

/**
 * A first segment that reads as a language tag (`fr`, `zh-tw`, `en-US`, `zh-Hant`): two letters,
 * perhaps a region or script. No page of the portal is named so.
 */
const LANGUAGE_TAG = /^[a-z]{2}(?:[-_](?:[a-z]{2}|[a-z]{4}))?$/i;

/**
 * The hash path with the member's language put in front (or swapped for the canonical one): a
 * language the portal does not speak (`#/fr/my-policies`) is replaced, keeping the page.
 */
export function withPreferredLanguage(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  const language = languageFromPrefix(first);
  const tail = language === null && !LANGUAGE_TAG.test(first) ? [first, ...rest] : rest;
  const page = tail.filter((part) => part !== '').join('/');
  const prefix = LANGUAGE_PREFIXES[language ?? preferredLanguage()];
  return page === '' ? `/${prefix}/my-policies` : `/${prefix}/${page}`;
}

async function portalLanguageLoader({ params, location }: RouteLoadArgs) {
  const language = languageFromPrefix(params.lang);
  if (language === null || params.lang !== LANGUAGE_PREFIXES[language]) {
    return redirectTo(`${withPreferredLanguage(location.pathname)}${location.search}`);
  }
  await applyPortalLanguage(language);
  return null;
}

function PortalNotFound() {
  const { t } = useTranslation(['common', 'portal']);
  const language = useLanguage();
  return (
    <StatusPage
      documentTitle={t('notFound.documentTitle')}
      heading={t('notFound.heading')}
      body={t('notFound.body')}
      action={{ label: t('portal:nav.myPolicies'), to: portalPaths.myPolicies.href(language) }}
    />
  );
}

function PortalError({ error }: { error: unknown }) {
  useEffect(() => {
    reportError(error);
  }, [error]);
  const { t } = useTranslation(['common', 'portal']);
  const language = useLanguage();
  return (
    <StatusPage
      documentTitle={t('errorPage.documentTitle')}
      heading={t('errorPage.heading')}
      body={t('errorPage.body')}
      action={{ label: t('portal:nav.myPolicies'), to: portalPaths.myPolicies.href(language) }}
    />
  );
}

export const portalRoutes: AppRoute[] = [
  {
    ErrorBoundary: PortalError,
    children: [
      {
        index: true,
        load: ({ location }) => redirectTo(withPreferredLanguage(location.pathname)),
      },
      {
        path: ':lang',
        load: portalLanguageLoader,
        Component: PortalLayout,
        children: [
          {
            ErrorBoundary: PortalError,
            children: [
              {
                index: true,
                load: ({ params }) => redirectTo(withPreferredLanguage(`/${params.lang ?? ''}`)),
              },
              ...portalPageRoutes,
              { path: '*', Component: PortalNotFound },
            ],
          },
        ],
      },
    ],
  },
];
