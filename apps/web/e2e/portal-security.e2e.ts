// The portal's `account/security` (issue 20, c20s) for a fresh customer of its own (created
// through the server's factories: the demo owner's password and phone stay as they are). Signed
// out, the page goes through the member app's sign-in and comes back; the customer changes the
// password, adds a phone number and verifies it with the SMS code from the dev outbox, signs out
// (landing signed out), then signs in with the new password and the code sent to the new phone.
// Phone and desktop, both languages.
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, factories, FACTORY_PASSWORD } from '@clinicpass/server/test-support';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { asNewClient, DEV_CALLER } from './support/client-address';
import { allowFailedResponses } from './support/member-look-up';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];
const SECRET_KEY = 'e2e-secret-key-with-at-least-32-characters';
const NEW_PASSWORD = 'Security2026New';

const TEXT = {
  en: {
    prefix: 'en',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    code: '6-digit verification code',
    confirmCode: 'Confirm',
    account: 'Account',
    securityLink: 'Password, phone number and sign-out',
    heading: 'Security',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    passwordChanged: 'Your password is changed.',
    phoneSection: 'Phone number',
    noPhone: 'No verified phone number yet.',
    updatePhone: 'Update phone number',
    cancelPhone: 'Cancel',
    phoneField: 'Hong Kong mobile number',
    sendCode: 'Send SMS code',
    verify: 'Verify number',
    continue: 'Continue',
    phoneVerified: 'Your phone number is verified.',
    phoneValue: (phone: string) => `Verified phone number: ${phone}`,
    signOutSection: 'Sign out',
    signOut: 'Sign out',
  },
  zh: {
    prefix: 'zh-hk',
    email: '電郵',
    password: '密碼',
    signIn: '登入',
    code: '6 位數字驗證碼',
    confirmCode: '確認',
    account: '帳戶',
    securityLink: '密碼、電話號碼及登出',
    heading: '帳戶安全',
    changePassword: '更改密碼',
    currentPassword: '現有密碼',
    newPassword: '新密碼',
    confirmPassword: '確認新密碼',
    passwordChanged: '你的密碼已更改。',
    phoneSection: '電話號碼',
    noPhone: '尚未有已核實的電話號碼。',
    updatePhone: '更新電話號碼',
    cancelPhone: '取消',
    phoneField: '香港手機號碼',
    sendCode: '發送短訊驗證碼',
    verify: '驗證號碼',
    continue: '繼續',
    phoneVerified: '你的電話號碼已核實。',
    phoneValue: (phone: string) => `已核實電話號碼：${phone}`,
    signOutSection: '登出',
    signOut: '登出',
  },
} as const;
type Texts = (typeof TEXT)['en' | 'zh'];

/** A confirmed customer of this journey's own, with the factories' password and no phone. */
async function freshCustomer(): Promise<string> {
  const handle = connectDatabase(inject('databaseUrl'), { max: 1 });
  try {
    const f = factories(handle.db, { secretKey: SECRET_KEY });
    const email = `security-${String(randomInt(100_000, 999_999))}@example.com`;
    await f.user({ email });
    return email;
  } finally {
    await handle.close();
  }
}

interface OutboxEntry {
  id: number;
  to: string;
  body: string;
}

/** The page shows the number masked, as the identity API answers it (no phone on screen). */
const masked = (phone: string): string => `+852 ****${phone.slice(-4)}`;

async function lastOutboxId(page: Page): Promise<number> {
  const entries = (await (
    await page.request.get('/dev/outbox', { headers: DEV_CALLER })
  ).json()) as OutboxEntry[];
  return entries[0]?.id ?? 0;
}

/** The 6-digit code of the first SMS to `to` after message `after`. */
async function smsCode(page: Page, to: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const entries = (await (
        await page.request.get('/dev/outbox', { headers: DEV_CALLER })
      ).json()) as OutboxEntry[];
      const sms = entries.find((m) => m.to === to && m.id > after);
      code = sms === undefined ? undefined : /\b(\d{6})\b/.exec(sms.body)?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code ?? '';
}

