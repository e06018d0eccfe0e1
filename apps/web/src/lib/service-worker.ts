// The installable app (issue 16, decision 156): registers the service worker of the built app
// (dist/sw.js, made by build/service-worker-plugin.ts) and picks up new app versions: when a
// new worker takes over a page an older one controlled, the page reloads on its next navigation,
// so no stale shell stays for ever and nobody loses what they are typing.
const UPDATE_CHECK_MS = 10 * 60 * 1000;

interface RouterLike {
  subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): unknown;
}

export function registerServiceWorker(router: RouterLike): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let replaced = false;
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadController) replaced = true;
  });

  let registration: ServiceWorkerRegistration | undefined;
  let lastCheck = Date.now();
  let current = `${window.location.pathname}${window.location.search}`;
  router.subscribe(({ location }) => {
    const next = `${location.pathname}${location.search}`;
    if (next === current) return;
    current = next;
    if (replaced) {
      window.location.reload();
      return;
    }
    // A single-page app never loads a page again: ask for a new worker now and then.
    if (registration !== undefined && Date.now() - lastCheck > UPDATE_CHECK_MS) {
      lastCheck = Date.now();
      registration.update().catch(() => undefined);
    }
  });
  container
    .register('/sw.js', { scope: '/' })
    .then((value) => {
      registration = value;
    })
    .catch(() => undefined);
}

/** The manifest of the page's language (its names and start address). */
export function setManifestLanguage(prefix: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/manifest-${prefix}.webmanifest`;
  if (link !== null && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
