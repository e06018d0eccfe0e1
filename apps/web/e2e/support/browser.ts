// Journey helpers: a fresh Chromium context per test at a phone or desktop size, which collects
// console errors, page errors and CSP violations; every journey fails on any of them.
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the init script collects `securitypolicyviolation` events in the page. */
interface CspWindow {
  __cspViolations?: string[];
}

export interface Journey {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Problems seen so far: console errors, uncaught errors, CSP violations. */
  problems: string[];
}

/**
 * Registers one browser for the test file and gives each test a fresh context.
 * Call at the top of a journey file: `const open = useBrowser();`.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: { context: BrowserContext; journey: Journey }[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_FLAGS,
    });
  });

  afterEach(async () => {
    const open = contexts.splice(0);
    for (const { context, journey } of open) {
      const csp = await Promise.all(
        context
          .pages()
          .map((p) =>
            p
              .evaluate(() => (window as unknown as CspWindow).__cspViolations ?? [])
              .catch((): string[] => []),
          ),
      );
      journey.problems.push(...csp.flat().map((v) => `CSP violation: ${v}`));
      await context.close();
      expect(journey.problems, 'console errors, page errors or CSP violations').toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return async function open(
    viewport: ViewportName = 'phone',
    options: { locale?: string; path?: string; serviceWorkers?: 'block' } = {},
  ): Promise<Journey> {
    if (!browser) throw new Error('browser not started');
    const baseUrl = inject('baseUrl');
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: VIEWPORTS[viewport],
      locale: options.locale ?? 'en-GB',
      // Blocked where a journey delays a request with `page.route`, which does not see the
      // requests a service worker makes.
      serviceWorkers: options.serviceWorkers ?? 'allow',
      isMobile: viewport === 'phone',
      hasTouch: viewport === 'phone',
      userAgent:
        viewport === 'phone'
          ? 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36'
          : undefined,
    });
    await context.addInitScript(() => {
      const target = window as unknown as CspWindow;
      target.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        target.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const page = await context.newPage();
    const journey: Journey = { page, context, baseUrl, problems: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') journey.problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => journey.problems.push(`page error: ${error.message}`));
    contexts.push({ context, journey });
    if (options.path !== undefined) await page.goto(options.path);
    return journey;
  };
}

interface AxeWindow {
  axe?: typeof axe;
}

/**
 * axe scan of the current page: fails on serious or critical violations.
 *
 * axe-core runs in the page itself (injected once per document) and reports violations only,
 * once the page's transitions have ended.
 * `@axe-core/playwright`'s builder, used before, opened a blank page for every scan, injected
 * axe twice and returned every passing node too: 35–42 s a scan of the finder's results on the
 * busy 2-core machine, against 5–6 s here, for the same rules and the same violations.
 */
/** The house's minimum touch target on a phone, CSS px (STYLE.md, `MIN_TOUCH_TARGET`). */
const MIN_TOUCH_TARGET = 44;

/**
 * On a phone-sized page, the controls a finger taps that are smaller than 44 × 44 px: buttons,
 * tabs, menu items, switches, radios and checkboxes (a control inside a label is reached through
 * its label, which then must be as large), and slider thumbs (their hit area is their `::after`).
 * Links inside running text are not counted (WCAG 2.5.8's inline exception); links drawn as
 * buttons are, through their role. Empty on wider pages.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    if (window.innerWidth > 600) return [];
    const found: string[] = [];
    const size = (width: number, height: number) => `${Math.round(width)}×${Math.round(height)}`;
    const nameOf = (element: Element) =>
      (
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
        element.textContent
      )
        .trim()
        .slice(0, 40) || element.tagName.toLowerCase();
    const selector = [
      'button',
      'a.MuiButton-root',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="switch"]',
      'input[type="checkbox"]',
      'input[type="radio"]',
    ].join(', ');
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (element.closest('[aria-hidden="true"], [inert]') !== null) continue;
      if (box.width >= min && box.height >= min) continue;
      const label = element.closest('label');
      const labelBox = label?.getBoundingClientRect();
      if (labelBox !== undefined && labelBox.width >= min && labelBox.height >= min) continue;
      found.push(`${nameOf(element)} ${size(box.width, box.height)}`);
    }
    for (const thumb of document.querySelectorAll('.MuiSlider-thumb')) {
      const area = getComputedStyle(thumb, '::after');
      const width = Number.parseFloat(area.width);
      const height = Number.parseFloat(area.height);
      if (width >= min && height >= min) continue;
      found.push(
        `slider thumb ${nameOf(thumb.querySelector('input') ?? thumb)} ${size(width, height)}`,
      );
    }
    return found;
  }, MIN_TOUCH_TARGET);
}

export async function expectAccessible(page: Page) {
  // Transitions under way end first (at most 2 s): a dialog fading in or a button fading back
  // from disabled has its colours half-way, which the contrast rule would read. Endless
  // animations (a progress bar) are not waited for.
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    if (ending.length === 0) return;
    await Promise.race([
      Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) {
    await page.evaluate(axe.source);
  }
  const violations = await page.evaluate(async () => {
    const engine = (window as AxeWindow).axe;
    if (engine === undefined) throw new Error('axe-core is not in the page');
    const results = await engine.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const small = await smallTouchTargets(page);
  expect(small, `touch targets under ${MIN_TOUCH_TARGET} px on a phone`).toEqual([]);
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
  // The violations in the message itself: vitest's message alone shortens the list to its length.
  expect(severe, `serious or critical accessibility violations:\n${severe.join('\n')}\n`).toEqual(
    [],
  );
}

/**
 * The class rules the browser's emotion compiled as the app drew the page (the `css` sheet is
 * where it inserts them): none when the page's CSS came with its prerendered shell (decision
 * 233).
 */
export function compiledInBrowser(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style[data-emotion="css"]')].flatMap((style) =>
      [...((style as HTMLStyleElement).sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    ),
  );
}
