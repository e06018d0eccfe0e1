// Announcement banners (spec §2.5, §6): stacked, top right on wide screens and at the bottom on
// narrow ones, 360 wide, dismissable only when marked so, dismissals remembered after reload.
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const DISMISSABLE = /Flu vaccination at network clinics/;
const FIXED = /Scheduled maintenance/;

const TEXTS = {
  en: {
    prefix: 'en',
    region: 'Announcements',
    dismiss: 'Dismiss',
    dismissable: DISMISSABLE,
    fixed: FIXED,
  },
  zh: {
    prefix: 'zh-hk',
    region: '公告',
    dismiss: '關閉',
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
      await dismissable.waitFor();
      await fixed.waitFor();
      return { page: journey.page, dismissable, fixed };
    }

    it('keeps a dismissed announcement dismissed after reload', async () => {
      const { page, dismissable, fixed } = await banners();
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

    it('gives a non-dismissable announcement no close button', async () => {
      const { page, dismissable, fixed } = await banners();
      expect(await dismissable.getByRole('button', { name: texts.dismiss }).count()).toBe(1);
      expect(await fixed.getByRole('button').count()).toBe(0);
      await expectAccessible(page);
    });
  });
});

describe('announcement banners', () => {
  it('stacks the banners top right, 360 wide, on a wide screen', async () => {
    const { page } = await open('desktop', { path: '/en' });
    const region = page.getByRole('region', { name: 'Announcements' });
    await region.getByRole('status').filter({ hasText: FIXED }).waitFor();
    const box = await region.boundingBox();
    expect(box?.width).toBe(360);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 40);
    expect(box?.y ?? 999).toBeLessThan(120);
  });

  it('stacks the banners at the bottom on a phone, and forgets ids no longer served', async () => {
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
    const box = await region.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(740 - 40);
    await expectAccessible(page);
  });
});
