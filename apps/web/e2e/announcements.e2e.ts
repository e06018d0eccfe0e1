// Announcement banners (spec §2.5, §6; issue 16, decision 155): stacked in the page's flow after
// its content (full width on narrow screens, 360 wide at the right on wide ones), collapsed to the
// most serious one with a control to show all, dismissable only when marked so, dismissals
// remembered after reload; never over a QR card, the page heading or the finder's filter bar.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { asNewClient } from './support/client-address';
import { DEMO_MEMBERS, fillLookUp, LOOK_UP_TEXTS } from './support/member-look-up';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const DISMISSABLE = /Flu vaccination at network clinics/;
const FIXED = /Scheduled maintenance/;

const TEXTS = {
  en: {
    prefix: 'en',
    region: 'Announcements',
    dismiss: 'Dismiss',
    showAll: 'Show all announcements (2)',
    showFewer: 'Show fewer announcements',
    dismissable: DISMISSABLE,
    fixed: FIXED,
  },
  zh: {
    prefix: 'zh-hk',
    region: '公告',
    dismiss: '關閉',
    showAll: '顯示全部公告（2）',
    showFewer: '顯示較少公告',
    dismissable: /流感疫苗/,
    fixed: /系統維護/,
  },
} as const;

// Every phone/desktop × English/Chinese pair. Each test is a fresh browser context, so its
// local storage (where dismissals are kept) starts empty and no test sees another's dismissals.
describe.each(viewports)('announcements on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const texts = TEXTS[language];

    async function banners() {
      const journey = await open(viewport, { path: `/${texts.prefix}` });
      const region = journey.page.getByRole('region', { name: texts.region });
      const dismissable = region.getByRole('status').filter({ hasText: texts.dismissable });
      const fixed = region.getByRole('status').filter({ hasText: texts.fixed });
      // Collapsed: the most serious (the maintenance warning) shows, the other behind the control.
      await fixed.waitFor();
      expect(await dismissable.count()).toBe(0);
      await region.getByRole('button', { name: texts.showAll }).click();
      await dismissable.waitFor();
      expect(
        await region.getByRole('button', { name: texts.showFewer }).getAttribute('aria-expanded'),
      ).toBe('true');
      return { page: journey.page, dismissable, fixed };
    }

    it('gives a non-dismissable announcement no close button, and keeps a dismissed one dismissed after reload', async () => {
      const { page, dismissable, fixed } = await banners();
      expect(await dismissable.getByRole('button', { name: texts.dismiss }).count()).toBe(1);
      expect(await fixed.getByRole('button').count()).toBe(0);
      await expectAccessible(page);

      expect(await page.evaluate(() => localStorage.getItem('dismissed-announcements'))).toBeNull();
      await dismissable.getByRole('button', { name: texts.dismiss }).click();
      await dismissable.waitFor({ state: 'detached' });
      await page.reload();
      await fixed.waitFor();
      expect(await dismissable.count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('dismissed-announcements'))).toMatch(
        /^\[\d+\]$/,
      );
    });
  });
});

describe('announcement banners', () => {
  it('asks for a guest’s announcements once, however the page learns who is signed in (decision 239)', async () => {
    const journey = await open('phone');
    const asked: string[] = [];
    journey.page.on('request', (request) => {
      if (request.url().includes('/api/customer/announcement')) asked.push(request.url());
    });
    await journey.page.goto('/en/outpatient/login');
    await journey.page
      .getByRole('region', { name: TEXTS.en.region })
      .getByRole('status')
      .filter({ hasText: FIXED })
      .waitFor();
    // The sign-in page asks who is signed in; the answer (a guest) needs no second request.
    await journey.page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
  });

  it('stacks the banners 360 wide at the right of the column, after the heading, on a wide screen', async () => {
    const { page } = await open('desktop', { path: '/en' });
    const region = page.getByRole('region', { name: 'Announcements' });
    await region.getByRole('status').filter({ hasText: FIXED }).waitFor();
    const box = await region.boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(box?.width).toBe(360);
    expect(overlaps(box, heading)).toBe(false);
  });

  it('lays the stack out after the content on a phone, and forgets ids no longer served', async () => {
    const { page } = await open('phone');
    // An id that is not served any more is pruned on the next load.
    await page.goto('/zh-hk');
    await page.evaluate(() => {
      localStorage.setItem('dismissed-announcements', '[99999]');
    });
    await page.reload();
    const region = page.getByRole('region', { name: '公告' });
    const fixed = region.getByRole('status').filter({ hasText: '系統維護' });
    await fixed.waitFor();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('dismissed-announcements')))
      .toBeNull();
    expect(await region.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const box = await region.boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan((heading?.y ?? 0) + (heading?.height ?? 0));
    expect(box?.width).toBe(360 - 32);
    await expectAccessible(page);
  });
});

