// The policy owner's portal (issue 20): `/portal/#/{lang}/…`, served by this app. The owner signs
// in from Manage Membership (password + SMS code) and lands back in the portal; sees their
// policies; opens a policy's invoices (filter, pages); a customer sees only their own policies;
// the language switch keeps the hash route. Phone and desktop, both languages.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  useBrowser,
  VIEWPORTS,
  type Journey,
  type ViewportName,
} from './support/browser';
import { asNewClient, DEV_CALLER } from './support/client-address';
import {
  allowFailedResponses,
  DEMO_MEMBERS,
  LOOK_UP_TEXTS,
  lookUpMember,
} from './support/member-look-up';
import { withOwnerSms } from './support/owner-sms';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];
const PASSWORD = 'ClinicPass2026';

/** What the outside prober of issue 20 found on VH1000003's pages, as they should read. */
const ISSUE_20_PROBE = {
  en: {
    nav: 'Account portal',
    manage: 'Manage this policy',
    vhis: 'ClinicPass VHIS Flexi Plan',
    openPolicy: 'Open policy VH1000003',
    details: 'Details',
    benefits: 'Benefits and claim balance',
    surgeon: 'Surgeon’s fee (complex)',
    perSurgery: 'HK$65,000 per surgery',
    surgeryUsed: '1 surgery',
    history: 'History',
    certificate: 'VHIS premium certificate (PDF, opens in a new tab)',
    taxReports: 'Tax reports',
    statement: /^Premium statement \d{4}\/\d{2} \(to date\) \(PDF, opens in a new tab\)$/,
    notFound: 'Not Found',
  },
  zh: {
    nav: '帳戶網站',
    manage: '管理此保單',
    vhis: 'ClinicPass 自願醫保靈活計劃',
    openPolicy: '查看保單 VH1000003',
    details: '詳情',
    benefits: '保障項目及索償餘額',
    surgeon: '外科醫生費（複雜）',
    perSurgery: '每次手術 HK$65,000',
    surgeryUsed: '1 次手術',
    history: '記錄',
    certificate: '自願醫保保費證明書（PDF，於新分頁開啟）',
    taxReports: '稅務報告',
    statement: /^\d{4}\/\d{2} 年度保費結單（截至今日）（PDF，於新分頁開啟）$/,
    notFound: '找不到頁面',
  },
} as const;

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
    ...ISSUE_20_PROBE.en,
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
    ...ISSUE_20_PROBE.zh,
  },
} as const;
type Texts = (typeof TEXT)['en' | 'zh'];

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

/** How many lines a link's text takes. */
function lineCount(link: Locator): Promise<number> {
  return link.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.querySelector('[lang]') ?? element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** The links of a navigation that are not wholly on the screen. */
function outOfSight(nav: Locator): Promise<string[]> {
  return nav.evaluate((element) =>
    [...element.querySelectorAll('a')]
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth;
      })
      .map((link) => link.textContent),
  );
}

/** The figures drawn in a region (table cells, terms and values), and those not inside its box. */
function figuresOutside(region: Locator): Promise<{ shown: number; outside: string[] }> {
  return region.evaluate((element) => {
    const card = element.getBoundingClientRect();
    const shown = [...element.querySelectorAll('th, td, dt, dd')].filter(
      (cell) => cell.getClientRects().length > 0,
    );
    return {
      shown: shown.length,
      outside: shown
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          return box.left < card.left - 0.5 || box.right > card.right + 0.5;
        })
        .map((cell) => cell.textContent),
    };
  });
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
      // The product by its name in the page's language (issue 20's prober: English on zh pages).
      expect(cards[0]).toContain(t.vhis);
      await expectAccessible(page);

      // The bar on a phone: the language link on one line, every navigation link in sight.
      expect(await lineCount(page.getByRole('link', { name: t.otherLanguage }))).toBe(1);
      expect(await outOfSight(page.getByRole('navigation', { name: t.nav }))).toEqual([]);

      // The policy's own page is named for the product, in the page's language.
      await page.getByRole('link', { name: t.openPolicy }).click();
      await page.getByRole('heading', { level: 1, name: t.vhis }).waitFor();
      expect(await page.title()).toContain(t.vhis);
      const id = /\/p\/(\d+)$/.exec(new URL(page.url()).hash)?.[1] ?? '';

      // Its benefits fit the card on a phone; the surgeon's fee is money per surgery.
      await page.getByRole('link', { name: t.details, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t.details }).waitFor();
      const benefits = page.getByRole('region', { name: t.benefits });
      await benefits.getByText(t.surgeon).filter({ visible: true }).waitFor();
      const figures = await figuresOutside(benefits);
      expect(figures.shown).toBeGreaterThanOrEqual(16);
      expect(figures.outside).toEqual([]);
      const surgeon = await benefits.evaluate(
        (region, name) =>
          [...region.querySelectorAll('li, tr')]
            .filter((row) => row.getClientRects().length > 0)
            .find((row) => row.textContent.startsWith(name))?.textContent ?? '',
        t.surgeon,
      );
      expect(surgeon).toContain(t.perSurgery);
      expect(surgeon).toContain(t.surgeryUsed);
      expect(surgeon).not.toContain('64,999');
      expect(await outOfSight(page.getByRole('navigation', { name: t.manage }))).toEqual([]);
      await expectAccessible(page);

      // Documents by their names in the page's language, opened in a new tab.
      await page.getByRole('link', { name: t.history, exact: true }).click();
      const certificate = page.getByRole('link', { name: t.certificate });
      await certificate.waitFor();
      expect(await certificate.getAttribute('target')).toBe('_blank');
      await page.getByRole('link', { name: t.taxReports, exact: true }).click();
      await page.getByRole('link', { name: t.statement }).waitFor();
      await expectAccessible(page);

      // An unknown section is one Not Found page; an unknown language is replaced.
      await page.goto(`/portal/#/${t.prefix}/manage/p/${id}/nosuch`);
      await page.getByRole('heading', { level: 1, name: t.notFound }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.goto('/portal/#/fr/my-policies');
      await page.waitForURL((url) => /^#\/(en|zh-hk)\/my-policies$/.test(url.hash));
      await page.getByRole('heading', { level: 1, name: /^(My policies|我的保單)$/ }).waitFor();
      allowFailedResponses(journey, [401]);
    });
  });
});
