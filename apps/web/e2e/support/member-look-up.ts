// The member-card look-up steps the journeys share: the seeded demo members, the look-up form's
// texts in both languages, a client address of its own per journey, the look-up itself, and
// taking the error answers a journey asked for off its problem list.
import type { Page } from 'playwright-core';
import type { Journey } from './browser';

/** The README's demo members (the seeded database the journeys run on). */
export const DEMO_MEMBERS = {
  /** OP1000001, activated 400 days ago: all three tickets effective. */
  workingCard: { hkid: 'A123456(3)', phone: '91234567', policyNumber: 'OP1000001' },
  /** OP1000002, activated 30 days ago: the body check is not due. */
  bodyCheckNotDue: { hkid: 'G123456(A)', phone: '91234567', policyNumber: 'OP1000002' },
} as const;

/** The look-up form and the QR page it leads to, in both languages. */
export const LOOK_UP_TEXTS = {
  en: {
    prefix: 'en',
    heading: 'Please provide the following information',
    hkid: "Patient's Hong Kong ID number",
    phone: 'Phone number of the membership applicant',
    submit: 'Access member QR code',
    qrHeading: 'Member QR codes',
    cards: [
      'Present BEFORE consultation',
      'Present AFTER consultation',
      'Present BEFORE body check',
    ],
  },
  zh: {
    prefix: 'zh-hk',
    heading: '請提供以下資料',
    hkid: '病人的香港身份證號碼',
    phone: '會籍申請人的電話號碼',
    submit: '查看會員二維碼',
    qrHeading: '會員二維碼',
    cards: ['應診前出示', '應診後出示', '身體檢查前出示'],
  },
} as const;

export type LookUpTexts = (typeof LOOK_UP_TEXTS)['en' | 'zh'];

/**
 * The browser reports an expected error answer (a failed look-up, "not signed in") as a console
 * error; these are the answers the journey asked for, so they are taken off the problem list.
 */
export function allowFailedResponses(journey: Journey, statuses: number[]) {
  const pattern = new RegExp(
    `Failed to load resource: the server responded with a status of (${statuses.join('|')})`,
  );
  const keep = journey.problems.filter((problem) => !pattern.test(problem));
  journey.problems.splice(0, journey.problems.length, ...keep);
}

/** Fills the look-up form on the page (waiting for its heading unless `waitForHeading` false). */
export async function fillLookUp(
  page: Page,
  texts: Pick<LookUpTexts, 'heading' | 'hkid' | 'phone'>,
  hkid: string,
  phone: string,
  options: { waitForHeading?: boolean } = {},
) {
  if (options.waitForHeading !== false) {
    await page.getByRole('heading', { level: 1, name: texts.heading }).waitFor();
  }
  await page.getByRole('textbox', { name: texts.hkid }).fill(hkid);
  await page.getByRole('textbox', { name: texts.phone }).fill(phone);
}

/** Opens the look-up form, fills it with `hkid` and `phone` and submits it. */
export async function lookUpMember(
  page: Page,
  texts: Pick<LookUpTexts, 'prefix' | 'heading' | 'hkid' | 'phone' | 'submit'>,
  hkid: string,
  phone: string,
) {
  await page.goto(`/${texts.prefix}/outpatient/e-card/member`);
  await fillLookUp(page, texts, hkid, phone);
  await page.getByRole('button', { name: texts.submit }).click();
}