/** Lets MUI's transitions end (a button fading back from disabled fails the contrast check). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

async function signInForm(page: Page, t: Texts, email: string, password: string) {
  await page.waitForURL((url) => url.pathname === `/${t.prefix}/outpatient/login`);
  await page.getByRole('textbox', { name: t.email }).fill(email);
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(password);
}

describe.each(viewports)('the portal’s account security on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = TEXT[language];

    it('changes the password, verifies a new phone, signs out and signs in again', async () => {
      const email = await freshCustomer();
      const phone = `9345${String(randomInt(1000, 9999))}`;
      const journey = await open(viewport);
      await asNewClient(journey);
      const { page } = journey;

      // Signed out: the member app's sign-in brings the customer back to the Account page.
      await page.goto(`/portal/#/${t.prefix}/account`);
      await signInForm(page, t, email, FACTORY_PASSWORD);
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t.account }).waitFor();
      await page.getByRole('link', { name: t.securityLink }).click();
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      expect(new URL(page.url()).hash).toBe(`#/${t.prefix}/account/security`);
      await expect
        .poll(() => page.getByRole('region', { name: t.phoneSection }).textContent())
        .toContain(t.noPhone);
      await settle(page);
      await expectAccessible(page);

      // The password.
      await page.getByRole('button', { name: t.changePassword }).click();
      await page
        .getByRole('textbox', { name: t.currentPassword, exact: true })
        .fill(FACTORY_PASSWORD);
      await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.changePassword }).click();
      await page.getByText(t.passwordChanged).waitFor();

      // The phone number: the form's way out cancels (it is not the sign-up's "skip"); then
      // verified with the SMS code.
      const phoneRegion = page.getByRole('region', { name: t.phoneSection });
      await phoneRegion.getByRole('button', { name: t.updatePhone }).click();
      await phoneRegion.getByRole('button', { name: t.cancelPhone, exact: true }).click();
      await phoneRegion.getByRole('button', { name: t.updatePhone }).click();
      await phoneRegion.getByRole('textbox', { name: t.phoneField }).fill(phone);
      await settle(page);
      await expectAccessible(page);
      const before = await lastOutboxId(page);
      await phoneRegion.getByRole('button', { name: t.sendCode }).click();
      const code = await smsCode(page, `+852${phone}`, before);
      await phoneRegion.getByRole('textbox', { name: t.code }).fill(code);
      await phoneRegion.getByRole('button', { name: t.verify }).click();
      await phoneRegion.getByRole('button', { name: t.continue }).click();
      await phoneRegion.getByText(t.phoneVerified).waitFor();
      await phoneRegion.getByText(t.phoneValue(masked(phone))).waitFor();
      await settle(page);
      await expectAccessible(page);

      // Sign out: the session is gone, the portal sends the visitor to sign in.
      await page
        .getByRole('region', { name: t.signOutSection })
        .getByRole('button', { name: t.signOut })
        .click();
      await page.waitForURL((url) => !url.pathname.startsWith('/portal'));
      await page.goto(`/portal/#/${t.prefix}/account/security`);
      await page.waitForURL((url) => url.pathname === `/${t.prefix}/outpatient/login`);
      expect(new URL(page.url()).search).toBe(
        `?next=%2Fportal%2F%23%2F${t.prefix}%2Faccount%2Fsecurity`,
      );

      // The old password no longer signs in; the new one does, with the new phone's code.
      await signInForm(page, t, email, FACTORY_PASSWORD);
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      allowFailedResponses(journey, [400, 401]);
      await page.getByRole('textbox', { name: t.password, exact: true }).fill(NEW_PASSWORD);
      const beforeSignIn = await lastOutboxId(page);
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      const signInCode = await smsCode(page, `+852${phone}`, beforeSignIn);
      await page.getByRole('textbox', { name: t.code }).fill(signInCode);
      await page.getByRole('button', { name: t.confirmCode, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      await page
        .getByRole('region', { name: t.phoneSection })
        .getByText(t.phoneValue(masked(phone)))
        .waitFor();
      expect(journey.problems).toEqual([]);
    });
  });
});
