import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  Outlet,
  // eslint-disable-next-line no-restricted-syntax -- declarative mode exports no public history; goes with app-router (issue 36, decision 270)
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useLocation,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { allowConsoleErrors } from '../test/console';

import {
  AppRouterProvider,
  createAppRouter,
  redirectTo,
  ScrollRestoration,
  useNavigating,
  type AppRoute,
} from './app-router';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function Layout() {
  const navigating = useNavigating();
  return (
    <>
      <ScrollRestoration />
      {navigating && <p>Loading the next page</p>}
      <nav>
        <Link to="/a">To A</Link>
        <Link to="/b">To B</Link>
        <Link to="/c?keep" preventScrollReset>
          To C keeping the scroll
        </Link>
      </nav>
      <Outlet />
    </>
  );
}

function Failure({ error }: { error: unknown }) {
  return <h1>Failed: {error instanceof Error ? error.message : 'unknown'}</h1>;
}

const heading = (text: string) =>
  function Page() {
    return <h1>{text}</h1>;
  };

function start(routes: AppRoute[], path: string) {
  const router = createAppRouter(routes, createMemoryHistory({ initialEntries: [path] }));
  render(<AppRouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app router', () => {
  it('renders nothing until the first page’s load and code are in, then the whole page', async () => {
    const texts = deferred<null>();
    const code = deferred<{ Component: () => React.JSX.Element }>();
    const router = start(
      [{ path: '/a', load: () => texts.promise, lazy: () => code.promise }],
      '/a',
    );

    code.resolve({ Component: heading('Page A') });
    await act(async () => {
      await code.promise;
    });
    expect(router.state.initialized).toBe(false);
    expect(document.body.textContent).toBe('');

    await act(async () => {
      texts.resolve(null);
      await texts.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeVisible();
    expect(router.state.initialized).toBe(true);
  });

  it('keeps the page and its address until the next page’s code is in, saying it is loading', async () => {
    const user = userEvent.setup();
    const code = deferred<{ Component: () => React.JSX.Element }>();
    const router = start(
      [
        {
          Component: Layout,
          children: [
            { path: '/a', Component: heading('Page A') },
            { path: '/b', lazy: () => code.promise },
          ],
        },
      ],
      '/a',
    );
    await user.click(await screen.findByRole('link', { name: 'To B' }));

    expect(await screen.findByText('Loading the next page')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Page A' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/a');

    await act(async () => {
      code.resolve({ Component: heading('Page B') });
      await code.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeVisible();
    expect(screen.queryByText('Loading the next page')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/b');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('follows a load’s redirect with its state, replacing a first visit, without rendering the page', async () => {
    const gated = vi.fn(() => <h1>Member page</h1>);
    function Form() {
      const expired = (useLocation().state as { expired?: boolean } | null)?.expired;
      return <h1>{expired === true ? 'Form, expired' : 'Form'}</h1>;
    }
    const router = start(
      [
        { path: '/form', Component: Form },
        { path: '/member', load: () => redirectTo('/form', { expired: true }), Component: gated },
      ],
      '/member',
    );

    expect(await screen.findByRole('heading', { name: 'Form, expired' })).toBeVisible();
    expect(gated).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/form');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the nearest error boundary when a load fails, and the page again on the next navigation', async () => {
    allowConsoleErrors();
    const user = userEvent.setup();
    start(
      [
        {
          Component: Layout,
          children: [
            {
              ErrorBoundary: Failure,
              children: [
                { path: '/a', Component: heading('Page A') },
                {
                  path: '/b',
                  load: () => Promise.reject(new Error('texts did not arrive')),
                  Component: heading('Page B'),
                },
              ],
            },
          ],
        },
      ],
      '/b',
    );

    expect(
      await screen.findByRole('heading', { name: 'Failed: texts did not arrive' }),
    ).toBeVisible();
    // The layout above the boundary still works.
    await user.click(screen.getByRole('link', { name: 'To A' }));
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeVisible();
  });

  it('shows the nearest error boundary when a page throws while rendering, until the next navigation', async () => {
    allowConsoleErrors();
    const user = userEvent.setup();
    function Broken(): never {
      throw new Error('page exploded');
    }
    start(
      [
        {
          Component: Layout,
          children: [
            {
              ErrorBoundary: Failure,
              children: [
                { path: '/a', Component: Broken },
                { path: '/b', Component: heading('Page B') },
              ],
            },
          ],
        },
      ],
      '/a',
    );

    expect(await screen.findByRole('heading', { name: 'Failed: page exploded' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'To B' }));
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeVisible();
  });

  it('renders only the last of two navigations when the first is overtaken', async () => {
    const slow = deferred<{ Component: () => React.JSX.Element }>();
    const router = start(
      [
        { path: '/a', Component: heading('Page A') },
        { path: '/b', lazy: () => slow.promise },
        { path: '/c', Component: heading('Page C') },
      ],
      '/a',
    );
    await screen.findByRole('heading', { name: 'Page A' });

    const first = router.navigate('/b');
    await act(() => router.navigate('/c'));
    await act(async () => {
      slow.resolve({ Component: heading('Page B') });
      await first;
    });

    expect(screen.getByRole('heading', { name: 'Page C' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Page B' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c');
  });
});

describe('scroll restoration', () => {
  it('goes to the top on a new page, back to where it was on back, and stays when asked to', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    const router = start(
      [
        {
          Component: Layout,
          children: [
            { path: '/a', Component: heading('Page A') },
            { path: '/b', Component: heading('Page B') },
            { path: '/c', Component: heading('Page C') },
          ],
        },
      ],
      '/a',
    );
    await screen.findByRole('heading', { name: 'Page A' });

    scrollY = 640;
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'To B' }));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollY = 0;
    await act(async () => {
      router.history.go(-1);
      await Promise.resolve();
    });
    await screen.findByRole('heading', { name: 'Page A' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'To C keeping the scroll' }));
    await screen.findByRole('heading', { name: 'Page C' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  const pages = (): AppRoute[] => [
    {
      Component: Layout,
      children: [
        { path: '/a', Component: heading('Page A') },
        { path: '/b', Component: heading('Page B') },
      ],
    },
  ];

  it('opens a page afresh at the top without reading the saved positions (decision 227)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const router = start(pages(), '/a');
    sessionStorage.setItem(
      'app-router-scroll-positions',
      JSON.stringify({ [router.history.location.key]: 480 }),
    );
    read.mockClear();
    await screen.findByRole('heading', { name: 'Page A' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(read).not.toHaveBeenCalledWith('app-router-scroll-positions');
    sessionStorage.clear();
  });

  it('reads them on a reload, and goes back to where the page was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // jsdom has no navigation timing: the browser's entry for a reload.
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: () => [{ type: 'reload' }],
    });
    const history = createMemoryHistory({ initialEntries: ['/a'] });
    sessionStorage.setItem(
      'app-router-scroll-positions',
      JSON.stringify({ [history.location.key]: 480 }),
    );
    render(<AppRouterProvider router={createAppRouter(pages(), history)} />);
    await screen.findByRole('heading', { name: 'Page A' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
    sessionStorage.clear();
    Reflect.deleteProperty(performance, 'getEntriesByType');
  });
});
