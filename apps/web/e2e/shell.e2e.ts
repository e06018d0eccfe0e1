import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

describe.each(viewports)('app shell on a %s', (viewport) => {
  // One page through both languages, then the error pages: each page load and axe scan is
  // seconds of the suite's time on two cores.
  it('shows the home page in English and, switched in place, in Chinese, and remembers the choice', async () => {
    const { page } = await open(viewport, { path: '/en' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your outpatient plan, ready at the clinic counter');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const card = page.getByRole('link', { name: 'Show my member card' });
    const finder = page.getByRole('link', { name: 'Find a doctor' });
    expect(await card.getAttribute('href')).toBe('/en/outpatient/e-card/member');
    expect(await finder.getAttribute('href')).toBe(
      '/en/outpatient/doctor-list/outpatient/OP1000001',
    );
    await expectAccessible(page);

    // Switched in place to Chinese.
    await page.getByRole('link', { name: '繁體中文' }).click();
    await page.waitForURL('**/zh-hk');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('你的門診計劃，診所櫃檯即用');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hant-HK');
    await page.getByRole('link', { name: '出示我的會員卡' }).waitFor();
    await expectAccessible(page);

    // The choice is remembered for a bare address, and switched back.
    await page.goto('/');
    await page.waitForURL('**/zh-hk');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL('**/en');
    await page
      .getByRole('heading', { name: 'Your outpatient plan, ready at the clinic counter' })
      .waitFor();
  });

  it('shows the Not Found page with a way home, and the error page in both languages', async () => {
    const { page } = await open(viewport, { path: '/en/no-such-page' });
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await page.waitForURL(/\/en$/);
    await expectAccessible(page);

    await page.goto('/en/oops');
    await page.getByRole('heading', { name: 'Oops… Something goes wrong…' }).waitFor();
    await page.goto('/zh-hk/oops');
    await page.getByRole('heading', { name: '糟糕…出現問題…' }).waitFor();
    await page.getByRole('link', { name: '返回主頁' }).waitFor();
  });
});

describe('server routing for the app', () => {
  it('redirects a bare address to the browser language', async () => {
    const { page } = await open('phone', { locale: 'zh-HK', path: '/' });
    await page.waitForURL('**/zh-hk');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('answers an unknown API address with JSON, not the app', async () => {
    const { page } = await open('desktop');
    const response = await page.request.get('/api/customer/no-such-thing');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'route_not_found' });
  });
});

describe('the accessibility check the journeys use', () => {
  it('fails a page with an image without a text alternative and an unnamed button', async () => {
    const { page } = await open('phone');
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1>' +
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></body></html>',
    );
    await expect(expectAccessible(page)).rejects.toThrow(/image-alt \(critical\)/);
    await expect(expectAccessible(page)).rejects.toThrow(/button-name \(critical\)/);
  });
});
