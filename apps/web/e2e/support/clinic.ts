// The clinic counter's journeys (issue 18): a member of their own (the journeys record visits
// and a body check, which must not change the demo members other journeys read), a clinic staff
// account of their own bound to two venues of the network (a clinic, a body-check centre), its sign-in with the SMS code from the
// outbox, the QR codes the app renders as pictures, and a .y4m video of a QR for Chromium's fake
// camera.
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Journey } from './browser';
import { expect, inject } from 'vitest';
import {
  connectDatabase,
  factories,
  hkidFor,
  addClinicUser,
} from '@clinicpass/server/test-support';
import { journeyVenues, type JourneyVenue } from './clinic-venues';
import { LOOK_UP_TEXTS, lookUpMember } from './member-look-up';
import { DEV_CALLER } from './client-address';

/** The journeys' server secret (support/global-setup.ts). */
const SECRET_KEY = 'e2e-secret-key-with-at-least-32-characters';
export const CLINIC_PASSWORD = 'ClinicCounter2026';

export interface FreshMember {
  hkid: string;
  /** The applicant phone the look-up asks for (8 digits). */
  phone: string;
  policyNumber: string;
}

export interface FreshClinicUser {
  email: string;
  /** +852 and 8 digits: where the sign-in code goes. */
  phone: string;
}

/**
 * A member of a fresh in-force policy of the demo's outpatient product, activated 400 days ago
 * (all three tickets effective, the body check due), and a fresh clinic staff account bound to
 * a general practitioner's clinic and a body-check centre of its panel.
 */
export async function freshMemberAndClinicUser(): Promise<{
  member: FreshMember;
  clinicUser: FreshClinicUser;
  venues: { clinic: JourneyVenue; bodyCheck: JourneyVenue };
}> {
  const handle = connectDatabase(inject('databaseUrl'), { max: 1 });
  try {
    const f = factories(handle.db, { secretKey: SECRET_KEY });
    const n = randomInt(100_000, 999_999);
    const hkid = hkidFor(n);
    // In a range libphonenumber knows as Hong Kong mobiles (the look-up form checks it).
    const phone = `9123${String(randomInt(1000, 9999))}`;
    const policyNumber = `OP9${String(n)}`;
    await f.policyWithMembers({
      policy: { policyNumber, applicantPhoneNumber: `+852${phone}` },
      members: [
        {
          hkid,
          memberCode: `MC${String(n)}`,
          membershipNumber: `CP-9${String(n).slice(0, 3)}-${String(n).slice(3)}`,
          nameEn: 'Ho Wing Sze',
          nameZh: '何詠詩',
        },
      ],
    });
    const clinicUser = {
      email: `clinic-${String(n)}@example.com`,
      phone: `+8529234${String(randomInt(1000, 5677))}`,
    };
    const venues = await journeyVenues(handle.pool);
    await addClinicUser(handle.db, {
      email: clinicUser.email,
      phone: clinicUser.phone,
      password: CLINIC_PASSWORD,
      venueIds: [venues.clinic.id, venues.bodyCheck.id],
    });
    return { member: { hkid, phone, policyNumber }, clinicUser, venues };
  } finally {
    await handle.close();
  }
}

interface OutboxEntry {
  id: number;
  to: string;
  body: string;
}

async function outbox(page: Page): Promise<OutboxEntry[]> {
  return (await (
    await page.request.get('/dev/outbox', { headers: DEV_CALLER })
  ).json()) as OutboxEntry[];
}

export const SIGN_IN_TEXTS = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    code: '6-digit verification code',
    confirm: 'Confirm',
  },
  zh: { email: '電郵', password: '密碼', signIn: '登入', code: '6 位數字驗證碼', confirm: '確認' },
} as const;

/** Signs the clinic user in on the sign-in page the clinic screen sent them to. */
export async function signInClinicUser(
  page: Page,
  texts: (typeof SIGN_IN_TEXTS)['en' | 'zh'],
  user: FreshClinicUser,
) {
  await page.getByRole('textbox', { name: texts.email }).fill(user.email);
  await page.getByRole('textbox', { name: texts.password, exact: true }).fill(CLINIC_PASSWORD);
  const before = (await outbox(page))[0]?.id ?? 0;
  await page.getByRole('button', { name: texts.signIn, exact: true }).click();
  const codeField = page.getByRole('textbox', { name: texts.code });
  await codeField.waitFor();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const sms = (await outbox(page)).find((e) => e.to === user.phone && e.id > before);
        code = sms === undefined ? undefined : /\b(\d{6})\b/.exec(sms.body)?.[1];
        return code !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await codeField.fill(code ?? '');
  await page.getByRole('button', { name: texts.confirm, exact: true }).click();
}

