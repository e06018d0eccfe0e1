import {
  notifyManager,
  QueryClient,
  QueryClientProvider,
  // The library's own hook, to show how this one differs from it.
  // eslint-disable-next-line no-restricted-imports
  useQuery as libraryUseQuery,
} from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { useIsFetching, useQuery } from './query';

// act() would flush every update at once; these tests watch when React renders an update, so
// they run outside it, as the browser does.
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let client: QueryClient;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Notifications reach the components at once instead of a task later.
  notifyManager.setScheduler((callback) => {
    callback();
  });
});
afterEach(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

function Answer({ use }: { use: typeof useQuery }) {
  const query = use({ queryKey: ['answer'], queryFn: () => 'fetched', staleTime: Infinity });
  return <p>{query.isPending ? 'waiting' : query.data}</p>;
}

function Fetching() {
  return <p>{`fetching ${useIsFetching({ queryKey: ['slow'] })}`}</p>;
}

/** A microtask turn: React flushes a synchronous update there, a transition only a task later. */
const microtasks = () => Promise.resolve();

describe('useQuery (decision 237)', () => {
  it('shows the answer, then a new one, as the library does', async () => {
    render(<Answer use={useQuery} />, { wrapper });
    expect(await screen.findByText('fetched')).toBeVisible();
    client.setQueryData(['answer'], 'changed');
    expect(await screen.findByText('changed')).toBeVisible();
  });

  it('renders a new answer as a transition, not synchronously as the library does', async () => {
    client.setQueryData(['answer'], 'first');
    const library = render(<Answer use={libraryUseQuery} />, { wrapper });
    await screen.findByText('first');
    client.setQueryData(['answer'], 'second');
    await microtasks();
    // The library's store update was rendered in the same task.
    expect(screen.getByText('second')).toBeVisible();
    library.unmount();

    render(<Answer use={useQuery} />, { wrapper });
    await screen.findByText('second');
    client.setQueryData(['answer'], 'third');
    await microtasks();
    expect(screen.getByText('second')).toBeVisible();
    expect(await screen.findByText('third')).toBeVisible();
  });

  it('catches up with an answer that arrived between its render and its subscription', async () => {
    function Late() {
      const query = useQuery({ queryKey: ['late'], queryFn: () => 'from the server' });
      return <p>{query.data ?? 'nothing yet'}</p>;
    }
    render(<Late />, { wrapper });
    client.setQueryData(['late'], 'set meanwhile');
    await waitFor(() => {
      expect(screen.queryByText('nothing yet')).toBeNull();
    });
  });
});

describe('useQuery: an answer between a commit and its effects (decision 237)', () => {
  it('is shown, as the library shows it, though nothing fetches again', async () => {
    let answer: (value: string) => void = () => undefined;
    const fetchMe = () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      });
    // A request already under way (the page's own identity call), answered long-lived.
    client.query({ queryKey: ['me'], queryFn: fetchMe }).catch(() => undefined);
    function Reader() {
      const query = useQuery({ queryKey: ['me'], queryFn: fetchMe, staleTime: 60_000 });
      return <p>{query.isPending ? 'loading' : query.data}</p>;
    }
    // The answer lands after the commit, before the passive effects subscribe the reader.
    function Network() {
      useLayoutEffect(() => {
        answer('signed in');
      }, []);
      return null;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={client}>
            <Reader />
            <Network />
          </QueryClientProvider>
        </StrictMode>,
      );
    });
    await waitFor(() => {
      expect(container.textContent).toBe('signed in');
    });
    root.unmount();
    container.remove();
  });
});

describe('useIsFetching (decision 237)', () => {
  it('counts the matching queries fetching, and none once they are answered', async () => {
    let answer: (value: string) => void = () => undefined;
    render(<Fetching />, { wrapper });
    expect(screen.getByText('fetching 0')).toBeVisible();
    const fetched = client.query({
      queryKey: ['slow'],
      queryFn: () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    });
    void client.query({ queryKey: ['other'], queryFn: () => new Promise<string>(() => {}) });
    expect(await screen.findByText('fetching 1')).toBeVisible();
    answer('done');
    await fetched;
    expect(await screen.findByText('fetching 0')).toBeVisible();
  });
});
