// Announcement banners (spec §2.5, §6): stacked, top right on wide screens and at the bottom on
// narrow ones, 360 wide, dismissable only when marked so, dismissals remembered after reload.
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser } from './support/browser';

const open = useBrowser();

const DISMISSABLE = /Flu vaccination at network clinics/;
const FIXED = /Scheduled maintenance/;

describe('announcement banners', () => {
  it('can dismiss a dismissable announcement, which stays dismissed after reload (desktop)', async () => {
    const { page } = await open('desktop', { path: '/en' });
    const region = page.getByRole('region', { name: 'Announcements' });
    const dismissable = region.getByRole('status').filter({ hasText: DISMISSABLE });
    const fixed = region.getByRole('status').filter({ hasText: FIXED });
    await dismissable.waitFor();
    await fixed.waitFor();
    await expectAccessible(page);

    // Top right, 360 wide, on a wide screen.
    const box = await region.boundingBox();
    expect(box?.width).toBe(360);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 40);
    expect(box?.y ?? 999).toBeLessThan(120);

    // The non-dismissable one has no close button.
    expect(await fixed.getByRole('button').count()).toBe(0);
    await dismissable.getByRole('button', { name: 'Dismiss' }).click();
    await dismissable.waitFor({ state: 'detached' });
    await page.reload();
    await fixed.waitFor();
    expect(await dismissable.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('dismissed-announcements'))).toMatch(
      /^\[\d+\]$/,
    );
  });

  it('stacks the banners at the bottom on a phone, in Chinese, and forgets ids no longer served', async () => {
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
    expect(await fixed.getByRole('button').count()).toBe(0);
    const dismissable = region.getByRole('status').filter({ hasText: '流感疫苗' });
    await dismissable.getByRole('button', { name: '關閉' }).click();
    await dismissable.waitFor({ state: 'detached' });
    await page.reload();
    await fixed.waitFor();
    expect(await dismissable.count()).toBe(0);
    await expectAccessible(page);
  });
});
