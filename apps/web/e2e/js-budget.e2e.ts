// Weight budgets of issue 16: each page opened directly in Chromium with no input, every
// JavaScript response until the network is idle, weighed as gzip. A byte check, not a timing.
// `npm run bench:web` prints the same figures.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { kib, SHELL_BUDGET, weighPages, type WeightReport } from './support/js-weight';

let browser: Browser;
let report: WeightReport;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  report = await weighPages(browser, inject('baseUrl'));
});
afterAll(async () => {
  await browser.close();
});

describe('first-load JavaScript (gzip KiB)', () => {
  it(`keeps the shell within ${SHELL_BUDGET} KiB`, () => {
    expect(kib(report.shell)).toBeGreaterThan(0);
    expect(kib(report.shell)).toBeLessThanOrEqual(SHELL_BUDGET);
  });

  it('keeps each page within its budget beyond the shell', () => {
    const over = report.pages
      .filter((page) => page.beyondShell > page.budget * 1024)
      .map(
        (page) =>
          `${page.name} (${page.path}): ${kib(page.beyondShell).toFixed(1)} KiB > ${page.budget} KiB`,
      );
    expect(over).toEqual([]);
  });
});
