// The ClinicPass service worker (issue 16, decision 156), made into dist/sw.js by
// build/service-worker-plugin.ts, which fills in the four constants below from the build.
// - Precaches the app shell of the member-card routes (their pages, scripts, styles, icons), so
//   a kept card opens with no network.
// - Pages: the network first (a new app version shows at once), the kept shell when there is no
//   answer within a few seconds. Hashed assets: from the cache first (they never change).
// - Never touches the API areas (/api, /identity, /session, /dev, health checks): their answers,
//   tokens included, never enter Cache Storage. The kept card lives in the page's IndexedDB.
// - A new version installs beside the old one, takes over at once and removes the old caches;
//   the page then reloads on its next navigation (lib/service-worker.ts).
/* global self, caches, __PRECACHE__, __SHELL_PAGES__, __SHELL_HEADERS__ */

const VERSION = '__VERSION__';
/** @type {string[]} */
const PRECACHE = __PRECACHE__;
/** @type {string[]} */
const SHELL_PAGES = __SHELL_PAGES__;
/** @type {{ offline: string, standIn: string }} */
const SHELL_HEADERS = __SHELL_HEADERS__;

const CACHE = `clinicpass-shell-${VERSION}`;
// The portal (decision 194) is a page of its own, online only.
const NEVER_CACHED = ['/api', '/identity', '/session', '/dev', '/healthz', '/readyz', '/portal'];
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([
        ...PRECACHE.map((path) => new Request(path, { cache: 'reload' })),
        // Each page's own shell, whether or not this device holds a member yet (decision 232).
        ...SHELL_PAGES.map(
          (path) =>
            new Request(path, { cache: 'reload', headers: { [SHELL_HEADERS.offline]: '1' } }),
        ),
      ]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('clinicpass-') && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

function neverCached(pathname) {
  return NEVER_CACHED.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(hashedAsset(request));
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

async function fetchWithin(request, ms) {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, ms);
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** The shell kept for a page of this language: its own, else the QR page's. */
function shellFor(pathname) {
  if (SHELL_PAGES.includes(pathname)) return pathname;
  const lang = pathname.split('/')[1] === 'zh-hk' ? 'zh-hk' : 'en';
  return `/${lang}/outpatient/e-card/member/qr`;
}

async function page(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
    // A fresh shell of a member-card page replaces the kept one (no personal data in it), but
    // not the member card form's, sent for a member page while the device held no member
    // (decision 232): offline, a card kept since must open on its own page's shell.
    if (
      response.ok &&
      SHELL_PAGES.includes(url.pathname) &&
      !response.headers.has(SHELL_HEADERS.standIn)
    ) {
      // The kept entry was asked for with a header its answer varies by: removed first, or the
      // Cache API would keep both (decision 232).
      await cache.delete(url.pathname, { ignoreVary: true });
      await cache.put(url.pathname, response.clone());
    }
    return response;
  } catch {
    // The kept shells were asked for with a header their answers vary by (decision 232).
    return (await cache.match(shellFor(url.pathname), { ignoreVary: true })) ?? Response.error();
  }
}

async function hashedAsset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, pathname) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
    if (response.ok) await cache.put(pathname, response.clone());
    return response;
  } catch {
    return (await cache.match(pathname)) ?? Response.error();
  }
}
