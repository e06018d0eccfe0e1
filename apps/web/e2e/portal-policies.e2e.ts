// The portal's policy screens (issue 20) for the signed-in owner: a policy's details (coverage,
// benefits, members with their QR cards) and its invoices (filter by status, pages, lines and
// payments). Phone and desktop, both languages.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { asNewClient } from './support/client-address';
import { signInOwner, useSession } from './support/owner-session';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const TEXT = {
  en: {
    prefix: 'en',
    myPolicies: 'My policies',
    openPolicy: (n: string) => `Open policy ${n}`,
    invoicesOf: (n: string) => `Invoices of policy ${n}`,
    invoices: 'Invoices',
    details: 'Details',
    coverage: 'Coverage',
    benefits: 'Benefits and claim balance',
    // The general practitioner's yearly limit, counted in the page's language.
    gpLimit: '24 visits',
    members: 'Members and their cards',
    before: 'Present BEFORE consultation',
    showing: (from: number, to: number, total: number) => `Invoices ${from}–${to} of ${total}`,
    page2: 'Go to page 2',
    pagination: 'Pages of invoices',
    pdf: /^Invoice \d+ \(PDF, opens in a new tab\)$/,
    status: 'Status',
    paid: 'Paid',
    lines: 'Lines',
    basic: 'Basic premium',
    payments: 'Payments',
    sections: ['Payment method', 'History', 'Tax reports', 'Renewal', 'Visit records'],
  },
  zh: {
    prefix: 'zh-hk',
    myPolicies: '我的保單',
    openPolicy: (n: string) => `查看保單 ${n}`,
    invoicesOf: (n: string) => `保單 ${n} 的發票`,
    invoices: '發票',
    details: '詳情',
    coverage: '保障',
    benefits: '保障項目及索償餘額',
    gpLimit: '24 次',
    members: '會員及會員卡',
    before: '應診前出示',
    showing: (from: number, to: number, total: number) => `第 ${from}–${to} 張發票，共 ${total} 張`,
    page2: '前往第 2 頁',
    pagination: '發票分頁',
    pdf: /^發票 \d+（PDF，於新分頁開啟）$/,
    status: '狀態',
    paid: '已付款',
    lines: '項目',
    basic: '基本保費',
    payments: '付款',
    sections: ['付款方式', '記錄', '稅務報告', '續保', '診症記錄'],
  },
} as const;

let access = '';
beforeAll(async () => {
  access = await signInOwner();
});

async function signedIn(viewport: ViewportName): Promise<Page> {
  const journey = await open(viewport);
  await asNewClient(journey);
  await useSession(journey.context, access);
  return journey.page;
}

describe.each(viewports)('the owner’s policy screens on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = TEXT[language];

    // One signed-in session through the policy's screens: each page load and axe scan is
    // seconds of the suite's time on two cores.
    it('opens a policy’s details, its invoices a page at a time, and every other section', async () => {
      const page = await signedIn(viewport);
      await page.goto(`/portal/#/${t.prefix}/my-policies`);
      await page.getByRole('link', { name: t.openPolicy('OP1000001') }).click();
      await page.getByRole('link', { name: t.details }).click();
      await page.getByRole('heading', { level: 1, name: t.details }).waitFor();
      await page.getByRole('region', { name: t.coverage }).getByText(/HK\$/).first().waitFor();
      // A table on a desktop, a block per benefit on a phone (decision 222).
      const benefits = page.getByRole(viewport === 'phone' ? 'list' : 'table', {
        name: t.benefits,
      });
      await benefits.getByText(t.gpLimit, { exact: true }).first().waitFor();
      // No unit left as its English code (visit, check) on the Chinese page.
      if (language === 'zh') expect(await benefits.textContent()).not.toMatch(/visit|check/);
      const members = page.getByRole('region', { name: t.members });
      await members.getByRole('article', { name: t.before }).getByRole('img').waitFor();
      expect(new URL(page.url()).hash).toMatch(new RegExp(`^#/${t.prefix}/manage/p/\\d+/details$`));
      // Nothing wider than the screen (a 360 px phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );
      await expectAccessible(page);

      // The invoices, a page at a time, filtered by status.
      await page.goto(`/portal/#/${t.prefix}/my-policies`);
      await page.getByRole('link', { name: t.invoicesOf('OP1000001') }).click();
      await page.getByRole('heading', { level: 1, name: t.invoices }).waitFor();
      const status = page.getByRole('status').filter({ hasText: /\d/ });
      await expect.poll(() => status.textContent()).toBe(t.showing(1, 4, 5));
      // Newest due date first.
      const dues = await page
        .getByRole('article')
        .evaluateAll((items) => items.map((item) => item.textContent));
      expect(dues).toHaveLength(4);
      await expectAccessible(page);

      await page
        .getByRole('navigation', { name: t.pagination })
        .getByRole('button', { name: t.page2 })
        .click();
      await expect.poll(() => status.textContent()).toBe(t.showing(5, 5, 5));
      expect(await page.getByRole('article').count()).toBe(1);

      await page.getByRole('combobox', { name: t.status }).click();
      await page.getByRole('option', { name: t.paid, exact: true }).click();
      await expect.poll(() => status.textContent()).toBe(t.showing(1, 2, 2));
      expect(new URL(page.url()).hash).toContain('status=paid');
      const first = page.getByRole('article').first();
      await first.getByRole('button').first().click();
      await first.getByRole('heading', { name: t.lines, exact: true }).waitFor();
      await first.getByText(t.basic).waitFor();
      await first.getByRole('heading', { name: t.payments, exact: true }).waitFor();
      // The invoice's PDF opens in a new tab, and says so.
      expect(await first.getByRole('link', { name: t.pdf }).getAttribute('target')).toBe('_blank');
      await expectAccessible(page);

      // Every other section. (Paying with another card is portal-account.e2e.ts's: the journeys
      // run side by side on the same owner, and that one deactivates the default method.)
      await page.goto(`/portal/#/${t.prefix}/my-policies`);
      await page.getByRole('link', { name: t.openPolicy('OP1000001') }).click();
      for (const section of t.sections) {
        await page.getByRole('link', { name: section, exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: section }).waitFor();
        await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
        await expectAccessible(page);
      }
    });
  });
});
