// Read-only mode against a real server (issue 5): a second server on the journeys' database with
// SERVICE_MODE=read_only still answers reads (announcements, the captcha challenge, the finder's
// searches) and the member-card look-up (issue 16, decision 154: it writes only tokens and limits),
// answers another write (a password reset) with 503 `read_only_mode`, and the web then says so in
// a banner and keeps a 5-minute `read-only-mode` cookie; the normal server's next answer clears
// both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, type Journey } from './support/browser';
import { asNewClient } from './support/client-address';
import { allowFailedResponses, DEMO_MEMBERS, fillLookUp } from './support/member-look-up';
import { startServer, type ExtraServer } from './support/server';

const open = useBrowser();

const READ_ONLY_COOKIE = 'read-only-mode';

const TEXT = {
  en: {
    locale: 'en-GB',
    prefix: 'en',
    announcements: 'Announcements',
    announcement: /Scheduled maintenance/,
    heading: 'Please provide the following information',
    hkid: "Patient's Hong Kong ID number",
    phone: 'Phone number of the membership applicant',
    submit: 'Access member QR code',
    qrHeading: 'Member QR codes',
    card: 'Present BEFORE consultation',
    email: 'Email',
    sendCode: 'Send code',
    // apps/web/src/locales/en/common.json serviceStatus.readOnly
    readOnly:
      'The service is in read-only mode for a few minutes. You can look around, but changes cannot be saved yet.',
  },
  zh: {
    locale: 'zh-HK',
    prefix: 'zh-hk',
    announcements: '公告',
    announcement: /系統維護/,
    heading: '請提供以下資料',
    hkid: '病人的香港身份證號碼',
    phone: '會籍申請人的電話號碼',
    submit: '查看會員二維碼',
    qrHeading: '會員二維碼',
    card: '應診前出示',
    email: '電郵',
    sendCode: '發送驗證碼',
    // apps/web/src/locales/zh-HK/common.json serviceStatus.readOnly
    readOnly: '服務現正暫時只供查閱，為時數分鐘。你可以瀏覽，但暫時未能儲存更改。',
  },
} as const;

/** The 503 answers the journey provokes (the browser logs them) are not problems. */
function allow503(journey: Journey) {
  allowFailedResponses(journey, [503]);
}

async function readOnlyCookie(journey: Journey, url: string) {
  return (await journey.context.cookies(url)).find((c) => c.name === READ_ONLY_COOKIE);
}

describe('in read-only mode', () => {
  let readOnly: ExtraServer;
  beforeAll(async () => {
    // The journeys' captcha difficulty, so the look-up is solved quickly.
    readOnly = await startServer({ SERVICE_MODE: 'read_only', CAPTCHA_DIFFICULTY: '50' });
  });
  afterAll(async () => {
    await readOnly.stop();
  });

  describe.each([
    ['phone', 'en'],
    ['desktop', 'en'],
    ['phone', 'zh'],
    ['desktop', 'zh'],
  ] as const)('on a %s in %s', (viewport, lang) => {
    const t = TEXT[lang];

    it('reads still work, a write answers 503 read_only_mode, the banner and the 5-minute cookie follow; the normal server clears them', async () => {
      const journey = await open(viewport, { locale: t.locale });
      await asNewClient(journey);
      const { page } = journey;
      const banner = page.getByRole('status').filter({ hasText: t.readOnly });

      // Reads still work: the home page shows the server's announcements.
      await page.goto(`${readOnly.baseUrl}/${t.prefix}`);
      const announcements = page.getByRole('region', { name: t.announcements });
      await announcements.getByRole('status').filter({ hasText: t.announcement }).waitFor();
      expect(await banner.count()).toBe(0);
      // The finder's searches (GraphQL reads sent as POSTs) still answer: doctors are listed.
      await page.goto(
        `${readOnly.baseUrl}/${t.prefix}/outpatient/doctor-list/outpatient/OP1000001?p=`,
      );
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThan(0);
      expect(await banner.count()).toBe(0);

      // The member-card look-up works in read-only mode (decision 154): its captcha challenge is
      // answered, the look-up too, and the QR codes show with no read-only banner.
      const challenge = page.waitForResponse((r) => r.url().includes('/captcha/challenge'));
      await page.goto(`${readOnly.baseUrl}/${t.prefix}/outpatient/e-card/member`);
      const member = DEMO_MEMBERS.workingCard;
      await fillLookUp(page, t, member.hkid, member.phone);
      const answered = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/customer/outpatient/member-ticket') &&
          r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: t.submit }).click();
      expect((await challenge).status()).toBe(200);
      expect((await answered).status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: t.qrHeading }).waitFor();
      await page.getByRole('article', { name: t.card }).getByRole('img').waitFor();
      expect(await banner.count()).toBe(0);
      await expectAccessible(page);

      // Another write, a password reset, answers 503 read_only_mode.
      await page.goto(`${readOnly.baseUrl}/${t.prefix}/outpatient/forgot-password`);
      await page.getByRole('textbox', { name: t.email }).fill('plain@example.com');
      const refused = page.waitForResponse(
        (r) => r.url().includes('/identity/forgot-password') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: t.sendCode }).click();
      const response = await refused;
      expect(response.status()).toBe(503);
      expect(((await response.json()) as { code: string }).code).toBe('read_only_mode');

      // The web says so, and keeps the cookie for about 5 minutes.
      await banner.waitFor();
      const cookie = await readOnlyCookie(journey, readOnly.baseUrl);
      expect(cookie, 'read-only cookie').toBeDefined();
      const secondsLeft = cookie!.expires - Date.now() / 1000;
      expect(secondsLeft).toBeGreaterThan(290);
      expect(secondsLeft).toBeLessThanOrEqual(301);
      await expectAccessible(page);

      // Cookies are per host, not per port: the normal server's pages see the same cookie, and
      // the first answer from its API (the device session, on page load) clears it and the banner.
      expect(
        await readOnlyCookie(journey, journey.baseUrl),
        'cookie seen by baseUrl',
      ).toBeDefined();
      const normalAnswer = page.waitForResponse(
        (r) => r.url().startsWith(journey.baseUrl) && r.url().includes('/session'),
      );
      await page.goto(`/${t.prefix}/outpatient/e-card/member`);
      expect((await normalAnswer).status()).toBeLessThan(300);
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      await expect
        .poll(async () => (await readOnlyCookie(journey, journey.baseUrl)) === undefined)
        .toBe(true);
      await expect.poll(() => banner.count()).toBe(0);
      allow503(journey);
    });
  });
});
