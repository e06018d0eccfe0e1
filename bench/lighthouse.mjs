// Lighthouse on the counter's pages (issue 16): exactly lighthouse@12.2.3 with its default
// mobile profile (simulated slow 4G, 4× CPU) against the built app served by the real server,
// in Debian's Chromium. Prints score, FCP, LCP, TBT and CLS per page, each the median of the
// runs (3 by default), and the accessibility / best-practices / SEO scores. Fails on nothing:
// the figures depend on the machine (run it on a quiet one).
//
//   npm run bench:lighthouse
//   npm run bench:lighthouse -- --runs 1 --page home
//   npm run bench:lighthouse -- --runs 1 --page login --out /tmp/lh   # keeps each run's report
//   npm run bench:lighthouse -- --floor   # the stack's floor: the app's libraries, none of the app
//
// --out DIR writes every run's whole report (DIR/<page>-<run>.json) to read what costs the score:
// the audits metrics (observed and simulated timings), network-requests (priorities, and which
// requests end before the observed first paint), largest-contentful-paint-element, long-tasks,
// mainthread-work-breakdown and bootup-time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signInPlainCustomer } from '../apps/web/e2e/support/js-weight.ts';
import { startBuiltApp } from './built-app.mjs';
import { startStackFloor } from './stack-floor/serve.mjs';

const PAGES = [
  ['home', '/en'],
  ['member card form', '/en/outpatient/e-card/member'],
  ['QR page', '/en/outpatient/e-card/member/qr'],
  ['finder landing', '/en/outpatient/doctor-list/outpatient/OP1000001'],
  ['finder results', '/en/outpatient/doctor-list/outpatient/OP1000001?districts=A'],
  ['login', '/en/outpatient/login'],
  // The portal, its own page (decision 194), signed in as plain@example.com.
  ['portal', '/portal/#/en/my-policies', 'signed-in'],
];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    out: { type: 'string' },
    // bench/stack-floor: a static shell, then React, MUI, React Router, i18next and TanStack Query
    // render the home page's texts in its place. What the stack costs before the app.
    floor: { type: 'boolean', default: false },
  },
});
if (values.out !== undefined) mkdirSync(values.out, { recursive: true });
const RUNS = Number(values.runs);
const pages = values.floor
  ? [['stack floor', '/']]
  : values.page
    ? PAGES.filter(([name]) => values.page.includes(name))
    : PAGES;

const median = (list) => {
  const sorted = list.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const app = values.floor ? await startStackFloor() : await startBuiltApp();
if (values.floor) {
  console.log(
    `the stack's floor: ${(app.scriptBytes / 1024).toFixed(1)} KiB of JavaScript (brotli)`,
  );
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const rows = [];
try {
  const portalToken = pages.some(([, , session]) => session === 'signed-in')
    ? await signInPlainCustomer(app.baseUrl)
    : null;
  for (const [name, path, session] of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${app.baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(session === 'signed-in'
          ? { extraHeaders: { Cookie: `cp_access=${portalToken}` } }
          : {}),
      });
      const { categories, audits, runtimeError } = result.lhr;
      if (values.out !== undefined) {
        const file = join(values.out, `${name.replaceAll(' ', '-')}-${run + 1}.json`);
        writeFileSync(file, JSON.stringify(result.lhr));
      }
      // A run Lighthouse could not measure (its runtimeError) leaves the metric out, not the table.
      if (runtimeError !== undefined) console.log(`${name}: ${runtimeError.code}`);
      const metric = (id) => audits[id]?.numericValue ?? Number.NaN;
      const score = (category) => (categories[category]?.score ?? Number.NaN) * 100;
      runs.push({
        score: score('performance'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
      });
    }
    const of = (key) => median(runs.map((run) => run[key]));
    rows.push([
      `${name} ${path}`,
      of('score').toFixed(0),
      `${(of('fcp') / 1000).toFixed(1)} s`,
      `${(of('lcp') / 1000).toFixed(1)} s`,
      `${of('tbt').toFixed(0)} ms`,
      of('cls').toFixed(3),
      `${of('a11y').toFixed(0)}/${of('bp').toFixed(0)}/${of('seo').toFixed(0)}`,
    ]);
    console.log(`measured ${name}`);
  }
} finally {
  chrome.kill();
  await app.stop();
}

const header = ['page', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'a11y/BP/SEO'];
const all = [header, ...rows];
const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
const line = (row) =>
  row
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
    )
    .join('  ');
console.log(`\nLighthouse 12.2.3, default mobile profile, median of ${RUNS} run(s)\n`);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));
