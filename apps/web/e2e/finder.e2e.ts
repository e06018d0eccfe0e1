// Doctor finder journeys (issue 3, web): landing → results, filters in the address, restore
// from the address and from storage, pagination, expand search, QR entry, no-access page, axe.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { expectAccessible, useBrowser, type Journey, type ViewportName } from './support/browser';
import { asNewClient } from './support/client-address';

const open = useBrowser();

// The finder is rate-limited per client address: each journey gets its own address.
async function openFinder(viewport: ViewportName, path: string): Promise<Journey> {
  const journey = await open(viewport);
  await asNewClient(journey);
  await journey.page.goto(path);
  return journey;
}

const TEXT = {
  en: {
    prefix: 'en',
    goTitle: 'Find a panel doctor',
    primaryTitle: 'Find a network doctor',
    districts: 'Districts',
    services: 'Services and specialties',
    region: 'Hong Kong Island',
    district: 'Central and Western',
    removeDistrict: 'Remove Central and Western',
    removeService: 'Remove General Practitioner',
    service: 'General Practitioner',
    save: 'Save',
    start: 'Start searching',
    pages: 'Result pages',
    page2: 'Page 2',
    filter: /^Filter/,
    apply: 'Apply',
    search: /Search by doctor/,
    empty: 'No doctors found',
    expand: 'Search nearby districts',
    note: /results are shown from the listed districts/,
    qr: 'Member QR code',
    noAccess: 'No medical network',
    goHeading: 'Panel doctors',
    mapLink: /^Open .+ in a map$/,
    call: 'Call the clinic',
    phone: /^Call \d/,
  },
  'zh-HK': {
    prefix: 'zh-hk',
    goTitle: '尋找指定醫生',
    primaryTitle: '尋找網絡醫生',
    districts: '地區',
    services: '服務及專科',
    region: '香港島',
    district: '中西區',
    removeDistrict: '移除中西區',
    removeService: '移除普通科醫生',
    service: '普通科醫生',
    save: '儲存',
    start: '開始搜尋',
    pages: '結果頁數',
    page2: '第 2 頁',
    filter: /^篩選/,
    apply: '套用',
    search: /以醫生、診所或地址搜尋/,
    empty: '找不到醫生',
    expand: '搜尋鄰近地區',
    note: /以下顯示列出地區的結果/,
    qr: '會員二維碼',
    noAccess: '沒有醫療網絡',
    goHeading: '指定醫生',
    mapLink: /^在地圖開啟/,
    call: '致電診所',
    phone: /^致電 \d/,
  },
} as const;
type Lang = keyof typeof TEXT;

const finderPath = (lang: Lang, panel: 'outpatient' | 'go', policy = 'OP1000001') =>
  `/${TEXT[lang].prefix}/outpatient/doctor-list/${panel}/${policy}`;

