import './lib/zod-csp';

import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

import { renderWhenReady } from './app/render-when-ready';
import { routes } from './app/router';
import { runtimeConfig } from './config/runtime';
import { createAppRouter } from './lib/app-router';
import { startErrorReporting } from './lib/error-reporting';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// Only when the server configured a DSN: otherwise the SDK is never downloaded.
void startErrorReporting(runtimeConfig().errorReporting);

const router = createAppRouter(routes, createBrowserHistory());
registerServiceWorker(router);
const queryClient = createQueryClient();

renderWhenReady(container, router, queryClient);
