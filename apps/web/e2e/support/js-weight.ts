// First-load JavaScript of a page as a browser sees it (issue 16): the page opened in a fresh
// context with no input, every JavaScript response collected until the network is idle, each
// weighed as gzip (node:zlib defaults, whatever encoding the server chose). Used by the budget
// journey (js-budget.e2e.ts) and `npm run bench:web`, so both print the same figures.
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { Browser, Request, Response } from 'playwright-core';

/** The pages weighed, with their budgets beyond the shell (KiB gzip). */
export const WEIGHED_PAGES = [
  { name: 'home', path: '/en', budget: 10 },
  { name: 'member card form', path: '/en/outpatient/e-card/member', budget: 35 },
  { name: 'QR page (direct)', path: '/en/outpatient/e-card/member/qr', budget: 30 },
  { name: 'login', path: '/en/outpatient/login', budget: 40 },
  { name: 'finder', path: '/en/outpatient/doctor-list/outpatient/OP1000001', budget: 90 },
] as const;

/** The access token of the demo customer who signs in without an SMS code (plain@example.com). */
export async function signInPlainCustomer(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' },
    body: JSON.stringify({ email: 'plain@example.com', password: 'ClinicPass2026' }),
  });
  const body = (await response.json()) as { tokens?: { access_token: string } };
  if (body.tokens === undefined) throw new Error(`sign-in failed: ${response.status}`);
  return body.tokens.access_token;
}

/**
 * Pages of their own (decision 194), weighed whole (their own shell included) against their own
 * budget: nothing they load counts towards the member pages, and the member shell must not grow
 * for them. The portal is weighed signed in (plain@example.com), as its owner sees it.
 */
export const OWN_PAGES = [
  { name: 'portal', path: '/portal/#/en/my-policies', budget: 200 },
] as const;

/** The shared shell's budget (KiB gzip): what index.html itself loads. */
export const SHELL_BUDGET = 170;

/** The network counts as idle after this long with no request in flight. */
const QUIET_MS = 2000;
const MAX_WAIT_MS = 30_000;
/** How long a response's body may take to read before it is fetched again from the server. */
const BODY_WAIT_MS = 5000;

export interface PageWeight {
  /** Every JavaScript file loaded (path → gzip bytes). */
  files: Map<string, number>;
  total: number;
  /** Requests still in flight when the wait for an idle network gave up (none when it went idle). */
  busy: string[];
}

const isScript = (url: string, contentType: string | undefined) =>
  /\.m?js(\?|$)/.test(new URL(url).pathname) || (contentType ?? '').includes('javascript');

/** Resolves to undefined after `ms` (the timer does not keep the process alive). */
const after = (ms: number) => delay(ms, undefined, { ref: false });

/**
 * A script's bytes as the browser received them; when the browser cannot hand them over in time
 * (Playwright's body read can stall for a response the page stopped waiting for), the same static
 * file fetched again from the server (decompressed: the weight is always gzip of the raw file).
 */
async function scriptBytes(response: Response, url: string): Promise<Buffer> {
  const body = await Promise.race([response.body().catch(() => undefined), after(BODY_WAIT_MS)]);
  if (body !== undefined) return body;
  const refetched = await fetch(url);
  if (!refetched.ok) throw new Error(`${url}: ${refetched.status} when fetched again`);
  return Buffer.from(await refetched.arrayBuffer());
}

/** Sums every JavaScript response of `path` opened directly, until the network is idle. */
export async function weighPage(
  browser: Browser,
  baseUrl: string,
  path: string,
  accessToken?: string,
): Promise<PageWeight> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  if (accessToken !== undefined) {
    const { hostname } = new URL(baseUrl);
    await context.addCookies([
      { name: 'cp_access', value: accessToken, domain: hostname, path: '/', httpOnly: true },
    ]);
  }
  try {
    const page = await context.newPage();
    const bodies: Promise<void>[] = [];
    const files = new Map<string, number>();
    // The requests in flight, by identity: a count could drift when an event goes missing.
    const inFlight = new Set<Request>();
    let lastActivity = Date.now();
    const settle = (request: Request) => {
      inFlight.delete(request);
      lastActivity = Date.now();
    };
    page.on('request', (request) => {
      inFlight.add(request);
      lastActivity = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    // Answered counts as settled, for every request of the same address: the captcha worker's
    // script is asked for twice, through the service worker once it runs, and one of the two may
    // never be reported answered or finished, which held a page for the whole wait (the body is
    // read below, with its own bound, and weighed once per path).
    page.on('response', (response) => {
      for (const request of inFlight) {
        if (request.url() === response.url()) settle(request);
      }
      if (!isScript(response.url(), response.headers()['content-type'])) return;
      if (response.status() !== 200) return;
      const url = response.url();
      bodies.push(
        scriptBytes(response, url).then((body) => {
          files.set(new URL(url).pathname, gzipSync(body).length);
        }),
      );
    });
    await page.goto(path, { waitUntil: 'load' });
    // Idle: nothing in flight for QUIET_MS (a chunk asked for by an import() after mount, or
    // after the page's first answers, still counts), at most MAX_WAIT_MS.
    const deadline = Date.now() + MAX_WAIT_MS;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS)) {
      await page.waitForTimeout(100);
    }
    const busy = [...inFlight].map((request) => `${request.method()} ${request.url()}`);
    await Promise.all(bodies);
    let total = 0;
    for (const size of files.values()) total += size;
    return { files, total, busy };
  } finally {
    await context.close();
  }
}

/** The shell: the JavaScript index.html itself loads (its scripts and modulepreloads). */
export async function shellFiles(baseUrl: string): Promise<Set<string>> {
  const html = await (await fetch(`${baseUrl}/en`, { headers: { accept: 'text/html' } })).text();
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = match[0];
    if (tag.startsWith('<link') && !tag.includes('rel="modulepreload"')) continue;
    const src = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if (src !== undefined) files.add(new URL(src, baseUrl).pathname);
  }
  return files;
}

export interface WeightReport {
  shell: number;
  /** The pages of OWN_PAGES, each weighed whole. */
  own: {
    name: string;
    path: string;
    budget: number;
    total: number;
    count: number;
    busy: string[];
  }[];
  pages: {
    name: string;
    path: string;
    budget: number;
    beyondShell: number;
    total: number;
    count: number;
    busy: string[];
  }[];
}

/** Weighs every page in WEIGHED_PAGES: the shell once, then each page beyond the shell. */
export async function weighPages(browser: Browser, baseUrl: string): Promise<WeightReport> {
  const shell = await shellFiles(baseUrl);
  let shellBytes = 0;
  const pages: WeightReport['pages'] = [];
  for (const { name, path, budget } of WEIGHED_PAGES) {
    const weight = await weighPage(browser, baseUrl, path);
    let beyondShell = 0;
    let inShell = 0;
    for (const [file, size] of weight.files) {
      if (shell.has(file)) inShell += size;
      else beyondShell += size;
    }
    shellBytes = Math.max(shellBytes, inShell);
    pages.push({
      name,
      path,
      budget,
      beyondShell,
      total: weight.total,
      count: weight.files.size,
      busy: weight.busy,
    });
  }
  const own: WeightReport['own'] = [];
  const accessToken = await signInPlainCustomer(baseUrl);
  for (const { name, path, budget } of OWN_PAGES) {
    const weight = await weighPage(browser, baseUrl, path, accessToken);
    own.push({
      name,
      path,
      budget,
      total: weight.total,
      count: weight.files.size,
      busy: weight.busy,
    });
  }
  return { shell: shellBytes, pages, own };
}

export const kib = (bytes: number) => bytes / 1024;
