// The entries' start in steps (decision 219). A module graph is evaluated in one task: with the
// whole app imported by the entry, React, MUI, the texts, the schemas and the routes ran as one
// ~300 ms task (unthrottled) after the first paint, ~1.2 s on Lighthouse's mid-range phone, the
// largest part of its total blocking time. Here each layer is imported on its own, with a task
// boundary between them, so the browser can paint and answer a tap between the layers. Every
// module still loads at the page's start (the build lists them all as modulepreloads of the
// page, build/scripts-after-first-paint.ts), so the steps add no network round trip.
import type { AppRoute, AppRouter } from '../lib/app-router';

/** Ends the current task: what follows runs in a new one, after the browser's own work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

interface BootOptions {
  /** The route tree, imported in its own step (it holds the shell's components and schemas). */
  routes: () => Promise<AppRoute[]>;
  history: 'browser' | 'hash';
  /** What the entry does once the router exists (the member app registers its service worker). */
  withRouter?: (router: AppRouter) => void;
}

export async function bootApp({ routes, history, withRouter }: BootOptions): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('The page has no #root element');

  // React first (its modules define functions; cheap), then MUI with the theme, then the texts,
  // settings and the app's router, then the route tree (the shell's components and schemas).
  await import('react-dom/client');
  await nextTask();
  await import('../lib/theme');
  await nextTask();
  const {
    runtimeConfig,
    startErrorReporting,
    createQueryClient,
    createAppRouter,
    createHistory,
    renderWhenReady,
  } = await import('./boot-services');
  // Only when the server configured a DSN: otherwise the SDK is never downloaded.
  void startErrorReporting(runtimeConfig().errorReporting);
  await nextTask();
  const routeTree = await routes();
  await nextTask();
  const router = createAppRouter(routeTree, createHistory(history));
  withRouter?.(router);
  renderWhenReady(container, router, createQueryClient());
}
