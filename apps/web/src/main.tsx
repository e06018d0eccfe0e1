import './lib/zod-csp';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { runtimeConfig } from './config/runtime';
import { startErrorReporting } from './lib/error-reporting';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// Only when the server configured a DSN: otherwise the SDK is never downloaded.
void startErrorReporting(runtimeConfig().errorReporting);

const router = createBrowserRouter(routes);
registerServiceWorker(router);
const queryClient = createQueryClient();

// The page's prerendered shell (decision 179) stays until the first page can render whole: its
// route's code and texts loaded. React then replaces the shell in one commit, header and heading
// where they already were, never with an empty frame in between.
const render = () => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
};
if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
