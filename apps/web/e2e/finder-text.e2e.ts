// Search that understands Hong Kong input (issue 17, decision 158), in the browser: on a phone,
// typing 铜锣湾 (Simplified, while the data says 銅鑼灣) and then the abbreviation TST shows
// clinics in the right districts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectAccessible, useBrowser } from './support/browser';
import { asNewClient } from './support/client-address';

const open = useBrowser();

const TEXT = {
  en: { prefix: 'en', search: /Search by doctor/, wanChai: 'Wan Chai', ytm: 'Yau Tsim Mong' },
  'zh-HK': { prefix: 'zh-hk', search: /以醫生、診所或地址搜尋/, wanChai: '灣仔', ytm: '油尖旺' },
} as const;

const cards = (page: Page) => page.getByRole('article');

/** The texts of the result cards once they all name the district (the answer has arrived). */
async function expectAllIn(page: Page, district: string) {
  await expect
    .poll(
      async () => {
        const texts = await cards(page).allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes(district));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe.each(['en', 'zh-HK'] as const)('finder text search on a phone (%s)', (lang) => {
  it('finds Causeway Bay from 铜锣湾, then Tsim Sha Tsui from TST', async () => {
    const t = TEXT[lang];
    const journey = await open('phone');
    await asNewClient(journey);
    const { page } = journey;
    await page.goto(`/${t.prefix}/outpatient/doctor-list/outpatient/OP1000001?p=`);
    await cards(page).first().waitFor();

    const box = page.getByRole('searchbox', { name: t.search });
    await box.fill('铜锣湾');
    await page.waitForURL((url) => url.searchParams.get('p') === '铜锣湾');
    await expectAllIn(page, t.wanChai);
    await expectAccessible(page);

    await box.fill('TST');
    await page.waitForURL((url) => url.searchParams.get('p') === 'TST');
    await expectAllIn(page, t.ytm);
    const first = await cards(page).first().textContent();
    expect(first).not.toContain(t.wanChai);
  });
});
