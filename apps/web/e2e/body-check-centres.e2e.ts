// The body-check page shows the centres and the booking line the insurer configured (issue 21
// item 4, decision 133): a centre added in `body_check_centre` appears with its hours, in the
// page's language, next to the seeded ones; phone and desktop.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const ADDED = {
  code: 'e2e-tsim-sha-tsui',
  nameEn: 'Tsim Sha Tsui Centre',
  nameZh: '尖沙咀中心',
  addressEn: '9/F, 1 Canton Road, Tsim Sha Tsui, Kowloon',
  addressZh: '九龍尖沙咀廣東道1號9樓',
  hoursEn: 'Every day, 8:00 to 20:00',
  hoursZh: '每日上午8時至晚上8時',
};

const TEXTS = {
  en: {
    prefix: 'en',
    heading: 'Please provide the following information',
    hkid: "Patient's Hong Kong ID number",
    phone: 'Phone number of the membership applicant',
    submit: 'Access member QR code',
    qrHeading: 'Member QR codes',
    tab: 'Body Check',
    centres: ['Mong Kok Centre', 'Causeway Bay Centre', ADDED.nameEn],
    hours: ADDED.hoursEn,
    address: ADDED.addressEn,
  },
  zh: {
    prefix: 'zh-hk',
    heading: '請提供以下資料',
    hkid: '病人的香港身份證號碼',
    phone: '會籍申請人的電話號碼',
    submit: '查看會員二維碼',
    qrHeading: '會員二維碼',
    tab: '身體檢查',
    centres: ['旺角中心', '銅鑼灣中心', ADDED.nameZh],
    hours: ADDED.hoursZh,
    address: ADDED.addressZh,
  },
} as const;

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  await db.query(
    `INSERT INTO body_check_centre
       (code, name_en, name_zh, address_en, address_zh, hours_en, hours_zh, sequence)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 30)
     ON CONFLICT (code) DO NOTHING`,
    [
      ADDED.code,
      ADDED.nameEn,
      ADDED.nameZh,
      ADDED.addressEn,
      ADDED.addressZh,
      ADDED.hoursEn,
      ADDED.hoursZh,
    ],
  );
});
afterAll(async () => {
  await db.query('DELETE FROM body_check_centre WHERE code = $1', [ADDED.code]);
  await db.end();
});

let address = 0;

describe.each(viewports)('body-check centres on a %s', (viewport) => {
  it.each(['en', 'zh'] as const)('lists the configured centres in %s', async (language) => {
    const texts = TEXTS[language];
    const journey = await open(viewport);
    address += 1;
    await journey.context.setExtraHTTPHeaders({
      'x-forwarded-for': `198.51.100.${(process.pid % 50) * 4 + address}`,
    });
    const { page } = journey;
    await page.goto(`/${texts.prefix}/outpatient/e-card/member`);
    await page.getByRole('heading', { level: 1, name: texts.heading }).waitFor();
    await page.getByRole('textbox', { name: texts.hkid }).fill('A123456(3)');
    await page.getByRole('textbox', { name: texts.phone }).fill('91234567');
    await page.getByRole('button', { name: texts.submit }).click();
    await page.getByRole('heading', { level: 1, name: texts.qrHeading }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: texts.tab }).click();
    await page.getByRole('heading', { level: 1, name: texts.tab }).waitFor();

    await page.getByRole('heading', { level: 3, name: texts.centres[2] }).waitFor();
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual(texts.centres);
    await page.getByText(texts.address, { exact: true }).waitFor();
    await page.getByText(texts.hours, { exact: true }).waitFor();
    expect(await page.getByTestId('booking-phone').textContent()).toBe('2388 6633');
    await expectAccessible(page);
  });
});
