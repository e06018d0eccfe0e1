/**
 * The app's router (decision 214): React Router in declarative mode (`Router`, `useRoutes`,
 * `Link`, the hooks) with the little of the data router the app needs, written here. The data
 * router (`createBrowserRouter`, `RouterProvider`) weighed ~17 KiB gzip more in the shell.
 *
 * What it keeps of the data router's behaviour:
 * - a route's `load` runs before the route renders (a language's texts, decision 149; the member
 *   gate, decision 203) and may redirect, within the app or to another document;
 * - a `lazy` route's code is loaded before it renders, in parallel with the loads;
 * - a navigation commits only when everything is there: the page on screen stays, and the URL
 *   with it, until the next page can render whole (so the first render, decision 179, is whole);
 * - `useNavigating()` says a navigation is under way (banners, progress line);
 * - a route's `ErrorBoundary` shows what failed while loading or rendering below it;
 * - `ScrollRestoration`: back and forward restore the position, other navigations go to the top
 *   (or the hash's element), `preventScrollReset` keeps it.
 * The state and `subscribe` keep the data router's shape (`state.initialized`, `state.location`,
 * `state.historyAction`), which the entries' first render and the service worker use.
 */
import {
  Component,
  createContext,
  createElement,
  useContext,
  useLayoutEffect,
  memo,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  NavigationType,
  Outlet,
  parsePath,
  Router,
  useLocation,
  useRoutes,
  type Location,
  type Navigator,
  type Params,
  type Path,
  type RouteObject,
  type To,
  // eslint-disable-next-line no-restricted-syntax -- declarative mode exports no public history; goes with app-router (issue 36, decision 270)
  UNSAFE_createBrowserHistory as createBrowserHistory,
  // eslint-disable-next-line no-restricted-syntax -- declarative mode exports no public history; goes with app-router (issue 36, decision 270)
  UNSAFE_createHashHistory as createHashHistory,
} from 'react-router';

/** Where a `load` sends the visitor instead of rendering the route. */
export type RouteRedirect =
  | { redirect: string; state?: unknown }
  /** Another document (the main application): a full page load, replacing this entry. */
  | { documentRedirect: string };

export interface RouteLoadArgs {
  params: Params;
  location: Path;
}

type RouteLoadResult = RouteRedirect | null | undefined;

export interface AppRoute {
  path?: string;
  index?: boolean;
  /** Runs before the route renders, on every navigation that matches it. */
  load?: (args: RouteLoadArgs) => RouteLoadResult | Promise<RouteLoadResult>;
  /** The route's component from a chunk of its own, loaded once before it first renders. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  Component?: ComponentType;
  /** Shown in place of this route (and what is below it) when loading or rendering failed. */
  ErrorBoundary?: ComponentType<{ error: unknown }>;
  /** What the route asks of the layout (`useRouteHandles`). */
  handle?: unknown;
  children?: AppRoute[];
}

/** A redirect within the app (the page asked for is not rendered). */
export function redirectTo(to: string, state?: unknown): RouteRedirect {
  return { redirect: to, state };
}

interface RouteFailure {
  error: unknown;
  /** The route whose error boundary shows it. */
  route: AppRoute;
}

