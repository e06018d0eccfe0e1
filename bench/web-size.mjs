// What each page of the web app costs on first load (issue 16): the built app served by the
// real server, each page opened directly in Chromium with no input, every JavaScript response
// summed (gzip size) until the network is idle. The same measurement as the budget journey
// (apps/web/e2e/js-budget.e2e.ts). Prints figures; asserts nothing.
//
//   npm run bench:web            (builds the app first when it has not been built)
import { chromium } from 'playwright-core';
import { SHELL_BUDGET, kib, weighPages } from '../apps/web/e2e/support/js-weight.ts';
import { startBuiltApp } from './built-app.mjs';

const app = await startBuiltApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const report = await weighPages(browser, app.baseUrl);
  const rows = [
    ['page', 'JS files', 'total KiB', 'beyond shell KiB', 'budget KiB', ''],
    [
      '(shell: index.html)',
      '-',
      kib(report.shell).toFixed(1),
      '-',
      String(SHELL_BUDGET),
      report.shell <= SHELL_BUDGET * 1024 ? 'met' : 'NOT met',
    ],
    ...report.pages.map((page) => [
      `${page.name} ${page.path}`,
      String(page.count),
      kib(page.total).toFixed(1),
      kib(page.beyondShell).toFixed(1),
      String(page.budget),
      page.beyondShell <= page.budget * 1024 ? 'met' : 'NOT met',
    ]),
    // Pages of their own (decision 194): weighed whole, against their own budget.
    ...report.own.map((page) => [
      `${page.name} ${page.path} (own page)`,
      String(page.count),
      kib(page.total).toFixed(1),
      '-',
      String(page.budget),
      page.total <= page.budget * 1024 ? 'met' : 'NOT met',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ');
  console.log('First-load JavaScript per page (gzip, KiB), Chromium until network idle\n');
  console.log(line(rows[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  for (const page of [...report.pages, ...report.own]) {
    if (page.busy.length > 0) {
      console.log(`\n${page.name}: still in flight after 30 s: ${page.busy.join(', ')}`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
