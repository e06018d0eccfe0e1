// The body-check page shows the centres and the booking line the insurer configured (issue 21
// item 4, decision 133): a centre added in `body_check_centre` appears with its hours, in the
// page's language, next to the seeded ones; phone and desktop.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { asNewClient } from './support/client-address';
import { DEMO_MEMBERS, LOOK_UP_TEXTS, lookUpMember } from './support/member-look-up';

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
    ...LOOK_UP_TEXTS.en,
    tab: 'Body Check',
    centres: ['Mong Kok Centre', 'Causeway Bay Centre', ADDED.nameEn],
    hours: ADDED.hoursEn,
    address: ADDED.addressEn,
  },
  zh: {
    ...LOOK_UP_TEXTS.zh,
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

describe.each(viewports)('body-check centres on a %s', (viewport) => {
  it.each(['en', 'zh'] as const)('lists the configured centres in %s', async (language) => {
    const texts = TEXTS[language];
    const journey = await open(viewport);
    await asNewClient(journey);
    const { page } = journey;
    const member = DEMO_MEMBERS.workingCard;
    await lookUpMember(page, texts, member.hkid, member.phone);
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