export interface AppRouterState {
  /** The first location is loaded and rendered (until then the prerendered shell stays). */
  initialized: boolean;
  location: Location;
  historyAction: NavigationType;
  /** A navigation is loading its routes; `location` is still the page on screen. */
  navigating: boolean;
  /** The routes of `location`, outermost first. */
  matches: AppRoute[];
  failure: RouteFailure | null;
  /** The navigation asked to keep the scroll position (`preventScrollReset`). */
  preventScrollReset: boolean;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

/** The history of React Router's declarative routers (browser, hash or memory). */
export type RouterHistory = ReturnType<typeof createBrowserHistory>;

/** The history an entry's router keeps: the address's path (member app) or its hash (portal). */
export function createHistory(kind: 'browser' | 'hash'): RouterHistory {
  return kind === 'hash' ? createHashHistory() : createBrowserHistory();
}

export interface AppRouter {
  /** Replaced (never changed in place) by each update. */
  readonly state: AppRouterState;
  readonly history: RouterHistory;
  readonly routeObjects: RouteObject[];
  readonly subscribe: (listener: (state: AppRouterState) => void) => () => void;
  /** Resolves once the navigation has rendered (or was overtaken by another). */
  readonly navigate: (to: To, options?: NavigateOptions) => Promise<void>;
  /**
   * Keeps each history entry's scroll position as it is left (and in session storage when the
   * page is left, for a reload); returns the way to stop.
   */
  readonly enableScrollRestoration: () => () => void;
  /** Where the entry was left, while scroll restoration is on. */
  readonly scrollPositionOf: (key: string) => number | undefined;
}

const SCROLL_STORAGE_KEY = 'app-router-scroll-positions';

/** How this page load came about: `navigate`, `reload` or `back_forward`. */
function navigationType(): string {
  if (!('getEntriesByType' in performance)) return 'navigate';
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

// A lazy route's component once loaded (route objects are module constants, as with the data
// router's `lazy`, which writes onto its route objects).
const loadedComponents = new WeakMap<AppRoute, ComponentType>();
const appRouteOf = new WeakMap<RouteObject, AppRoute>();

function RouteElement({ route }: { route: AppRoute }) {
  const failure = useContext(FailureContext);
  const location = useLocation();
  const Boundary = route.ErrorBoundary;
  if (Boundary !== undefined && failure?.route === route) return <Boundary error={failure.error} />;
  const Page = route.Component ?? loadedComponents.get(route);
  // A lazy route's component comes from its chunk: made once, outside render.
  const content = Page === undefined ? <Outlet /> : createElement(Page);
  if (Boundary === undefined) return content;
  return (
    <RenderErrorBoundary location={location} fallback={Boundary}>
      {content}
    </RenderErrorBoundary>
  );
}

const routeObjectsOf = new WeakMap<AppRoute[], RouteObject[]>();

/** The route tree as `useRoutes` and `matchRoutes` take it (made once per tree). */
function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  const made = routeObjectsOf.get(routes);
  if (made !== undefined) return made;
  const objects = routes.map((route) => {
    const children = route.children === undefined ? undefined : toRouteObjects(route.children);
    const element = <RouteElement route={route} />;
    const object: RouteObject = route.index
      ? { index: true, element }
      : { path: route.path, element, children };
    appRouteOf.set(object, route);
    return object;
  });
  routeObjectsOf.set(routes, objects);
  return objects;
}

export type Resolution =
  | { kind: 'render'; matches: AppRoute[]; failure: RouteFailure | null }
  | { kind: 'redirect'; to: string; state: unknown }
  | { kind: 'document'; href: string };

function isRedirect(value: RouteLoadResult): value is RouteRedirect {
  return typeof value === 'object' && value !== null;
}

/**
 * Loads what a location's routes need: every `load` and every not yet loaded `lazy`, all at
 * once. A redirect wins (the outermost), then a failure (shown by the nearest error boundary at
 * or above the route that failed).
 */
export async function resolveLocation(
  routes: AppRoute[],
  to: string | Partial<Path>,
): Promise<Resolution> {
  const path = typeof to === 'string' ? parsePath(to) : to;
  const location: Path = {
    pathname: path.pathname ?? '/',
    search: path.search ?? '',
    hash: path.hash ?? '',
  };
  const matches = (matchRoutes(toRouteObjects(routes), location) ?? []).flatMap((match) => {
    const route = appRouteOf.get(match.route);
    return route === undefined ? [] : [{ route, params: match.params }];
  });
  const settled = await Promise.allSettled(
    matches.map(async ({ route, params }) => {
      const lazy =
        route.lazy !== undefined && !loadedComponents.has(route)
          ? route.lazy().then(({ Component: Page }) => {
              loadedComponents.set(route, Page);
            })
          : undefined;
      const [result] = await Promise.all([route.load?.({ params, location }), lazy]);
      return result;
    }),
  );
  for (const outcome of settled) {
    if (outcome.status !== 'fulfilled' || !isRedirect(outcome.value)) continue;
    const value = outcome.value;
    if ('documentRedirect' in value) return { kind: 'document', href: value.documentRedirect };
    return { kind: 'redirect', to: value.redirect, state: value.state };
  }
  const rendered = matches.map(({ route }) => route);
  const failed = settled.findIndex((outcome) => outcome.status === 'rejected');
  if (failed === -1) return { kind: 'render', matches: rendered, failure: null };
  const outcome = settled[failed];
  const error = outcome?.status === 'rejected' ? (outcome.reason as unknown) : undefined;
  const boundary = rendered
    .slice(0, failed + 1)
    .reverse()
    .find((route) => route.ErrorBoundary !== undefined);
  if (boundary === undefined) throw error;
  return { kind: 'render', matches: rendered, failure: { error, route: boundary } };
}

/** Redirects one after another stop here (a loop between loads). */
const MOST_REDIRECTS = 10;

/** A router over a history: starts loading the current location at once. */
export function createAppRouter(routes: AppRoute[], history: RouterHistory): AppRouter {
  const routeObjects = toRouteObjects(routes);
  const listeners = new Set<(state: AppRouterState) => void>();
  let latest = 0;
  let scrollPositions: Record<string, number> | null = null;
  // The positions kept in session storage, read when first needed: the first access to session
  // storage is a synchronous round trip to the browser (~5–30 ms at the start, decision 227).
  let savedPositionsRead = false;
  const initialKey = history.location.key;
  const reopened = ['reload', 'back_forward'].includes(navigationType());
  const readSavedPositions = () => {
    if (savedPositionsRead || scrollPositions === null) return;
    savedPositionsRead = true;
    try {
      const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<
        string,
        number
      >;
      // What this page load has recorded since stands over what was saved before it.
      for (const [key, position] of Object.entries(saved)) scrollPositions[key] ??= position;
    } catch {
      // Unreadable: start afresh.
    }
  };
  let state: AppRouterState = {
    initialized: false,
    location: history.location,
    historyAction: NavigationType.Pop,
    navigating: false,
    matches: [],
    failure: null,
    preventScrollReset: false,
  };

  const router: AppRouter = {
    get state() {
      return state;
    },
    history,
    routeObjects,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate: (to, options = {}) => {
      const path = typeof to === 'string' ? parsePath(to) : to;
      const current = state.location;
      const target: Path = {
        pathname: path.pathname ?? current.pathname,
        search: path.search ?? '',
        hash: path.hash ?? '',
      };
      const replace = options.replace === true;
      return start(target, replace ? NavigationType.Replace : NavigationType.Push, options);
    },
    enableScrollRestoration: () => {
      const positions: Record<string, number> = {};
      scrollPositions = positions;
      savedPositionsRead = false;
      window.history.scrollRestoration = 'manual';
      const save = () => {
        readSavedPositions();
        positions[state.location.key] = window.scrollY;
        try {
          sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
        } catch {
          // Storage full or refused: the positions are lost on reload only.
        }
      };
      window.addEventListener('pagehide', save);
      return () => {
        window.removeEventListener('pagehide', save);
        scrollPositions = null;
        window.history.scrollRestoration = 'auto';
      };
    },
    scrollPositionOf: (key) => {
      // A page opened afresh starts at the top: its saved positions are not read at the start
      // (decision 227), only for a reload, a return through history, or a later Back.
      if (key !== initialKey || reopened) readSavedPositions();
      return scrollPositions?.[key];
    },
  };

  function update(next: Partial<AppRouterState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  }

  async function start(
    target: Path,
    action: NavigationType,
    options: NavigateOptions,
    redirects = 0,
  ): Promise<void> {
    const id = ++latest;
    if (state.initialized && !state.navigating) update({ navigating: true });
    let resolution: Resolution;
    try {
      resolution = await resolveLocation(routes, target);
    } catch (error) {
      if (id === latest) update({ navigating: false });
      throw error;
    }
    if (id !== latest) return;
    if (resolution.kind === 'document') {
      window.location.replace(resolution.href);
      return;
    }
    if (resolution.kind === 'redirect') {
      if (redirects >= MOST_REDIRECTS) throw new Error(`Too many redirects at ${resolution.to}`);
      // A link followed to a redirect adds the page it lands on; anything else replaces.
      const next = action === NavigationType.Push ? action : NavigationType.Replace;
      const { pathname = '/', search = '', hash = '' } = parsePath(resolution.to);
      await start({ pathname, search, hash }, next, { state: resolution.state }, redirects + 1);
      return;
    }
    if (scrollPositions !== null && state.initialized) {
      scrollPositions[state.location.key] = window.scrollY;
    }
    if (action === NavigationType.Push) history.push(target, options.state);
    if (action === NavigationType.Replace) history.replace(target, options.state);
    update({
      initialized: true,
      navigating: false,
      location: history.location,
      historyAction: action,
      matches: resolution.matches,
      failure: resolution.failure,
      preventScrollReset: options.preventScrollReset === true,
    });
  }

  // Back and forward: the address has changed already; the page follows once loaded.
  history.listen(({ location }) => {
    void start(location, NavigationType.Pop, {});
  });
  void start(history.location, NavigationType.Pop, {});
  return router;
}

const RouterContext = createContext<AppRouter | null>(null);
const NavigateContext = createContext<AppRouter['navigate'] | null>(null);
const FailureContext = createContext<RouteFailure | null>(null);

/** What the layout reads of the router; the prerender provides it without a router. */
export interface RouteStatus {
  navigating: boolean;
  /** The rendered routes' `handle`s, outermost first. */
  handles: readonly unknown[];
}

export const RouteStatusContext = createContext<RouteStatus>({ navigating: false, handles: [] });

/** A navigation is loading its routes (the data router's `useNavigation().state !== 'idle'`). */
export function useNavigating(): boolean {
  return useContext(RouteStatusContext).navigating;
}

/** The rendered routes' `handle`s, outermost first (the data router's `useMatches`). */
export function useRouteHandles(): readonly unknown[] {
  return useContext(RouteStatusContext).handles;
}

/** Like React Router's `navigate`, resolving once the new page has rendered. */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => Promise<void> {
  const navigate = useContext(NavigateContext);
  if (navigate === null) throw new Error('useAppNavigate needs an AppRouterProvider');
  return navigate;
}

const refuseNavigation = () =>
  Promise.reject(new Error('Nothing navigates in a build-time render'));

/**
 * Pages rendered at build time (app/prerender.tsx, for their CSS) take `useAppNavigate` as they
 * do in the app; nothing is clicked there, so the navigation it gives them refuses.
 */
export function BuildTimeNavigation({ children }: { children: ReactNode }) {
  return <NavigateContext.Provider value={refuseNavigation}>{children}</NavigateContext.Provider>;
}

/** Renders the router's current location; updates when a navigation commits. */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => router.history.createHref(to),
      encodeLocation: (to) => router.history.encodeLocation(to),
      go: (delta) => {
        router.history.go(delta);
      },
      push: (to, pushState: unknown, options) => {
        void router.navigate(to, {
          state: pushState,
          preventScrollReset: options?.preventScrollReset,
        });
      },
      replace: (to, replaceState: unknown, options) => {
        void router.navigate(to, {
          replace: true,
          state: replaceState,
          preventScrollReset: options?.preventScrollReset,
        });
      },
    }),
    [router],
  );
  const status = useMemo<RouteStatus>(
    () => ({ navigating: state.navigating, handles: state.matches.map((route) => route.handle) }),
    [state.navigating, state.matches],
  );
  // Until the first location is loaded: nothing (the prerendered shell stays, decision 179).
  if (!state.initialized) return null;
  return (
    <RouterContext.Provider value={router}>
      <NavigateContext.Provider value={router.navigate}>
        <RouteStatusContext.Provider value={status}>
          <FailureContext.Provider value={state.failure}>
            <Router
              location={state.location}
              navigationType={state.historyAction}
              navigator={navigator}
            >
              <Routes routeObjects={router.routeObjects} />
            </Router>
          </FailureContext.Provider>
        </RouteStatusContext.Provider>
      </NavigateContext.Provider>
    </RouterContext.Provider>
  );
}

