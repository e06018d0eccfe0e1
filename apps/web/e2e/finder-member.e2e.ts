// The finder with a member behind it (issue 3): the member QR dialog with the real tickets the
// member card look-up issued, the group medical card read from the server, and the bookmark
// toggle of a signed-in customer that the server keeps. Phone and desktop, both languages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectAccessible, useBrowser, type Journey, type ViewportName } from './support/browser';
import { asNewClient, DEV_CALLER } from './support/client-address';
import {
  DEMO_MEMBERS,
  LOOK_UP_TEXTS,
  lookUpMember as submitLookUp,
} from './support/member-look-up';

const open = useBrowser();

// The finder and the look-up count per client address: each journey has its own.
async function journey(viewport: ViewportName): Promise<Journey> {
  const j = await open(viewport);
  await asNewClient(j);
  return j;
}

const TEXT = {
  en: {
    ...LOOK_UP_TEXTS.en,
    qr: 'Member QR code',
    tabs: ['Before consultation', 'After consultation', 'Before body check'],
    code: (type: string) => `QR code: ${type}`,
    number: 'Consultation Number',
    close: 'Close',
    card: 'Group medical card',
    holder: 'Chan Tai Man',
    bookmark: (name: string) => `Bookmark ${name}`,
  },
  'zh-HK': {
    ...LOOK_UP_TEXTS.zh,
    qr: '會員二維碼',
    tabs: ['應診前', '應診後', '身體檢查前'],
    code: (type: string) => `二維碼：${type}`,
    number: '診症編號',
    close: '關閉',
    card: '團體醫療卡',
    holder: '陳大文',
    bookmark: (name: string) => `書籤：${name}`,
  },
} as const;
type Lang = keyof typeof TEXT;

// The machine is shared: give the page time after a click or a reload.
const POLL = { timeout: 20_000 } as const;

const results = (lang: Lang) =>
  `/${TEXT[lang].prefix}/outpatient/doctor-list/outpatient/${DEMO_MEMBERS.workingCard.policyNumber}?p=`;

/** The demo member looks up their card through the form, as at a clinic counter. */
async function lookUpMember(page: Page, lang: Lang) {
  const t = TEXT[lang];
  await submitLookUp(page, t, DEMO_MEMBERS.workingCard.hkid, '9123 4567');
  await page.getByRole('heading', { level: 1, name: t.qrHeading }).waitFor();
}

describe.each([
  ['phone', 'en'],
  ['desktop', 'en'],
  ['phone', 'zh-HK'],
  ['desktop', 'zh-HK'],
] as const)('finder with a member on a %s in %s', (viewport, lang) => {
  const t = TEXT[lang];

  it('shows the looked-up member’s real tickets in the QR dialog, and their medical card', async () => {
    const { page } = await journey(viewport);
    await lookUpMember(page, lang);

    await page.goto(results(lang));
    await page.getByRole('article').first().waitFor();
    const entry = page.getByRole('button', { name: t.qr, exact: true });
    await expect.poll(() => entry.isEnabled(), { timeout: 15_000 }).toBe(true);
    await entry.click();
    const dialog = page.getByRole('dialog', { name: t.qr });
    const tabs = dialog.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(t.tabs);
    const first = dialog.getByRole('tab', { name: t.tabs[0] });
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('img', { name: t.code(t.tabs[0]) }).waitFor();
    // Under the code, the number a clinic can type in (labelled), not the opaque token.
    await dialog.getByText(t.number, { exact: true }).waitFor();
    expect(await dialog.getByText(/^\d{4} \d{4} \d{4} \d{4}$/).count()).toBe(1);
    await expectAccessible(page);
    await dialog.getByRole('tab', { name: t.tabs[1] }).click();
    await dialog.getByRole('img', { name: t.code(t.tabs[1]) }).waitFor();
    await dialog.getByRole('button', { name: t.close }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The group medical card on the network screen comes from the server for this member.
    await page.goto(`/${t.prefix}/health/network/${DEMO_MEMBERS.workingCard.policyNumber}`);
    await page.getByRole('button', { name: t.card }).click();
    const card = page.getByRole('dialog', { name: t.card });
    const holder = card.getByRole('region', { name: t.holder });
    await holder.waitFor();
    expect(await holder.textContent()).toContain('CP-0001-0001');
    // axe measures contrast: wait for the dialog's fade-in to end (opacity below 1 fails it).
    await expect
      .poll(() =>
        card.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container') ?? el).opacity),
      )
      .toBe('1');
    await expectAccessible(page);
  });
});

describe.each([
  ['phone', 'en'],
  ['desktop', 'zh-HK'],
] as const)('bookmarks on a %s in %s', (viewport, lang) => {
  const t = TEXT[lang];

  it('lets a signed-in customer bookmark a doctor and keeps it across reloads', async () => {
    const { page } = await journey(viewport);
    const email = `bookmarks-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const created = await page.request.post('/dev/identity/users', {
      headers: DEV_CALLER,
      data: { email, password: 'ClinicPass2026' },
    });
    expect(created.status()).toBe(200);
    // Signed in through the identity service; its cookies land in this browser.
    const signIn = await page.request.post('/identity/sign-in', {
      data: { email, password: 'ClinicPass2026' },
    });
    expect(await signIn.json()).toEqual({ signed_in: true });

    await page.goto(results(lang));
    const card = page.getByRole('article').first();
    await card.waitFor();
    const name = (await card.getAttribute('aria-label')) ?? '';
    // One doctor may have several cards (one per service): the first card is the one toggled.
    const firstToggle = () =>
      page
        .getByRole('article')
        .first()
        .getByRole('button', { name: t.bookmark(name) });
    const toggle = card.getByRole('button', { name: t.bookmark(name) });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page);

    // Set, then clear: each time the server answers 200, and a reload shows what it kept.
    for (const [method, pressed] of [
      ['PUT', 'true'],
      ['DELETE', 'false'],
    ] as const) {
      const answered = page.waitForResponse(
        (res) => res.url().endsWith('/bookmark') && res.request().method() === method,
      );
      await firstToggle().click();
      expect((await answered).status()).toBe(200);
      await expect.poll(() => firstToggle().getAttribute('aria-pressed'), POLL).toBe(pressed);
      await page.reload();
      await expect.poll(() => firstToggle().getAttribute('aria-pressed'), POLL).toBe(pressed);
    }
  });

  it('offers no bookmark toggle to a guest', async () => {
    const { page } = await journey(viewport);
    await page.goto(results(lang));
    await page.getByRole('article').first().waitFor();
    // The sign-in state is known once the finder shows its results and /identity/me answered.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: /^Bookmark |^書籤：/ }).count()).toBe(0);
  });
});
