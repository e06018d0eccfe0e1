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
    options: { locale?: string; path?: string } = {},
  ): Promise<Journey> {
    if (!browser) throw new Error('browser not started');
    const baseUrl = inject('baseUrl');
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: VIEWPORTS[viewport],
      locale: options.locale ?? 'en-GB',
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
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
  // The violations in the message itself: vitest's message alone shortens the list to its length.
  expect(severe, `serious or critical accessibility violations:\n${severe.join('\n')}\n`).toEqual(
    [],
  );
}
