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

/**
 * Runs `work` in a task of its own, after what the browser has already queued (a message to
 * this page, as React's scheduler yields); the returned function cancels it.
 */
function inTaskOfItsOwn(work: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) work();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/** Whether two results hold the same values, property by property (query-core's own test). */
function sameResult(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.is(a[key as keyof object], b[key as keyof object]));
}

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
  // eslint-disable-next-line no-restricted-syntax -- replaced by the library's hooks (issue 36, decision 270)
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
    // The observer calls back only when a property this component read has changed. What
    // changed between the render and this subscription (an answer that arrived meanwhile) is
    // caught up here: `setOptions`' effect already took it in, unheard, so the result the
    // component was rendered with is compared with the observer's, as `useSyncExternalStore`
    // compares its snapshots after a commit.
    // Subscribing starts the query's request when it needs one: each in a task of its own, so a
    // page whose queries mount together does not start them all in the task of its effects.
    let unsubscribe = () => {};
    const cancel = inTaskOfItsOwn(() => {
      unsubscribe = observer.subscribe(notifyManager.batchCalls(rerender));
      observer.updateResult();
      if (!sameResult(observer.getCurrentResult(), result)) rerender();
    });
    return () => {
      cancel();
      unsubscribe();
    };
    // The subscription needs only the observer; `result` is the one this commit rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [observer]);

  return observer.trackResult(result);
}

/** `useIsFetching` of `@tanstack/react-query`: how many queries matching `filters` are fetching. */
export function useIsFetching(filters: QueryFilters): number {
  const client = useQueryClient();
  const [count, setCount] = useState(() => client.isFetching(filters));
  useEffect(() => {
    let last = count;
    const update = () => {
      const next = client.isFetching(filters);
      if (next === last) return;
      last = next;
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
