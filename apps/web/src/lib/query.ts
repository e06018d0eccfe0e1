// TanStack Query's `useQuery` and `useIsFetching`, with their updates rendered as transitions
// (decision 237). The library's hooks subscribe through `useSyncExternalStore`, whose updates
// React always renders synchronously, in one task: each answer, and each query starting to fetch,
// rendered the pages that read it (the finder's whole page, three times on a page of results)
// without yielding; and a store that changed between a render and its commit (a page's queries
// start fetching in their effects) rendered again synchronously, with every pending effect, in
// the task that mounted them. Here the subscription is an effect and each update a transition: a
// re-render is sliced like the first render, and an urgent update (a tap) goes first.
// The results are the library's own (its observer, its options, its tracked properties); what
// differs is only when React renders them.
import {
  notifyManager,
  QueryObserver,
  useQueryClient,
  type DefaultError,
  type QueryFilters,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';

const increment = (count: number) => count + 1;

/** A re-render of the calling component, as a transition. */
function useTransitionRerender(): () => void {
  const [, rerender] = useReducer(increment, 0);
  return () => {
    startTransition(rerender);
  };
}

/**
 * `useQuery` of `@tanstack/react-query` (v5's `useBaseQuery` without suspense, error boundaries
 * or restoring, none of which the app uses), re-rendering as a transition.
 */
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(
    () =>
      new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted),
  );
  const result = observer.getOptimisticResult(defaulted);
  const rerender = useTransitionRerender();

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);
  useEffect(() => {
    // The observer calls back only when a property this component read has changed; catching up
    // with what changed since the render is `updateResult`'s call back, as in the library.
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(rerender));
    observer.updateResult();
    return unsubscribe;
    // `rerender` is made each render; the subscription needs only the observer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [observer]);

  return observer.trackResult(result);
}

/** `useIsFetching` of `@tanstack/react-query`: how many queries matching `filters` are fetching. */
export function useIsFetching(filters: QueryFilters): number {
  const client = useQueryClient();
  const [count, setCount] = useState(() => client.isFetching(filters));
  useEffect(() => {
    const update = () => {
      const next = client.isFetching(filters);
      startTransition(() => {
        setCount(next);
      });
    };
    update();
    return client.getQueryCache().subscribe(notifyManager.batchCalls(update));
    // The filters are read when the cache changes; a caller passes the same ones each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);
  return count;
}
