/**
 * Who is signed in, for every feature: reads GET /identity/me (the page never holds a token).
 * `tag` is the announcement audience: `customer` when signed in, else `guest` (spec §6).
 */
import type { MeResponse } from '@clinicpass/shared/schemas/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { forgetKeptCards } from './kept-card';
import { fetchMe } from './shell-routes';

export const IDENTITY_QUERY_KEY = ['identity', 'me'] as const;

export function useIdentity() {
  const query = useQuery({
    queryKey: IDENTITY_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: false,
  });
  const data: MeResponse | undefined = query.data;
  return {
    isLoading: query.isPending,
    signedIn: data?.signed_in === true,
    user: data?.user ?? null,
    tag: data?.tag ?? 'guest',
    refetch: query.refetch,
  };
}

/** The session hook other features use (alias of `useIdentity`). */
export const useSession = useIdentity;

/** After sign-in: reload who is signed in. */
export function useRefreshIdentity() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: IDENTITY_QUERY_KEY }), [client]);
}

/**
 * Global sign-out; every cached answer goes with the session (spec §6), and every card kept on
 * this device with it (decision 156).
 */
export function useSignOut() {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      // The identity route table loads with the sign-out, not with every page (decision 202).
      const { identityApi } = await import('./identity-api');
      await identityApi.signOut();
    } finally {
      await forgetKeptCards();
      client.clear();
      client.setQueryData<MeResponse>(IDENTITY_QUERY_KEY, {
        signed_in: false,
        user: null,
        tag: 'guest',
      });
    }
  }, [client]);
}
