// Directory journeys (issue 19) on a 360 px phone in both languages: freshness and opening state
// on the result card, the "Open now" toggle kept in the address, and the report-wrong-details
// form sent by a guest (the captcha solved by the real widget). The server runs on the real
// clock, so "Open now" is checked for consistency: every card it leaves says "Open now".
import { describe, expect, it } from 'vitest';

import { expectAccessible, useBrowser, type Journey } from './support/browser';
import { asNewClient } from './support/client-address';

const open = useBrowser();

async function openFinder(path: string): Promise<Journey> {
  const journey = await open('phone');
  await asNewClient(journey);
  await journey.page.goto(path);
  return journey;
}

const TEXT = {
  en: {
    prefix: 'en',
    checked: /Details checked [A-Z][a-z]{2} 20\d\d/,
    hours: /Open now · until \d\d:\d\d|Opens \d\d:\d\d|Closed today|Opening hours not known/,
    openNow: 'Open now',
    openUntil: /Open now · until \d\d:\d\d/,
    empty: /No doctors found/,
    report: /^Report wrong details of /,
    dialog: 'Report wrong details',
    submit: 'Send report',
    chooseKind: 'Please choose what is wrong',
    doctorLeft: 'Doctor no longer here',
    note: 'Note (optional)',
    sent: 'Thank you. We will check these details.',
    close: 'Close',
  },
  'zh-HK': {
    prefix: 'zh-hk',
    checked: /資料於20\d\d年\d{1,2}月核實/,
    hours: /現正應診 · 至 \d\d:\d\d|\d\d:\d\d 開始應診|今日休息|未有應診時間資料/,
    openNow: '現正應診',
    openUntil: /現正應診 · 至 \d\d:\d\d/,
    empty: /找不到醫生/,
    report: /^報告資料錯誤：.+$/,
    dialog: '報告資料錯誤',
    submit: '提交報告',
    chooseKind: '請選擇錯誤類別',
    doctorLeft: '醫生已不在此應診',
    note: '備註（選填）',
    sent: '謝謝，我們會查核此資料。',
    close: '關閉',
  },
} as const;

const finderPath = (lang: keyof typeof TEXT) =>
  `/${TEXT[lang].prefix}/outpatient/doctor-list/outpatient/OP1000001?p=`;

describe.each(['en', 'zh-HK'] as const)('directory on a phone in %s', (lang) => {
  const t = TEXT[lang];

  // One finder page through the card, the report and the filter: each page load and axe scan
  // is seconds of the suite's time on two cores.
  it('shows when the details were checked and the opening state, takes a report with the captcha, and filters to venues open now', async () => {
    const { page } = await openFinder(finderPath(lang));
    const card = page.getByRole('article').first();
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toMatch(t.checked);
    expect(text).toMatch(t.hours);
    await expectAccessible(page);

    // Wrong details reported from the card as a guest, with the captcha.
    await card.getByRole('button', { name: t.report }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.waitFor();
    await expectAccessible(page);
    // Nothing chosen: the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: t.submit }).click();
    await dialog.getByText(t.chooseKind).waitFor();
    await dialog.getByRole('radio', { name: t.doctorLeft }).check();
    await dialog.getByRole('textbox', { name: t.note }).fill('The clinic told me he retired.');
    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && /\/service-point\/\d+\/report$/.test(request.url()),
    );
    await dialog.getByRole('button', { name: t.submit }).click();
    const request = await sent;
    expect(request.headers()['x-captcha']).toBeTruthy();
    expect(request.postDataJSON()).toEqual({
      kind: 'doctor_left',
      note: 'The clinic told me he retired.',
    });
    await dialog.getByRole('status').filter({ hasText: t.sent }).waitFor();
    await dialog.getByRole('button', { name: t.close }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Venues open now: kept in the address and after a reload.
    const toggle = page.getByRole('button', { name: t.openNow, exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await page.waitForURL(/[?&]open_now=1(&|$)/);
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole('button', { name: t.openNow, exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    // Whatever the hour in Hong Kong: every card left says it is open now, or none is left.
    await expect
      .poll(
        async () =>
          (await page.getByRole('article').count()) > 0 ||
          (await page.getByText(t.empty).count()) > 0,
      )
      .toBe(true);
    for (const text of await page.getByRole('article').allTextContents()) {
      expect(text).toMatch(t.openUntil);
    }
    await expectAccessible(page);
  });
});
