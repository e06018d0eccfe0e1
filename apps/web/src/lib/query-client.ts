import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { reportError } from './error-reporting';

/**
 * Reference data (districts, services, specialties, panels) changes when operations load a new
 * network, not while a member looks at a page: read it from the cache first and keep it.
 */
export const referenceDataQueryOptions = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
} as const;

const MAX_RETRIES = 2;

/** A client error (4xx) will fail the same way again; network and server errors may not. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failures the pages handle are still reported when they are the app's fault (5xx, bugs).
    queryCache: new QueryCache({ onError: reportError }),
    mutationCache: new MutationCache({ onError: reportError }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
        retry: shouldRetry,
        // A member switching apps at the counter should not trigger a reload of every list.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
