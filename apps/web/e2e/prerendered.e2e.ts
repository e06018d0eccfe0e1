// Prerendered page shells (issue 16, decision 179): the server sends each page's static shell,
// so with JavaScript off the page still shows its header and heading in its language; with it
// on, the app replaces the shell and the heading does not move (no layout shift).
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledInBrowser, VIEWPORTS, type ViewportName } from './support/browser';

const PAGES = [
  {
    name: 'home',
    path: '',
    heading: {
      en: 'Your outpatient plan, ready at the clinic counter',
      'zh-hk': '你的門診計劃，診所櫃檯即用',
    },
  },
  {
    name: 'member card form',
    path: '/outpatient/e-card/member',
    heading: { en: 'Please provide the following information', 'zh-hk': '請提供以下資料' },
  },
  {
    // A device holding no member gets the form's shell, where the app sends it (decision 232).
    name: 'QR page without a member',
    path: '/outpatient/e-card/member/qr',
    heading: { en: 'Please provide the following information', 'zh-hk': '請提供以下資料' },
  },
  {
    name: 'QR page with a member on this device',
    path: '/outpatient/e-card/member/qr',
    memberOnDevice: true,
    heading: { en: 'Member QR codes', 'zh-hk': '會員二維碼' },
  },
  { name: 'login', path: '/outpatient/login', heading: { en: 'Sign in', 'zh-hk': '登入' } },
  {
    name: 'finder landing',
    path: '/outpatient/doctor-list/outpatient/OP1000001',
    heading: { en: 'Find a network doctor', 'zh-hk': '尋找網絡醫生' },
  },
  {
    name: 'finder results',
    path: '/outpatient/doctor-list/outpatient/OP1000001?districts=A',
    heading: { en: 'Network doctors', 'zh-hk': '網絡醫生' },
  },
] as const;

interface ShellWindow {
  __shellHeading?: { x: number; y: number };
  /** When the app replaced the shell (ms since navigation). */
  __shellReplaced?: number;
  __shifts?: { at: number; value: number }[];
}

const HTML_LANG = { en: 'en', 'zh-hk': 'zh-Hant-HK' } as const;
/** The finder's list of results, by its accessible name. */
const RESULTS_LIST = { en: 'Doctors', 'zh-hk': '醫生' } as const;
const LANGUAGES = ['en', 'zh-hk'] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser.close();
});

async function openPage(
  viewport: ViewportName,
  path: string,
  options: BrowserContextOptions = {},
  memberOnDevice = false,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-GB',
    // No service worker: each visit asks the server.
    serviceWorkers: 'block',
    ...options,
  });
  // Notes where the shell's heading was drawn, and when it leaves the page (the app has
  // replaced the shell).
  await context.addInitScript(() => {
    const target = window as unknown as ShellWindow;
    let seen = false;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!seen && node instanceof HTMLHeadingElement && node.tagName === 'H1') {
            seen = true;
            const heading = node;
            requestAnimationFrame(() => {
              if (!heading.isConnected) return;
              const { x, y } = heading.getBoundingClientRect();
              target.__shellHeading = { x, y };
            });
          }
        }
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) {
            target.__shellReplaced ??= performance.now();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  if (memberOnDevice) {
    // What the page sets once a look-up stored its view token or a card is kept.
    await context.addCookies([{ name: 'cp_member', value: '1', url: inject('baseUrl') }]);
  }
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

describe.each(LANGUAGES)('prerendered shells in %s, JavaScript off', (language) => {
  it.each(PAGES)('$name shows the header and its heading', async (shell) => {
    const { path, heading } = shell;
    const { page, close } = await openPage(
      'phone',
      `/${language}${path}`,
      { javaScriptEnabled: false },
      'memberOnDevice' in shell,
    );
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading[language]);
      expect(await page.locator('html').getAttribute('lang')).toBe(HTML_LANG[language]);
      // The header: the home link and the switch to the other language.
      await page.getByRole('banner').getByRole('link').first().waitFor();
      const other = language === 'en' ? '繁體中文' : 'English';
      expect(await page.getByRole('link', { name: other }).count()).toBe(1);
      expect(await page.title()).toMatch(/ · ClinicPass$/);
    } finally {
      await close();
    }
  });
});

