/* global window */
// The main thread's work while a page loads (issue 16), at 4× CPU throttling (CDP
// `Emulation.setCPUThrottlingRate`), in Debian's Chromium at 412×823, against the built app served
// by the real server. Per run: the renderer's task, script, layout and style time
// (`Performance.getMetrics`) and the total blocking time of the long tasks after the first
// contentful paint, as the page itself observes them. Prints each run and the medians; fails on
// nothing.
//
// Lighthouse's own TBT moves by hundreds of milliseconds between runs on this machine; to tell
// whether a change to the start helps, compare two builds, alternating them run by run:
//
//   npm run bench:page-work -- --page /en/outpatient/e-card/member --runs 6
//   npm run bench:page-work -- --page /en/outpatient/login --runs 6 --dist /tmp/webA --dist /tmp/webB
//
// (each --dist is a copy of apps/web/dist, served with WEB_DIST_DIR; decision 231).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startBuiltApp } from './built-app.mjs';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: '/en/outpatient/e-card/member' },
    runs: { type: 'string', default: '5' },
    dist: { type: 'string', multiple: true },
  },
});
const RUNS = Number(values.runs);
const builds = (values.dist ?? [null]).map((dir) => ({
  name: dir === null ? 'apps/web/dist' : dir,
  dir: dir === null ? null : path.resolve(dir),
  runs: [],
}));

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const FIELDS = ['task', 'script', 'layout', 'style', 'tbt'];
const line = (figures) => FIELDS.map((field) => `${field} ${figures[field].toFixed(0)}`).join('  ');

/** One load of the page: the main thread's figures, in milliseconds (throttled). */
async function measure(browser, baseUrl) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  try {
    await context.addInitScript(() => {
      const seen = { tasks: [], firstPaint: null };
      window.__pageWork = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntriesByName('first-contentful-paint')) {
          seen.firstPaint = entry.startTime;
        }
      }).observe({ type: 'paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await page.goto(`${baseUrl}${values.page}`, { waitUntil: 'networkidle' });
    // What the page does once the network is quiet (answers drawn, effects) counts too.
    await page.waitForTimeout(2000);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => (metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000;
    const { tasks, firstPaint } = await page.evaluate(() => window.__pageWork);
    if (firstPaint === null) throw new Error(`${values.page} painted nothing`);
    const tbt = tasks
      .filter(([start]) => start >= firstPaint)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      task: metric('TaskDuration'),
      script: metric('ScriptDuration'),
      layout: metric('LayoutDuration'),
      style: metric('RecalcStyleDuration'),
      tbt,
    };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const ownDist = process.env.WEB_DIST_DIR;
try {
  console.log(`${values.page}, 4× CPU, ${RUNS} run(s) per build, milliseconds`);
  for (let run = 0; run < RUNS; run += 1) {
    // Each pair in the other order every other run, so neither build always goes first.
    for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
      if (build.dir === null) {
        if (ownDist === undefined) delete process.env.WEB_DIST_DIR;
        else process.env.WEB_DIST_DIR = ownDist;
      } else {
        process.env.WEB_DIST_DIR = build.dir;
      }
      const app = await startBuiltApp();
      try {
        const figures = await measure(browser, app.baseUrl);
        build.runs.push(figures);
        console.log(`${build.name}  ${line(figures)}`);
      } finally {
        await app.stop();
      }
    }
  }
} finally {
  await browser.close();
}
console.log('\nmedians');
for (const build of builds) {
  const medians = Object.fromEntries(
    FIELDS.map((field) => [field, median(build.runs.map((figures) => figures[field]))]),
  );
  console.log(`${build.name}  ${line(medians)}`);
}
