// Weight budgets of issue 16: each page opened directly in Chromium with no input, every
// JavaScript response until the network is idle, weighed as gzip. A byte check, not a timing.
// `npm run bench:web` prints the same figures.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { kib, SHELL_BUDGET, weighPages, type WeightReport } from './support/js-weight';

/**
 * Budgets the app does not meet yet (issue 16 is open on them), each with the ceiling it must
 * not grow past meanwhile (KiB gzip, the figure when this was written plus a little). A page
 * that comes under its budget fails the last test until it is taken off this list, so the list
 * only ever shrinks. Nothing here may be raised to make a change pass. (Raised once, on merging
 * the offline card and the captcha worker, with ~2 KiB for what loads before the network is
 * idle, which varies a little from run to run. Lowered with decision 179's cuts; login is met.
 * Raised a second time, shell 229 → 233: merging the one validated web transport (decision 169)
 * put the identity area's route-table entries and `callRoute` in the shell, ~5 KiB; issue 16's
 * note names it as weight to win back. Lowered with decisions 202–203: shell 231.8 → 220.8 KiB,
 * member card form 81 → 69.7, QR page 99 → 68.5. Decision 207 met the member card form's and
 * the QR page's budgets: 69.6 → 26.0, so they are off the list. Lowered with decision 214,
 * React Router's declarative mode: shell 221.6 → 206.0, portal 223.8 → 208.9. Raised a third
 * time, shell 207 → 214, portal 210 → 216, by decision 219: the app starts in steps, one task each
 * (Lighthouse's total blocking time), which splits the start's modules over more chunks, each
 * compressed on its own: shell 206.0 → 213.3, portal 208.9 → 214.8, the same modules. Lowered
 * with decision 227, one chunk per step of the start: shell 213.9 → 205.2, portal 215.3 → 214.0.
 * Lowered with decision 315, the start without what it never runs (one language's catalogues,
 * the theme index's unused re-exports, the progress bar and help button until used): shell
 * 205.8 → 193.4, portal 214.3 → 205.1.)
 */
const NOT_YET_MET: Record<string, number> = {
  shell: 194,
  // The portal (decision 194), weighed whole with its own React and MUI: 238.3 KiB on merging,
  // 222.4 after decision 210, 208.9 after decision 214, 214.8 after decision 219 (its start in
  // steps), 205.1 after decision 315, against its 200 KiB budget.
  portal: 205.6,
};

let browser: Browser;
let report: WeightReport;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  report = await weighPages(browser, inject('baseUrl'));
  // Each page waits at most 30 s for an idle network and 5 s per script body, then goes on: a
  // page that never settles fails the first test by name rather than timing the hook out.
}, 420_000);
afterAll(async () => {
  await browser.close();
});

const figures = () => [
  { name: 'shell', bytes: report.shell, budget: SHELL_BUDGET },
  ...report.pages.map((page) => ({
    name: page.name,
    bytes: page.beyondShell,
    budget: page.budget,
  })),
  // Pages of their own (the portal): their whole first load against their own budget.
  ...report.own.map((page) => ({ name: page.name, bytes: page.total, budget: page.budget })),
];

describe('first-load JavaScript (gzip KiB; shell, then each page beyond the shell)', () => {
  it('sees the network of every page go idle', () => {
    const busy = [...report.pages, ...report.own]
      .filter((page) => page.busy.length > 0)
      .map((page) => `${page.name}: ${page.busy.join(', ')}`);
    expect(busy, 'requests still in flight after 30 s').toEqual([]);
  });

  it('weighs something for every page', () => {
    for (const { name, bytes } of figures()) {
      expect(bytes, name).toBeGreaterThan(name === 'shell' ? 50 * 1024 : 0);
    }
  });

  it('keeps every page within its budget (or, while not met yet, its ceiling)', () => {
    const over = figures()
      .map(({ name, bytes, budget }) => ({ name, bytes, limit: NOT_YET_MET[name] ?? budget }))
      .filter(({ bytes, limit }) => kib(bytes) > limit)
      .map(({ name, bytes, limit }) => `${name}: ${kib(bytes).toFixed(1)} KiB > ${limit} KiB`);
    expect(over).toEqual([]);
  });

  it('lists as not met only budgets that are not met', () => {
    const metButListed = figures()
      .filter(({ name, bytes, budget }) => name in NOT_YET_MET && kib(bytes) <= budget)
      .map(({ name }) => name);
    expect(metButListed, 'take these off NOT_YET_MET: their budget holds').toEqual([]);
  });
});
