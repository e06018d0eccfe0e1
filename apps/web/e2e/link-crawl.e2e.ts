// No link leads to "Not Found" (issue 20): from the home page, every internal link of the member
// app and the portal is followed (breadth first), signed out and signed in as the owner, and
// each page reached is read for its heading and text, not its status (the app answers 200 and
// draws its own "Not Found"). Both languages; a page in the other language (the switcher) counts
// as the same page. API, document and developer addresses are not pages and are not followed.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, type ViewportName } from './support/browser';
import { asNewClient } from './support/client-address';
import { allowFailedResponses } from './support/member-look-up';
import { signInOwner, useSession } from './support/owner-session';

const open = useBrowser();
const NOT_FOUND = /Not Found|找不到頁面/;
const NOT_PAGES = /^\/(api|identity|session|dev|healthz|readyz|assets)(\/|$)/;
/** Enough for every page kind of both apps; a crawl that needs more has found a loop. */
const MOST_PAGES = 80;

/** The page an address shows: path (language-neutral) and, for the portal, its hash route. */
function pageKey(url: URL): string {
  const neutral = (path: string) => path.replace(/^\/(en|zh-hk)(?=\/|$)/, '/{lang}');
  if (url.pathname.startsWith('/portal')) {
    return `/portal${neutral(url.hash.replace(/^#/, '').split('?')[0] ?? '')}`;
  }
  return neutral(url.pathname);
}

async function crawl(page: Page, starts: string[], origin: string) {
  const queue = starts.map((start) => new URL(start, origin));
  const seen = new Set(queue.map(pageKey));
  const visited: string[] = [];
  const notFound: string[] = [];
  while (queue.length > 0 && visited.length < MOST_PAGES) {
    const url = queue.shift()!;
    await page.goto(url.href);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
    visited.push(url.pathname + url.hash);
    if (NOT_FOUND.test(heading) || NOT_FOUND.test(await page.title())) {
      notFound.push(`${url.pathname}${url.search}${url.hash} (heading: ${heading})`);
    }
    const hrefs = await page.$$eval('a[href]', (links) =>
      links.map((link) => (link as HTMLAnchorElement).href),
    );
    for (const href of hrefs) {
      const next = new URL(href);
      if (next.origin !== origin || NOT_PAGES.test(next.pathname)) continue;
      // A same-page fragment (the skip link) is no page of its own.
      if (
        !next.pathname.startsWith('/portal') &&
        next.hash !== '' &&
        next.pathname === url.pathname
      ) {
        continue;
      }
      const key = pageKey(next);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(next);
    }
  }
  return { visited, notFound };
}

let access = '';
beforeAll(async () => {
  access = await signInOwner();
});

// Each state in both languages and on both screen sizes, crossed: a crawl is minutes of the
// suite's time on two cores, and the links a page shows depend on the state and the screen
// (the phone's bottom navigation, the desktop's bar), the pages on the language.
describe.each([
  ['phone', 'en', 'signed out'],
  ['desktop', 'zh-hk', 'signed out'],
  ['phone', 'zh-hk', 'signed in'],
  ['desktop', 'en', 'signed in'],
] as const)('on a %s, every internal link from /%s', (viewport: ViewportName, prefix, state) => {
  it(`leads to a page, never to "Not Found" (${state})`, async () => {
    const journey = await open(viewport);
    await asNewClient(journey);
    if (state === 'signed in') await useSession(journey.context, access);
    // The home page, and the addresses that hand over to the main application: the outpatient
    // root and its apply route (to /{lang}/apply/…), and the health network root.
    const starts = ['', '/outpatient', '/outpatient/apply', '/health/network'].map(
      (path) => `/${prefix}${path}`,
    );
    const { visited, notFound } = await crawl(journey.page, starts, journey.baseUrl);
    expect(notFound).toEqual([]);
    // The crawl reached both apps: the member pages and, signed in, the portal's sections.
    expect(visited.some((address) => address.includes('/outpatient/e-card/member'))).toBe(true);
    if (state === 'signed in') {
      expect(visited.some((address) => address.includes('/manage/p/'))).toBe(true);
    }
    // Signed out, the portal and the owner's pages answer 401 on the way to the sign-in.
    allowFailedResponses(journey, [401, 404]);
  }, 300_000);
});
