import { render, type RenderResult } from '@testing-library/react';
// From 'react-router', not 'react-router/dom': under Vitest the two load different builds (ESM
// and CommonJS) whose contexts do not meet. The app's main.tsx uses 'react-router/dom'.
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** The whole app (real routes and providers) at an address, with in-memory history. */
export function renderApp(
  path: string,
  { routes = appRoutes }: { routes?: RouteObject[] } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Sets the browser's preferred languages for one test (restored by `restoreMocks`). */
export function stubBrowserLanguages(languages: readonly string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? 'en');
}
