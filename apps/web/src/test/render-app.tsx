import { render, type RenderResult } from '@testing-library/react';
// eslint-disable-next-line no-restricted-syntax -- declarative mode exports no public history; goes with app-router (issue 36, decision 270)
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { vi } from 'vitest';

import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import {
  AppRouterProvider,
  createAppRouter,
  type AppRoute,
  type AppRouter,
} from '../lib/app-router';
import { createQueryClient } from '../lib/query-client';

/** The whole app (real routes and providers) at an address, with in-memory history. */
export function renderApp(
  path: string,
  { routes = appRoutes }: { routes?: AppRoute[] } = {},
): RenderResult & { router: AppRouter } {
  const router = createAppRouter(routes, createMemoryHistory({ initialEntries: [path] }));
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Sets the browser's preferred languages for one test (restored by `restoreMocks`). */
export function stubBrowserLanguages(languages: readonly string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? 'en');
}