describe('the app replaces a shell without moving it', () => {
  /** Pages whose first screen with JavaScript is the page the shell stands for. */
  const stable = PAGES.filter(
    (shell) =>
      !('memberOnDevice' in shell) && !['finder landing', 'finder results'].includes(shell.name),
  );

  it.each(stable.flatMap((page) => LANGUAGES.map((language) => ({ ...page, language }))))(
    '$name ($language): same heading position, no layout shift',
    async ({ path, heading, language }) => {
      const { page, close } = await openPage('phone', `/${language}${path}`);
      try {
        await page.evaluate(() => {
          const target = window as unknown as ShellWindow;
          target.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
              target.__shifts?.push({ at: entry.startTime, value: entry.value });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.waitForFunction(
          () => (window as unknown as ShellWindow).__shellReplaced !== undefined,
        );
        expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
        await page.waitForTimeout(500);
        const heading1 = page.getByRole('heading', { level: 1 });
        expect(await heading1.textContent()).toBe(heading[language]);
        const appBox = await heading1.boundingBox();
        const shellBox = await page.evaluate(
          () => (window as unknown as ShellWindow).__shellHeading,
        );
        expect(shellBox, 'the shell heading was drawn before the app replaced it').toBeDefined();
        expect(appBox?.x).toBeCloseTo(shellBox?.x ?? -1, 0);
        expect(appBox?.y).toBeCloseTo(shellBox?.y ?? -1, 0);
        // Shifts up to the frame after the replacement: the shell's doing (later ones are the
        // page's own, e.g. the captcha box filling in).
        const shift = await page.evaluate(() => {
          const target = window as unknown as ShellWindow;
          const until = (target.__shellReplaced ?? 0) + 100;
          return (target.__shifts ?? [])
            .filter(({ at }) => at <= until)
            .reduce((sum, { value }) => sum + value, 0);
        });
        expect(shift).toBeLessThan(0.01);
        // The page's own CSS came with its shell.
        expect(await compiledInBrowser(page)).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});

describe("the finder's CSS comes with its shell (decision 233)", () => {
  const finder = PAGES.filter((shell) => ['finder landing', 'finder results'].includes(shell.name));

  it.each(finder.flatMap((page) => LANGUAGES.map((language) => ({ ...page, language }))))(
    '$name ($language): no class rule compiled as the app draws it',
    async ({ name, path, language }) => {
      const { page, close } = await openPage('phone', `/${language}${path}`);
      try {
        if (name === 'finder results') {
          // The cards are drawn: the list of results has its items.
          await page
            .getByRole('list', { name: RESULTS_LIST[language] })
            .getByRole('listitem')
            .first()
            .waitFor();
        } else {
          await page.getByRole('button').first().waitFor();
        }
        await page.waitForLoadState('networkidle');
        expect(await compiledInBrowser(page)).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});

describe('the page asks for its scripts once its shell is painted (decision 228)', () => {
  it.each(LANGUAGES)('home and the member card form in %s', async (language) => {
    for (const path of ['', '/outpatient/e-card/member']) {
      const { page, close } = await openPage('phone', `/${language}${path}`);
      try {
        // The app runs: the shell is replaced by the page.
        await page.waitForFunction(
          () => (window as unknown as ShellWindow).__shellReplaced !== undefined,
        );
        const { paint, modules } = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          modules: performance
            .getEntriesByType('resource')
            .filter(({ name }) => new URL(name).pathname.startsWith('/assets/'))
            .filter(({ name }) => name.endsWith('.js'))
            .map(({ name, startTime }) => ({ name, startTime })),
        }));
        expect(paint, 'the shell was painted').toBeDefined();
        expect(modules.length).toBeGreaterThan(0);
        const early = modules.filter(({ startTime }) => startTime < (paint ?? 0));
        expect(early, 'scripts asked for before the first paint').toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe('the shell before the app runs (decision 228)', () => {
  it('remembers a language switch tapped on the shell', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      serviceWorkers: 'block',
    });
    try {
      // The app's scripts never arrive: the page stays its prerendered shell.
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto('/en');
      await page.getByRole('link', { name: '繁體中文' }).click();
      await page.waitForURL('**/zh-hk');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-HK');
      // With the app back, a bare address opens in the remembered language.
      await context.unroute('**/assets/*.js');
      await page.goto('/');
      await page.waitForURL('**/zh-hk');
      await page.getByRole('heading', { level: 1, name: '你的門診計劃，診所櫃檯即用' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
