// The entries' first render (decisions 179, 211): the page's prerendered shell stays until the
// first page can render whole, its route's code and texts loaded. React then replaces the shell in
// one commit, header and heading where they already were, never with an empty frame in between.
// That first render is a transition (decision 215): React renders the page in slices of ~5 ms,
// yielding to the browser between them, instead of one long task that keeps a tap on the shell
// waiting (Lighthouse's total blocking time); the shell stays on screen until the commit.
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { AppRouterProvider, type AppRouter } from '../lib/app-router';

import { AppProviders } from './providers';

export function renderWhenReady(
  container: HTMLElement,
  router: AppRouter,
  queryClient: QueryClient,
): void {
  const render = () => {
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <AppRouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
  };
  if (router.state.initialized) {
    render();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
