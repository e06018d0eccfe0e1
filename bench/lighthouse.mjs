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
//   npm run bench:lighthouse -- --calibrated   # CPU slowdown from this host's benchmark index
//
// The default profile slows the CPU 4×, which stands for a mid-range phone on a host of
// Lighthouse's reference speed (benchmark index ~1,500). The table prints the host's median
// benchmark index and the multiplier Lighthouse's CPU throttling calculator gives for it
// (3 + (index − 1,300) / 233 from 1,300 up); on a faster host the default profile flatters the
// page. --calibrated measures the host first and runs with that multiplier (--cpu N sets one);
// both are beside the default run, not instead of it (issue 16 names the default profile).
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
import * as constants from 'lighthouse/core/config/constants.js';
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
    calibrated: { type: 'boolean', default: false },
    cpu: { type: 'string' },
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

/** Lighthouse's CPU throttling calculator (lighthouse-cpu-throttling-calculator), high-end hosts. */
const MOBILE_SLOW_4G = constants.throttling.mobileSlow4G;
const calculatorMultiplier = (index) => (index >= 1300 ? 3 + (index - 1300) / 233 : Number.NaN);

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
const benchmarkIndexes = [];
let cpuSlowdownMultiplier = values.cpu === undefined ? 4 : Number(values.cpu);
try {
  if (values.calibrated && values.cpu === undefined) {
    // One throw-away run of the first page reads the host's benchmark index.
    const probe = await lighthouse(`${app.baseUrl}${pages[0][1]}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    cpuSlowdownMultiplier = Math.max(4, calculatorMultiplier(probe.lhr.environment.benchmarkIndex));
    console.log(
      `benchmark index ${probe.lhr.environment.benchmarkIndex.toFixed(0)}: CPU slowdown ${cpuSlowdownMultiplier.toFixed(1)}×`,
    );
  }
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
        ...(cpuSlowdownMultiplier === 4
          ? {}
          : { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier } }),
        ...(session === 'signed-in'
          ? { extraHeaders: { Cookie: `cp_access=${portalToken}` } }
          : {}),
      });
      const { categories, audits, runtimeError, environment } = result.lhr;
      benchmarkIndexes.push(environment.benchmarkIndex);
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
const hostIndex = median(benchmarkIndexes);
const profile =
  cpuSlowdownMultiplier === 4
    ? 'default mobile profile'
    : `mobile profile with ${cpuSlowdownMultiplier.toFixed(1)}× CPU slowdown`;
console.log(`\nLighthouse 12.2.3, ${profile}, median of ${RUNS} run(s)`);
console.log(
  `host benchmark index ${hostIndex.toFixed(0)} (median); the calculator's CPU slowdown for it: ` +
    `${Number.isNaN(calculatorMultiplier(hostIndex)) ? 'below its range' : `${calculatorMultiplier(hostIndex).toFixed(1)}×`}\n`,
);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));
