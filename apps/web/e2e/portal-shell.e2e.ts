// The portal's prerendered shell (decision 211): with JavaScript off, /portal/ paints the
// portal's bar (language switch, sign-out), its navigation and footer from the HTML alone, in the
// visitor's language (Accept-Language: its routes are in the hash); with JavaScript on, the app
// replaces it with the page asked for. Phone and desktop, both languages.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, type ViewportName } from './support/browser';

const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const TEXT = {
  en: {
    locale: 'en-GB',
    htmlLang: 'en',
    nav: 'Account portal',
    links: ['My policies', 'Account', 'Service requests'],
    signOut: 'Sign out',
    switchTo: '繁體中文',
  },
  zh: {
    locale: 'zh-HK',
    htmlLang: 'zh-Hant-HK',
    nav: '帳戶網站',
    links: ['我的保單', '帳戶', '服務申請'],
    signOut: '登出',
    switchTo: 'English',
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
});
afterAll(async () => {
  await browser.close();
});

describe.each(viewports)('the portal’s shell on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = TEXT[language];

    it('paints the bar, the navigation and the footer without JavaScript', async () => {
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport: VIEWPORTS[viewport],
        locale: t.locale,
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        const response = await page.goto('/portal/#/en/my-policies');
        expect(response?.headers().vary).toContain('accept-language');
        expect(await page.locator('html').getAttribute('lang')).toBe(t.htmlLang);
        const nav = page.getByRole('navigation', { name: t.nav });
        for (const name of t.links) {
          const link = nav.getByRole('link', { name, exact: true });
          await expect.poll(() => link.isVisible()).toBe(true);
          // A link followed before the app runs still opens a portal route.
          expect(await link.getAttribute('href')).toMatch(/^#\/(en|zh-hk)\//);
          const box = await link.boundingBox();
          expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        }
        expect(await page.getByRole('button', { name: t.signOut }).isDisabled()).toBe(true);
        expect(await page.getByRole('link', { name: t.switchTo }).isVisible()).toBe(true);
        expect(await page.getByRole('status').count()).toBe(1);
      } finally {
        await context.close();
      }
    });

    it('is replaced by the page the hash asks for once the app runs', async () => {
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport: VIEWPORTS[viewport],
        locale: t.locale,
      });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        // Signed out: the portal sends the visitor to the member app's sign-in, in the hash's
        // language whatever the shell's was.
        await page.goto('/portal/#/en/account');
        await page.waitForURL((url) => url.pathname === '/en/outpatient/login');
        expect(new URL(page.url()).search).toBe('?next=%2Fportal%2F%23%2Fen%2Faccount');
        expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
