// Sign-in journeys against the real server: codes are read from the outbox (/dev/outbox) as a
// developer would. Each journey comes from its own client address, so the per-address limit of
// the identity service does not count one journey against another.
import { withOwnerSms } from './support/owner-sms';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  useBrowser,
  VIEWPORTS,
  type Journey,
  type ViewportName,
} from './support/browser';
import { asNewClient, DEV_CALLER } from './support/client-address';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];
const PASSWORD = 'ClinicPass2026';

const TEXT = {
  en: {
    prefix: 'en',
    deliverySms: 'SMS to my verified phone',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    code: '6-digit verification code',
    confirm: 'Confirm',
    wrongPassword: 'Incorrect email or password',
    forgot: 'Forgot password?',
    setPassword: 'First time here? Set your password',
    sendCode: 'Send code',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    reset: 'Reset password',
    next: 'Next',
    save: 'Set password',
    skip: 'Skip for now',
    phone: 'Hong Kong mobile number',
    phoneSend: 'Send SMS code',
    phoneConfirm: 'Verify number',
    continue: 'Continue',
    signOut: 'Sign out',
    signedOut: 'You have signed out.',
    mismatch: 'Passwords did not match',
    invalidEmail: 'Please enter a valid email address',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    passwordChanged: 'Your password has been changed.',
    smsNote: 'If your account has no verified phone, none is sent: we email you instead.',
    sameAsCurrent: 'Your new password cannot be the same as your current password',
  },
  zh: {
    prefix: 'zh-hk',
    deliverySms: '短訊至已驗證的手機',
    email: '電郵',
    password: '密碼',
    signIn: '登入',
    code: '6 位數字驗證碼',
    confirm: '確認',
    wrongPassword: '電郵或密碼不正確',
    forgot: '忘記密碼？',
    setPassword: '首次登入？設定你的密碼',
    sendCode: '發送驗證碼',
    newPassword: '新密碼',
    confirmPassword: '確認新密碼',
    reset: '重設密碼',
    next: '下一步',
    save: '設定密碼',
    skip: '暫時略過',
    phone: '香港手機號碼',
    phoneSend: '發送短訊驗證碼',
    phoneConfirm: '驗證號碼',
    continue: '繼續',
    signOut: '登出',
    signedOut: '你已登出。',
    mismatch: '兩次輸入的密碼不相符',
    invalidEmail: '請輸入有效的電郵地址',
    changePassword: '更改密碼',
    currentPassword: '現有密碼',
    passwordChanged: '你的密碼已更改。',
    smsNote: '如你的帳戶沒有已驗證的手機號碼，我們不會發送短訊，而會以電郵通知你。',
    sameAsCurrent: '新密碼不可與現有密碼相同',
  },
} as const;
type Lang = keyof typeof TEXT;
const languages = Object.keys(TEXT) as Lang[];

/** A journey of its own: own client address for the server's per-address limit. */
async function journey(viewport: ViewportName, path?: string): Promise<Journey> {
  const j = await open(viewport);
  await asNewClient(j);
  if (path !== undefined) await j.page.goto(path);
  return j;
}

