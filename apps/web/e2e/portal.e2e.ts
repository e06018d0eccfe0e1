// The policy owner's portal (issue 20): `/portal/#/{lang}/…`, served by this app. The owner signs
// in from Manage Membership (password + SMS code) and lands back in the portal; sees their
// policies; opens a policy's invoices (filter, pages); a customer sees only their own policies;
// the language switch keeps the hash route. Phone and desktop, both languages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  useBrowser,
  VIEWPORTS,
  type Journey,
  type ViewportName,
} from './support/browser';
import {
  allowFailedResponses,
  clientAddresses,
  DEMO_MEMBERS,
  LOOK_UP_TEXTS,
  lookUpMember,
} from './support/member-look-up';
import { withOwnerSms } from './support/owner-sms';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];
const asNewClient = clientAddresses((n) => `198.19.${Math.floor(Math.random() * 250)}.${n % 250}`);
const PASSWORD = 'ClinicPass2026';

const TEXT = {
  en: {
    prefix: 'en',
    lookUp: LOOK_UP_TEXTS.en,
    membershipTab: 'Manage Membership',
    portalLink: 'Log in to the account portal',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    code: '6-digit verification code',
    confirm: 'Confirm',
    myPolicies: 'My policies',
    policyNumber: (n: string) => `Policy number ${n}`,
    invoicesOf: (n: string) => `Invoices of policy ${n}`,
    invoices: 'Invoices',
    otherLanguage: '繁體中文',
    otherHeading: '我的保單',
    signOut: 'Sign out',
  },
  zh: {
    prefix: 'zh-hk',
    lookUp: LOOK_UP_TEXTS.zh,
    membershipTab: '管理會籍',
    portalLink: '登入帳戶網站',
    email: '電郵',
    password: '密碼',
    signIn: '登入',
    code: '6 位數字驗證碼',
    confirm: '確認',
    myPolicies: '我的保單',
    policyNumber: (n: string) => `保單編號 ${n}`,
    invoicesOf: (n: string) => `保單 ${n} 的發票`,
    invoices: '發票',
    otherLanguage: 'English',
    otherHeading: 'My policies',
    signOut: '登出',
  },
} as const;
type Texts = (typeof TEXT)['en' | 'zh'];

interface OutboxEntry {
  id: number;
  to: string;
  body: string;
}

async function outbox(page: Page): Promise<OutboxEntry[]> {
  return (await (await page.request.get('/dev/outbox')).json()) as OutboxEntry[];
}

/** Signs in on the member app's sign-in page; the owner's SMS code is read from the outbox. */
async function signIn(page: Page, t: Texts, email: string, withSms: boolean) {
  await page.getByRole('textbox', { name: t.email }).fill(email);
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(PASSWORD);
  if (!withSms) {
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    return;
  }
  await withOwnerSms(async () => {
    const before = (await outbox(page))[0]?.id ?? 0;
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    const codeField = page.getByRole('textbox', { name: t.code });
    await codeField.waitFor();
    let code: string | undefined;
    await expect
      .poll(async () => {
        const sms = (await outbox(page)).find((m) => m.to === '+85291234567' && m.id > before);
        code = sms === undefined ? undefined : /\b(\d{6})\b/.exec(sms.body)?.[1];
        return code !== undefined;
      })
      .toBe(true);
    await codeField.fill(code ?? '');
  });
  await page.getByRole('button', { name: t.confirm, exact: true }).click();
}

async function policyCards(page: Page): Promise<string[]> {
  const region = page.getByRole('region', {
    name: (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
  });
  await region.getByRole('article').first().waitFor();
  return region.getByRole('article').evaluateAll((cards) => cards.map((card) => card.textContent));
}

describe.each(viewports)('the account portal on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = TEXT[language];

    it('signs the owner in from Manage Membership and lands on their policies', async () => {
      const journey: Journey = await open(viewport);
      await asNewClient(journey);
      const { page } = journey;
      await lookUpMember(
        page,
        t.lookUp,
        DEMO_MEMBERS.workingCard.hkid,
        DEMO_MEMBERS.workingCard.phone,
      );
      await page.getByRole('heading', { level: 1, name: t.lookUp.qrHeading }).waitFor();
      await page.getByRole('link', { name: t.membershipTab }).click();
      await page.getByRole('heading', { level: 1, name: t.membershipTab }).waitFor();
      await page.getByRole('link', { name: t.portalLink }).click();

      // Not signed in: the member app's sign-in, whose `next` carries the hash route (%23).
      await page.waitForURL((url) => url.pathname === `/${t.prefix}/outpatient/login`);
      expect(new URL(page.url()).search).toBe(`?next=%2Fportal%2F%23%2F${t.prefix}%2Fmy-policies`);
      await signIn(page, t, 'owner@example.com', true);

      await page.waitForURL(
        (url) => url.pathname === '/portal/' && url.hash === `#/${t.prefix}/my-policies`,
      );
      await page.getByRole('heading', { level: 1, name: t.myPolicies }).waitFor();
      const cards = await policyCards(page);
      expect(cards.some((card) => card.includes(t.policyNumber('OP1000001')))).toBe(true);
      expect(cards.some((card) => card.includes(t.policyNumber('OP1000002')))).toBe(true);
      await expectAccessible(page);

      // The language switch keeps the hash route.
      await page.getByRole('link', { name: t.otherLanguage }).click();
      await page.getByRole('heading', { level: 1, name: t.otherHeading }).waitFor();
      const other = language === 'en' ? 'zh-hk' : 'en';
      expect(new URL(page.url()).hash).toBe(`#/${other}/my-policies`);
      allowFailedResponses(journey, [401]);
    });

    it('shows plain@example.com only VH1000003', async () => {
      const journey = await open(viewport);
      await asNewClient(journey);
      const { page } = journey;
      await page.goto(`/portal/#/${t.prefix}/my-policies`);
      await page.waitForURL((url) => url.pathname === `/${t.prefix}/outpatient/login`);
      await signIn(page, t, 'plain@example.com', false);
      await page.waitForURL((url) => url.pathname === '/portal/');
      await page.getByRole('heading', { level: 1, name: t.myPolicies }).waitFor();
      const cards = await policyCards(page);
      expect(cards).toHaveLength(1);
      expect(cards[0]).toContain(t.policyNumber('VH1000003'));
      await expectAccessible(page);
      allowFailedResponses(journey, [401]);
    });
  });
});