/**
 * The matched routes' elements. Memoised (decision 219): the router's own state changing (a
 * navigation starting or ending) renders this again only when the location changed, through
 * `<Router>`'s context, instead of every page's whole tree synchronously (a store update is a
 * synchronous render in React).
 */
const Routes = memo(function Routes({ routeObjects }: { routeObjects: RouteObject[] }) {
  return useRoutes(routeObjects);
});

interface BoundaryProps {
  location: Location;
  fallback: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  failed: boolean;
  error: unknown;
}

/** A route's render errors: its error boundary until the next navigation. */
class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { location: props.location, failed: false, error: undefined };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.location === state.location) return null;
    return { location: props.location, failed: false, error: undefined };
  }

  override render() {
    const Fallback = this.props.fallback;
    return this.state.failed ? <Fallback error={this.state.error} /> : this.props.children;
  }
}

/**
 * Back and forward restore the page's scroll position (also after a reload, from session
 * storage); other navigations go to the top, or to the element the hash names.
 */
export function ScrollRestoration(): null {
  const router = useContext(RouterContext);
  const location = useLocation();
  useLayoutEffect(() => router?.enableScrollRestoration(), [router]);
  useLayoutEffect(() => {
    if (router === null) return;
    const { historyAction, preventScrollReset } = router.state;
    const position =
      historyAction === NavigationType.Pop ? router.scrollPositionOf(location.key) : undefined;
    if (position !== undefined) {
      window.scrollTo(0, position);
      return;
    }
    if (location.hash !== '') {
      const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (element !== null) {
        element.scrollIntoView();
        return;
      }
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [router, location]);
  return null;
}