/** A picture (PNG) of the QR code of the member's ticket card named `heading`, as shown. */
export async function qrPicture(page: Page, heading: string): Promise<Buffer> {
  const qr = page.getByRole('article', { name: heading }).getByRole('img');
  await qr.waitFor();
  // The white box around the code: its quiet zone.
  return qr.locator('..').screenshot();
}

/** The RGBA pixels of a PNG, read by the browser (the node side has no PNG decoder). */
export async function pixelsOf(
  page: Page,
  png: Buffer,
): Promise<{ width: number; height: number; rgba: Uint8Array }> {
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const image = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: image.width, height: image.height, data: Array.from(image.data) };
  }, png.toString('base64'));
  return { width: decoded.width, height: decoded.height, rgba: Uint8Array.from(decoded.data) };
}

/**
 * A YUV4MPEG2 video (4:2:0, `frames` identical frames of 640×480) showing the picture
 * centred on white, scaled up by whole pixels: what `--use-file-for-fake-video-capture` plays.
 */
export function y4mOf(
  picture: { width: number; height: number; rgba: Uint8Array },
  frames = 5,
): Buffer {
  const width = 640;
  const height = 480;
  const scale = Math.max(1, Math.floor(Math.min(360 / picture.width, 360 / picture.height)));
  const left = Math.floor((width - picture.width * scale) / 2);
  const top = Math.floor((height - picture.height * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < picture.height * scale; y += 1) {
    for (let x = 0; x < picture.width * scale; x += 1) {
      const source = (Math.floor(y / scale) * picture.width + Math.floor(x / scale)) * 4;
      const r = picture.rgba[source] ?? 255;
      const g = picture.rgba[source + 1] ?? 255;
      const b = picture.rgba[source + 2] ?? 255;
      // BT.601 studio range, as I420 video carries it.
      luma[(top + y) * width + left + x] = Math.round(
        16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255,
      );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${String(width)} H${String(height)} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: frames }, () => frame),
  ]);
}

/** The texts the clinic journeys read, in both languages. */
export const CLINIC_TEXTS = {
  en: {
    ...LOOK_UP_TEXTS.en,
    ...SIGN_IN_TEXTS.en,
    clinicHeading: "Check a member's ticket",
    venue: 'Clinic',
    number: 'Number under the QR code',
    check: 'Check',
    valid: 'Valid ticket',
    open: 'Open the visit (before consultation)',
    opened: /^Visit opened at/,
    close: 'Close the visit (after consultation)',
    service: 'Service given',
    amount: 'Amount charged (HK$)',
    aboveMemberPrice: 'The amount is above the member price of this service',
    closed: /^Visit closed: .+, HK\$/,
    another: 'Check another ticket',
    picture: 'Read a QR code from a picture',
    recordBodyCheck: 'Record the body check',
    recorded: /^Body check recorded on/,
    numberTooShort: 'The number has 16 digits',
    bodyCheckTab: 'Body Check',
    notEffective: 'Not effective',
    nextFrom: /Your body check will be available from \d{1,2} \w{3} \d{4}\./,
  },
  zh: {
    ...LOOK_UP_TEXTS.zh,
    ...SIGN_IN_TEXTS.zh,
    clinicHeading: '核對會員票券',
    venue: '診所',
    number: '二維碼下方的號碼',
    check: '核對',
    valid: '票券有效',
    open: '開始診症（應診前）',
    opened: /^已於.+開始診症/,
    close: '完成診症（應診後）',
    service: '所提供的服務',
    amount: '收費金額（港元）',
    aboveMemberPrice: '金額高於此服務的會員價',
    closed: /^診症已完成：.+，HK\$/,
    another: '核對另一張票券',
    picture: '從圖片讀取二維碼',
    recordBodyCheck: '記錄身體檢查',
    recorded: /^已於.+記錄身體檢查/,
    numberTooShort: '號碼共有 16 位數字',
    bodyCheckTab: '身體檢查',
    notEffective: '未生效',
    nextFrom: /你可於\d{4}年\d{1,2}月\d{1,2}日起進行身體檢查。/,
  },
} as const;

/** The member looks up their card and comes to their QR codes (what the page said, if not). */
export async function openMemberCard(
  member: Journey,
  texts: (typeof CLINIC_TEXTS)['en' | 'zh'],
  fresh: FreshMember,
) {
  await lookUpMember(member.page, texts, fresh.hkid, fresh.phone);
  const heading = member.page.getByRole('heading', { level: 1, name: texts.qrHeading });
  try {
    await heading.waitFor();
  } catch (error) {
    const shown = await member.page
      .locator('main')
      .innerText()
      .catch(() => '');
    throw new Error(
      `no QR codes at ${member.page.url()}:\n${shown}\n${member.problems.join('\n')}`,
      { cause: error },
    );
  }
}