type Box = { x: number; y: number; width: number; height: number } | null;

function overlaps(a: Box, b: Box): boolean {
  if (a === null || b === null) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every banner's and the element's client rectangles, read in the page at this scroll. */
async function bannerOverlaps(page: Page, target: Locator): Promise<string[]> {
  const rect = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const banners = await page
    .locator('[data-testid="announcement-banner"], [data-testid="notification-banner"]')
    .evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent };
      }),
    );
  return banners.filter((banner) => overlaps(banner, rect)).map((banner) => banner.text);
}

const LOOK_UP = {
  en: { ...LOOK_UP_TEXTS.en, filters: 'Filters' },
  zh: { ...LOOK_UP_TEXTS.zh, filters: '篩選' },
} as const;

// Both phone sizes in each language, on one looked-up card (a look-up is seconds of the suite's
// time on two cores): the page is resized between the checks.
describe.each(['en', 'zh'] as const)('banners on the QR page in %s', (lang) => {
  const t = LOOK_UP[lang];
  const texts = TEXTS[lang];

  it('never cover any part of a QR card at 360×640 and 390×844, with every announcement showing', async () => {
    const journey = await open('phone');
    await asNewClient(journey);
    const { page } = journey;
    await page.goto(`/${t.prefix}/outpatient/e-card/member`);
    const member = DEMO_MEMBERS.workingCard;
    await fillLookUp(page, t, member.hkid, member.phone, { waitForHeading: false });
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByRole('heading', { level: 1, name: t.qrHeading }).waitFor();
    const region = page.getByRole('region', { name: texts.region });
    await region.getByRole('button', { name: texts.showAll }).click();
    await region.getByRole('status').filter({ hasText: texts.dismissable }).waitFor();
    await region.getByRole('status').filter({ hasText: texts.fixed }).waitFor();
    for (const size of [
      { width: 360, height: 640 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const name of t.cards) {
        const card = page.getByRole('article', { name });
        await card.getByRole('img').waitFor();
        await card.scrollIntoViewIfNeeded();
        expect(await bannerOverlaps(page, card), `${name} at ${size.width}`).toEqual([]);
        // Also with the card at the bottom edge of the screen, where fixed banners used to sit.
        await card.evaluate((el) => {
          el.scrollIntoView({ block: 'end' });
        });
        expect(await bannerOverlaps(page, card), `${name} at ${size.width}`).toEqual([]);
      }
    }
    await expectAccessible(page);
  });
});

describe.each(['en', 'zh'] as const)('banners on a desktop in %s', (lang) => {
  const t = LOOK_UP[lang];
  const texts = TEXTS[lang];

  it('never lie over the page heading or the finder’s filter bar', async () => {
    const journey = await open('desktop');
    await asNewClient(journey);
    const { page } = journey;
    await page.goto(
      `/${t.prefix}/outpatient/doctor-list/outpatient/${DEMO_MEMBERS.workingCard.policyNumber}?p=`,
    );
    await page.getByRole('article').first().waitFor();
    const region = page.getByRole('region', { name: texts.region });
    await region.getByRole('button', { name: texts.showAll }).click();
    await region.getByRole('status').filter({ hasText: texts.dismissable }).waitFor();
    for (const target of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('region', { name: t.filters }),
    ]) {
      await target.scrollIntoViewIfNeeded();
      expect(await bannerOverlaps(page, target)).toEqual([]);
    }
    await expectAccessible(page);
  });
});
