// The policy owner's portal (issue 20, decisions 194–195): a page of its own, `/portal/`, with
// its routes in the hash (`/portal/#/{en|zh-hk}/…`). It shares the member app's providers, API
// client, identity and texts, but none of its pages: the member pages never load the portal.
import './lib/zod-csp';

import { UNSAFE_createHashHistory as createHashHistory } from 'react-router';

import { renderWhenReady } from './app/render-when-ready';
import { runtimeConfig } from './config/runtime';
import { provideSecurityForms } from './features/portal/account/security-forms';
import { portalRoutes } from './features/portal/portal-router';
import { createAppRouter } from './lib/app-router';
import { startErrorReporting } from './lib/error-reporting';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (container === null) throw new Error('portal/index.html has no #root element');

void startErrorReporting(runtimeConfig().errorReporting);

// The sign-in feature's forms for `account/security`, loaded with that page (decision 198).
provideSecurityForms(() => import('./features/auth/security-forms'));

const router = createAppRouter(portalRoutes, createHashHistory());
const queryClient = createQueryClient();

renderWhenReady(container, router, queryClient);