async function pickDistrict(page: Page, lang: Lang) {
  const t = TEXT[lang];
  await page.getByRole('button', { name: new RegExp(`^${t.districts}`) }).click();
  const dialog = page.getByRole('dialog', { name: t.districts });
  await dialog.getByRole('button', { name: t.region }).click();
  await dialog.getByRole('checkbox', { name: t.district }).check();
  await dialog.getByRole('button', { name: t.save }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function pickService(page: Page, lang: Lang) {
  const t = TEXT[lang];
  await page.getByRole('button', { name: new RegExp(`^${t.services}`) }).click();
  const dialog = page.getByRole('dialog', { name: t.services });
  await dialog.getByRole('checkbox', { name: t.service, exact: true }).check();
  await dialog.getByRole('button', { name: t.save }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const cards = (page: Page) => page.getByRole('article');

/**
 * A doctor practising only outside Central and Western (found once per file through the API):
 * searched for inside it, the finder finds nothing and offers nearby districts.
 */
async function findDoctorOnlyOutsideCentral(): Promise<string> {
  const baseUrl = inject('baseUrl');
  const headers = { 'x-forwarded-for': '10.201.0.1' };
  const list = await fetch(
    `${baseUrl}/api/customer/policy/service-point?policy_number=OP1000001&district_codes=T&page_size=50`,
    { headers },
  );
  const body = (await list.json()) as { results: { doctor: { name_en: string } }[] };
  for (const point of body.results) {
    const check = await fetch(
      `${baseUrl}/api/customer/policy/service-point?policy_number=OP1000001&district_codes=A&search=${encodeURIComponent(point.doctor.name_en)}`,
      { headers },
    );
    const found = (await check.json()) as { pagination: { total: number } };
    if (found.pagination.total === 0) return point.doctor.name_en;
  }
  throw new Error('the seeded network has no doctor for this journey');
}

let doctorOnlyOutsideCentral = '';
beforeAll(async () => {
  doctorOnlyOutsideCentral = await findDoctorOnlyOutsideCentral();
});

describe.each([
  ['phone', 'en'],
  ['desktop', 'en'],
  ['phone', 'zh-HK'],
  ['desktop', 'zh-HK'],
] as const)('doctor finder on a %s in %s', (viewport, lang) => {
  const t = TEXT[lang];

  it('goes from the landing view to results, keeps filters in the address, restores them on reload and from storage', async () => {
    const { page } = await openFinder(viewport, finderPath(lang, 'go'));
    await page.getByRole('heading', { level: 1, name: t.goTitle }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: t.start }).isEnabled()).toBe(true);
    await expectAccessible(page);

    await pickDistrict(page, lang);
    await pickService(page, lang);
    // Removable chips for the chosen values.
    await page.getByRole('button', { name: t.removeDistrict }).waitFor();
    await page.getByRole('button', { name: t.removeService }).waitFor();
    await page.getByRole('button', { name: t.start }).click();

    await page.getByRole('heading', { level: 1, name: t.goHeading }).waitFor();
    await page.waitForURL(/districts=A/);
    const url = new URL(page.url());
    expect(url.searchParams.get('districts')).toBe('A');
    expect(url.searchParams.get('services')).toMatch(/^\d+$/);
    await cards(page).first().waitFor();
    expect(await cards(page).first().textContent()).toContain(t.district);
    await expectAccessible(page);

    // Touch targets of 44 px: the search field, and every link of a card (address, phones).
    const field = await page.getByRole('searchbox', { name: t.search }).locator('..').boundingBox();
    expect(field?.height).toBeGreaterThanOrEqual(44);
    for (const link of await cards(page).first().getByRole('link').all()) {
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    // Type a search: debounced into the address.
    await page.getByRole('searchbox', { name: t.search }).fill('a');
    await page.waitForURL(/[?&]p=a(&|$)/);

    // Reload: the address restores the filters.
    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.getByRole('searchbox', { name: t.search }).inputValue()).toBe('a');
    expect(new URL(page.url()).searchParams.get('districts')).toBe('A');

    // A new visit without parameters: the stored filters come back, the search text cleared.
    await page.goto(finderPath(lang, 'go'));
    await page.getByRole('heading', { level: 1, name: t.goTitle }).waitFor();
    await page.getByRole('button', { name: t.start }).click();
    await page.waitForURL(/districts=A/);
    const restored = new URL(page.url());
    expect(restored.searchParams.get('p')).toBe('');
    expect(restored.searchParams.get('services')).toBe(url.searchParams.get('services'));
  });

  // The primary panel's screens in one journey: each page load and axe scan is seconds of the
  // suite's time on two cores.
  it('lands on the primary panel, pages through results, expands an empty search, and shows the no-access page', async () => {
    const { page } = await openFinder(viewport, finderPath(lang, 'outpatient'));
    await page.getByRole('heading', { level: 1, name: t.primaryTitle }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${t.services}`) }).waitFor();
    await page.getByRole('button', { name: t.start }).waitFor();
    // Spec §2.4 and §5: the primary panel's landing card has no district picker.
    expect(await page.getByRole('button', { name: new RegExp(`^${t.districts}`) }).count()).toBe(0);
    await expectAccessible(page);

    // Results: pages, and the member QR entry without tickets.
    await page.goto(`${finderPath(lang, 'outpatient')}?p=`);
    await cards(page).first().waitFor();
    const firstName = await cards(page).first().getAttribute('aria-label');
    const nav = page.getByRole('navigation', { name: t.pages });
    await nav.getByRole('button', { name: t.page2 }).click();
    await expect.poll(() => cards(page).first().getAttribute('aria-label')).not.toBe(firstName);
    expect(await nav.getByRole('button', { name: t.page2 }).getAttribute('aria-current')).toBe(
      'page',
    );
    // No member card looked up in this tab: no tickets, so the QR entry is disabled.
    expect(await page.getByRole('button', { name: t.qr }).isDisabled()).toBe(true);
    // The call button shows only on a mobile user agent (the phone journey's), on cards with
    // a phone number.
    const phoned = cards(page).filter({ has: page.getByRole('link', { name: t.phone }) });
    expect(await phoned.count()).toBeGreaterThan(0);
    const calls = await phoned.first().getByRole('link', { name: t.call }).count();
    expect(calls).toBe(viewport === 'phone' ? 1 : 0);
    await expectAccessible(page);

    // An empty search expanded to nearby districts, with a note of where results come from.
    const name = doctorOnlyOutsideCentral;
    await page.goto(`${finderPath(lang, 'outpatient')}?p=${encodeURIComponent(name)}&districts=A`);
    await page.getByRole('heading', { name: t.empty }).waitFor();
    await page.getByRole('button', { name: t.expand }).click();
    await cards(page).first().waitFor();
    const note = page.getByText(t.note);
    await note.waitFor();
    const noteText = (await note.textContent()) ?? '';
    expect(noteText).toContain(t.district);
    // The note lists where the shown results come from: the first card's district, which is
    // not the chosen one (nothing was found there).
    const cardAddress = await cards(page)
      .first()
      .getByRole('link', { name: t.mapLink })
      .textContent();
    const cardDistrict = /\(([^()]+)\)$/.exec(cardAddress ?? '')?.[1];
    expect(cardDistrict).toBeDefined();
    expect(cardDistrict).not.toBe(t.district);
    expect(noteText).toContain(cardDistrict);

    // A policy without a medical network: the no-access page.
    await page.goto(finderPath(lang, 'outpatient', 'VH1000003'));
    await page.getByRole('heading', { level: 1, name: t.noAccess }).waitFor();
    await expectAccessible(page);
  });
});

describe('doctor finder filter bar', () => {
  it('opens a bottom drawer with every filter on a phone and applies it to the address', async () => {
    const { page } = await openFinder('phone', `${finderPath('en', 'outpatient')}?p=`);
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: TEXT.en.filter }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: /^Districts/ }).click();
    const districts = page.getByRole('dialog', { name: 'Districts' });
    await districts.getByRole('button', { name: 'Hong Kong Island' }).click();
    await districts.getByRole('checkbox', { name: 'Wan Chai' }).check();
    await districts.getByRole('button', { name: 'Save' }).click();
    await districts.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/districts=B/);
    await cards(page).first().waitFor();
    expect(await cards(page).first().textContent()).toContain('Wan Chai');
  });

  it('shows three dropdown columns, chips and clear all on a desktop', async () => {
    const { page } = await openFinder(
      'desktop',
      `${finderPath('en', 'outpatient')}?p=&districts=B`,
    );
    await cards(page).first().waitFor();
    for (const label of [/^Services and specialties/, /^Districts/, /^Price range/]) {
      await page.getByRole('button', { name: label }).waitFor();
    }
    await page.getByRole('button', { name: 'Remove Wan Chai' }).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((url) => !url.search.includes('districts'));
  });
});

describe('medical network screens', () => {
  it('leads from the network screen to the finder, with card and help dialogs and the service code', async () => {
    const { page } = await openFinder('phone', '/en/health/network/OP1000001');
    await page.getByRole('heading', { level: 1, name: 'Medical network' }).waitFor();
    await page.getByRole('button', { name: 'Group medical card' }).click();
    const card = page.getByRole('dialog', { name: 'Group medical card' });
    expect(await card.textContent()).toContain('OP1000001');
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Help' }).click();
    await page
      .getByRole('dialog', { name: 'How to find a doctor' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Service code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Service code' }).waitFor();
    // No member card looked up on this device: no tickets, so the screen leads to the look-up.
    await page.getByRole('link', { name: 'Look up my member card' }).waitFor();
    await page.goBack();

    await page.getByRole('link', { name: 'Find a doctor' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find a network doctor' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/health/network/outpatient/OP1000001');
  });
});
