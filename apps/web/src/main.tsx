import './lib/zod-csp';

import { bootApp } from './app/boot';

/** Runs `work` once the page has loaded and the browser has a moment (decision 219). */
function afterLoadWhenIdle(work: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 5000 });
    else setTimeout(work, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

// The member app (decision 219: started in steps, each layer in a task of its own).
void bootApp({
  routes: async () => (await import('./app/router')).routes,
  history: 'browser',
  withRouter: (router) => {
    // The service worker installs by fetching the app's files: after the page's own loading,
    // not competing with it.
    afterLoadWhenIdle(() => {
      void import('./lib/service-worker').then(({ registerServiceWorker }) => {
        registerServiceWorker(router);
      });
    });
  },
});