interface OutboxEntry {
  id: number;
  channel: string;
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

/** The newest message to `to` after `afterId`, waiting for it to arrive. */
async function message(page: Page, to: string, afterId: number): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const entries = (await (
          await page.request.get('/dev/outbox', { headers: DEV_CALLER })
        ).json()) as OutboxEntry[];
        found = entries.find((entry) => entry.to === to && entry.id > afterId);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

async function lastOutboxId(page: Page): Promise<number> {
  const entries = (await (
    await page.request.get('/dev/outbox', { headers: DEV_CALLER })
  ).json()) as OutboxEntry[];
  return entries[0]?.id ?? 0;
}

function codeIn(entry: OutboxEntry): string {
  const code = /\b(\d{6})\b/.exec(entry.body)?.[1];
  if (code === undefined) throw new Error('no code in the message');
  return code;
}

async function me(page: Page): Promise<{ signed_in: boolean; user: { email: string } | null }> {
  const res = await page.request.get('/identity/me');
  return (await res.json()) as { signed_in: boolean; user: { email: string } | null };
}

async function createUser(page: Page, email: string, password?: string): Promise<void> {
  const res = await page.request.post('/dev/identity/users', {
    headers: DEV_CALLER,
    data: password === undefined ? { email } : { email, password },
  });
  expect(res.status()).toBe(200);
}

/** A status the journey expects the browser to report (it logs failed requests as errors). */
function expectHttpErrors(j: Journey, status: number): void {
  const expected = `status of ${status}`;
  const unexpected = j.problems.filter(
    (p) => !(p.includes('Failed to load resource') && p.includes(expected)),
  );
  j.problems.splice(0, j.problems.length, ...unexpected);
}

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signInForm(page: Page, t: (typeof TEXT)[Lang], email: string, password: string) {
  await page.getByRole('textbox', { name: t.email }).fill(email);
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

describe.each(viewports)('sign-in on a %s', (viewport) => {
  describe.each(languages)('in %s', (lang) => {
    const t = TEXT[lang];

    // The wrong password first, then the owner's sign-in on the same page: each page load and
    // axe scan is seconds of the suite's time on two cores.
    it('shows the wrong-password banner from the catalogue, then signs the owner in with the SMS code', async () => {
      const j = await journey(viewport, `/${t.prefix}/outpatient/login`);
      const { page } = j;
      const submit = page.getByRole('button', { name: t.signIn, exact: true });
      await submit.waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await expectAccessible(page);

      await signInForm(page, t, 'plain@example.com', 'Wrong-Password-1');
      const banner = page.getByRole('alert').filter({ hasText: t.wrongPassword });
      await banner.waitFor();
      await expectAccessible(page);
      // Gone after 5000 ms.
      await banner.waitFor({ state: 'detached', timeout: 7000 });
      expect(await me(page)).toMatchObject({ signed_in: false });
      expectHttpErrors(j, 400);

      const codeField = page.getByRole('textbox', { name: t.code });
      const sms = await withOwnerSms(async () => {
        const after = await lastOutboxId(page);
        await signInForm(page, t, 'OWNER@example.com', PASSWORD);
        await codeField.waitFor();
        return message(page, '+85291234567', after);
      });
      await page.getByText('+852 ****4567').waitFor();
      expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await codeField.getAttribute('inputmode')).toBe('numeric');
      expect(await codeField.getAttribute('maxlength')).toBe('6');
      await expectAccessible(page);
      expect(sms.channel).toBe('sms');
      await codeField.fill(codeIn(sms));
      await page.getByRole('button', { name: t.confirm, exact: true }).click();

      await page.waitForURL(`**/${t.prefix}/outpatient/e-card/owner`);
      expect(await me(page)).toMatchObject({
        signed_in: true,
        user: { email: 'owner@example.com' },
      });
    });
  });

  it('signs a user without a phone straight in, to `next`', async () => {
    const { page } = await journey(
      viewport,
      '/en/outpatient/login?next=%2Fen%2Foutpatient%2Faccount',
    );
    await signInForm(page, TEXT.en, 'plain@example.com', PASSWORD);
    await page.waitForURL('**/en/outpatient/account');
    await page.getByText('Signed in as plain@example.com').waitFor();
    // Already signed in: the login page sends the user on.
    await page.goto('/en/outpatient/login');
    await page.waitForURL('**/en/outpatient/e-card/owner');
  });
});

describe('login page details', () => {
  it('keeps the query string on the forgot-password and set-password links, and checks the email', async () => {
    const { page } = await journey('phone', '/zh-hk/outpatient/login?next=%2Fzh-hk%2Foutpatient');
    const t = TEXT.zh;
    expect(await page.getByRole('link', { name: t.forgot }).getAttribute('href')).toBe(
      '/zh-hk/outpatient/forgot-password?next=%2Fzh-hk%2Foutpatient',
    );
    expect(await page.getByRole('link', { name: t.setPassword }).getAttribute('href')).toBe(
      '/zh-hk/outpatient/set-password?next=%2Fzh-hk%2Foutpatient',
    );
    // Touch targets of 44 px, Chinese lines being shorter than Latin ones.
    for (const name of [t.forgot, t.setPassword]) {
      const box = await page.getByRole('link', { name }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('textbox', { name: t.email }).fill('not-an-email');
    await page.getByRole('textbox', { name: t.password, exact: true }).fill('x');
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.getByText(t.invalidEmail).waitFor();
  });
});

describe.each([
  ['phone', 'en'],
  ['desktop', 'zh'],
] as const)('forgot password on a %s in %s', (viewport, lang) => {
  it('resets through the emailed link (with `requested`) and lands signed in', async () => {
    const t = TEXT[lang];
    const { page } = await journey(viewport);
    const email = uniqueEmail('reset');
    await createUser(page, email, PASSWORD);
    await page.goto(`/${t.prefix}/outpatient/forgot-password`);
    await page.getByRole('textbox', { name: t.email }).fill(email);
    await expectAccessible(page);
    const after = await lastOutboxId(page);
    await page.getByRole('button', { name: t.sendCode }).click();
    await page.getByRole('textbox', { name: t.code }).waitFor();

    const mail = await message(page, email, after);
    const link = /(http:\/\/\S+requested=true)/.exec(mail.body)?.[1];
    expect(link).toContain(`/${t.prefix}/outpatient/forgot-password?email=`);
    // The link opens straight at the code step, without sending another code.
    await page.goto(link!);
    const code = page.getByRole('textbox', { name: t.code });
    await code.waitFor();
    await page.getByText(email).waitFor();
    await code.fill(codeIn(mail));
    await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill('BrandNew2027');
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill('BrandNew2028');
    await page.getByRole('button', { name: t.reset }).click();
    await page.getByText(t.mismatch).waitFor();
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill('BrandNew2027');
    await expectAccessible(page);
    await page.getByRole('button', { name: t.reset }).click();

    await page.waitForURL(`**/${t.prefix}/outpatient/e-card/owner`);
    expect(await me(page)).toMatchObject({ signed_in: true, user: { email } });
    const sent = (await (
      await page.request.get('/dev/outbox', { headers: DEV_CALLER })
    ).json()) as OutboxEntry[];
    expect(sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});

describe.each([
  ['desktop', 'en'],
  ['phone', 'zh'],
] as const)('forgot password by SMS on a %s in %s', (viewport, lang) => {
  it('resets with the SMS code, then signs in with another SMS code (auto-login-mfa)', async () => {
    const t = TEXT[lang];
    const { page } = await journey(viewport);
    const email = uniqueEmail('reset-sms');
    // A Hong Kong mobile number of its own (a verified number belongs to one account).
    const local = String(91231000 + Math.floor(Math.random() * 3000));
    const created = await page.request.post('/dev/identity/users', {
      headers: DEV_CALLER,
      data: { email, password: PASSWORD, phone_number: local },
    });
    expect(created.status()).toBe(200);

    await page.goto(`/${t.prefix}/outpatient/forgot-password`);
    await page.getByRole('textbox', { name: t.email }).fill(email);
    await page.getByRole('radio', { name: t.deliverySms }).check();
    const beforeReset = await lastOutboxId(page);
    await page.getByRole('button', { name: t.sendCode }).click();
    const resetCode = page.getByRole('textbox', { name: t.code });
    await resetCode.waitFor();
    // The same answer for every email: no digit of the phone, and a note saying when no SMS
    // comes (decision 142).
    await page.getByText('+852 ********').waitFor();
    await page.getByText(t.smsNote).waitFor();
    const resetSms = await message(page, `+852${local}`, beforeReset);
    expect(resetSms.channel).toBe('sms');
    await resetCode.fill(codeIn(resetSms));
    await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill('BrandNew2027');
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill('BrandNew2027');
    const beforeSignIn = await lastOutboxId(page);
    await page.getByRole('button', { name: t.reset }).click();

    // The sign-in that follows the reset is challenged: the page asks for the SMS code.
    await page.getByText(`+852 ****${local.slice(-4)}`).waitFor();
    const signInSms = await message(page, `+852${local}`, beforeSignIn);
    await page.getByRole('textbox', { name: t.code }).fill(codeIn(signInSms));
    await expectAccessible(page);
    await page.getByRole('button', { name: t.confirm, exact: true }).click();
    await page.waitForURL(`**/${t.prefix}/outpatient/e-card/owner`);
    expect(await me(page)).toMatchObject({ signed_in: true, user: { email } });
  });
});

describe('first-time password', () => {
  it('sets the password of newmember@example.com with the emailed code and skips the phone', async () => {
    const t = TEXT.en;
    const { page } = await journey('phone', '/en/outpatient/set-password');
    await page.getByRole('textbox', { name: t.email }).fill('newmember@example.com');
    const after = await lastOutboxId(page);
    await page.getByRole('button', { name: t.sendCode }).click();
    const code = page.getByRole('textbox', { name: t.code });
    await code.waitFor();
    await expectAccessible(page);
    await code.fill(codeIn(await message(page, 'newmember@example.com', after)));
    await page.getByRole('button', { name: t.next }).click();
    await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill('FirstTime2026');
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill('FirstTime2026');
    await page.getByRole('button', { name: t.save }).click();
    await page.getByRole('textbox', { name: t.phone }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: t.skip }).click();
    await page.waitForURL('**/en/outpatient/e-card/owner');
    expect(await me(page)).toMatchObject({
      signed_in: true,
      user: { email: 'newmember@example.com' },
    });
  });

  it('sets a first password in Chinese on a desktop and verifies a mobile number', async () => {
    const t = TEXT.zh;
    const { page } = await journey('desktop');
    const email = uniqueEmail('first');
    await createUser(page, email);
    await page.goto('/zh-hk/outpatient/set-password');
    await page.getByRole('textbox', { name: t.email }).fill(email);
    let after = await lastOutboxId(page);
    await page.getByRole('button', { name: t.sendCode }).click();
    const code = page.getByRole('textbox', { name: t.code });
    await code.waitFor();
    await code.fill(codeIn(await message(page, email, after)));
    await page.getByRole('button', { name: t.next }).click();
    await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill('FirstTime2026');
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill('FirstTime2026');
    await page.getByRole('button', { name: t.save }).click();

    // A number in a block libphonenumber knows as mobile (9123 xxxx, like the demo phone).
    const phone = `9123${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
    await page.getByRole('textbox', { name: t.phone }).fill(phone);
    after = await lastOutboxId(page);
    await page.getByRole('button', { name: t.phoneSend }).click();
    const smsCode = page.getByRole('textbox', { name: t.code });
    await smsCode.waitFor();
    await smsCode.fill(codeIn(await message(page, `+852${phone}`, after)));
    await page.getByRole('button', { name: t.phoneConfirm }).click();
    await page.getByRole('button', { name: t.continue }).click();
    await page.waitForURL('**/zh-hk/outpatient/e-card/owner');
    const who = (await (await page.request.get('/identity/me')).json()) as {
      user: { phone_verified: boolean };
    };
    expect(who.user.phone_verified).toBe(true);
  });
});

describe.each([
  ['phone', 'en'],
  ['desktop', 'zh'],
] as const)('sign-out on a %s in %s', (viewport, lang) => {
  it('signs out everywhere and clears every session cookie', async () => {
    const t = TEXT[lang];
    const { page, context } = await journey(
      viewport,
      `/${t.prefix}/outpatient/login?next=%2F${t.prefix}%2Foutpatient%2Faccount`,
    );
    await signInForm(page, t, 'plain@example.com', PASSWORD);
    await page.waitForURL(`**/${t.prefix}/outpatient/account`);
    const before = await context.cookies();
    expect(before.find((c) => c.name === 'cp_access')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    });
    expect(before.find((c) => c.name === 'cp_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/identity',
    });
    expect(before.find((c) => c.name === 'cp_renew')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
    });
    // Page scripts never see the session.
    expect(await page.evaluate(() => document.cookie)).not.toContain('cp_');
    await expectAccessible(page);
    await page.getByRole('button', { name: t.signOut }).click();
    await page.getByText(t.signedOut).waitFor();
    const after = (await context.cookies()).map((c) => c.name);
    expect(after).not.toContain('cp_access');
    expect(after).not.toContain('cp_refresh');
    expect(after).not.toContain('cp_renew');
    expect(await me(page)).toMatchObject({ signed_in: false });
  });
});

describe.each([
  ['desktop', 'en'],
  ['phone', 'zh'],
] as const)('change password on a %s in %s', (viewport, lang) => {
  it('refuses the current password as the new one, then changes it', async () => {
    const t = TEXT[lang];
    const { page } = await journey(viewport);
    const email = uniqueEmail('change');
    await createUser(page, email, PASSWORD);
    await page.goto(`/${t.prefix}/outpatient/login?next=%2F${t.prefix}%2Foutpatient%2Faccount`);
    await signInForm(page, t, email, PASSWORD);
    await page.waitForURL(`**/${t.prefix}/outpatient/account`);
    await page.getByRole('button', { name: t.changePassword }).click();
    await page.getByRole('textbox', { name: t.currentPassword }).fill(PASSWORD);
    await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.changePassword }).click();
    await page.getByText(t.sameAsCurrent).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: t.newPassword, exact: true }).fill('Changed2027x');
    await page.getByRole('textbox', { name: t.confirmPassword, exact: true }).fill('Changed2027x');
    await page.getByRole('button', { name: t.changePassword }).click();
    await page.getByText(t.passwordChanged).waitFor();
    const signIn = await page.request.post('/identity/sign-in', {
      data: { email, password: 'Changed2027x' },
    });
    expect(await signIn.json()).toEqual({ signed_in: true });
  });
});
