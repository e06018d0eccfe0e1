// The portal's documents, account and service requests (issue 20, c20d) for the signed-in
// owner: an invoice's PDF downloads and its text names the invoice; a card added through the card
// form with a test number (the local gateway's test token) becomes the default and the old
// default is deactivated (its policies move to the new one, and one is paid with another card
// and back); the card errors of platform-layer §8 show in the page's language; a service request
// is started and cancelled. Phone and desktop, both languages.
import type { Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  useBrowser,
  VIEWPORTS,
  type Journey,
  type ViewportName,
} from './support/browser';
import { asNewClient } from './support/client-address';
import { allowFailedResponses } from './support/member-look-up';
import { signInOwner, useSession } from './support/owner-session';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const TEXT = {
  en: {
    prefix: 'en',
    invoicesOf: (n: string) => `Invoices of policy ${n}`,
    invoices: 'Invoices',
    // Opened in a new tab, and its name says so (decision 222).
    pdfLink: /^Invoice \d+ \(PDF, opens in a new tab\)$/,
    invoiceTitle: /^Invoice INV-\d{8}$/,
    payments: 'Payment methods',
    openPolicy: (n: string) => `Open policy ${n}`,
    paymentMethod: 'Payment method',
    use: 'Use this method',
    replaced: "This policy's premiums will now be paid with the method you chose.",
    addCard: 'Add a card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVC)',
    holder: 'Name on card',
    save: 'Add card',
    invalidNumber: 'The card number is invalid',
    declined: 'Failed to add credit card, please try again later',
    added: (label: string) => `${label} is added.`,
    makeDefault: (label: string) => `Make default: ${label}`,
    madeDefault: (label: string) => `${label} is now your default payment method.`,
    default: 'Default',
    inactive: 'Inactive',
    deactivate: (label: string) => `Deactivate ${label}`,
    confirm: 'Deactivate',
    deactivated: (label: string) => `${label} is deactivated.`,
    requests: 'Service requests',
    policy: 'Policy',
    type: 'Request',
    identityUpdate: 'Update an identity document',
    documentNumber: 'Document number',
    start: 'Start request',
    started: /^Request (\d+) is started\.$/,
    request: (id: string) => `Request ${id}`,
    cancel: (id: string) => `Cancel request ${id}`,
    cancelAny: /^Cancel request \d+$/,
    cancelled: (id: string) => `Request ${id} is cancelled.`,
    draft: 'Draft',
    cancelledLabel: 'Cancelled',
  },
  zh: {
    prefix: 'zh-hk',
    invoicesOf: (n: string) => `保單 ${n} 的發票`,
    invoices: '發票',
    pdfLink: /^發票 \d+（PDF，於新分頁開啟）$/,
    invoiceTitle: /^發票 INV-\d{8}$/,
    payments: '付款方式',
    openPolicy: (n: string) => `查看保單 ${n}`,
    paymentMethod: '付款方式',
    use: '使用此付款方式',
    replaced: '此保單的保費將以你所選的付款方式繳付。',
    addCard: '新增信用卡',
    cardNumber: '信用卡號碼',
    expiry: '到期日（月/年）',
    cvc: '安全碼（CVC）',
    holder: '持卡人姓名',
    save: '新增信用卡',
    invalidNumber: '信用卡號碼無效',
    declined: '未能新增信用卡，請稍後再試',
    added: (label: string) => `已新增 ${label}。`,
    makeDefault: (label: string) => `設為預設：${label}`,
    madeDefault: (label: string) => `${label} 已成為你的預設付款方式。`,
    default: '預設',
    inactive: '已停用',
    deactivate: (label: string) => `停用 ${label}`,
    confirm: '停用',
    deactivated: (label: string) => `${label} 已停用。`,
    requests: '服務申請',
    policy: '保單',
    type: '申請',
    identityUpdate: '更新身份證明文件',
    documentNumber: '文件號碼',
    start: '提出申請',
    started: /^已提出申請 (\d+)。$/,
    request: (id: string) => `申請 ${id}`,
    cancel: (id: string) => `取消申請 ${id}`,
    cancelAny: /^取消申請 \d+$/,
    cancelled: (id: string) => `申請 ${id} 已取消。`,
    draft: '草稿',
    cancelledLabel: '已取消',
  },
} as const;

/** A different test card for each run (the gateway's test tokens), so each adds a new method. */
const CARDS: Record<string, { number: string; cvc: string; label: string }> = {
  'phone-en': { number: '4000 0566 5566 5556', cvc: '123', label: 'Visa •••• 5556' },
  'phone-zh': { number: '3782 822463 10005', cvc: '1234', label: 'American Express •••• 8431' },
  'desktop-en': { number: '6200 0000 0000 0005', cvc: '123', label: 'UnionPay •••• 0005' },
  'desktop-zh': { number: '3566 0020 2036 0505', cvc: '123', label: 'JCB •••• 0000' },
};

let access = '';
beforeAll(async () => {
  access = await signInOwner();
});

async function signedInJourney(viewport: ViewportName): Promise<Journey> {
  const journey = await open(viewport);
  await asNewClient(journey);
  await useSession(journey.context, access);
  return journey;
}

/** Lets MUI's transitions end (a button fading back from disabled fails the contrast check). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

async function pdfText(bytes: Buffer): Promise<{ title: string; lines: string[] }> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  const meta = await pdf.getMetadata();
  const page = await pdf.getPage(1);
  const lines = (await page.getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .filter((line) => line.trim() !== '');
  await task.destroy();
  return { title: (meta.info as { Title?: string }).Title ?? '', lines };
}

describe.each(viewports)('the owner’s documents, account and requests on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = TEXT[language];

    // One signed-in session through the three sections: each page load and axe scan is seconds
    // of the suite's time on two cores.
    it('downloads an invoice’s PDF, adds a card and swaps the default, pays a policy with another card and back, then starts and cancels a service request', async () => {
      const card = CARDS[`${viewport}-${language}`];
      if (card === undefined) throw new Error('no test card for this run');
      const journey = await signedInJourney(viewport);
      const { page } = journey;
      await page.goto(`/portal/#/${t.prefix}/my-policies`);
      await page.getByRole('link', { name: t.invoicesOf('OP1000001') }).click();
      await page.getByRole('heading', { level: 1, name: t.invoices }).waitFor();
      const first = page.getByRole('article').first();
      await first.getByRole('button').first().click();
      const link = first.getByRole('link', { name: t.pdfLink });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(
        new RegExp(`^/api/customer/invoice/\\d+/document\\?language=${t.prefix}$`),
      );
      // The browser's own request with the page's session cookie, as a download sends it.
      const res = await page.request.get(href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect(res.headers()['content-disposition']).toMatch(/^inline; filename="INV-\d{8}\.pdf"$/);
      const pdf = await pdfText(await res.body());
      expect(pdf.title).toMatch(t.invoiceTitle);
      expect(pdf.lines).toContain(pdf.title);
      expect(pdf.lines.join('\n')).toContain('OP1000001');

      // The customer's payment methods (a hash route: the same page, no reload).
      await page.goto(`/portal/#/${t.prefix}/account/payments`);
      await page.getByRole('heading', { level: 1, name: t.payments }).waitFor();
      const methods = page.getByRole('listitem');
      await methods.first().waitFor();
      const oldDefault = await methods
        .filter({ has: page.getByText(t.default, { exact: true }) })
        .first()
        .getAttribute('aria-label');
      if (oldDefault === null) throw new Error('no default method');
      await expectAccessible(page);

      await page.getByRole('button', { name: t.addCard }).click();
      const form = page.getByRole('form');
      await form.getByRole('textbox', { name: t.cardNumber }).fill('4242 4242 4242 4241');
      await form.getByRole('textbox', { name: t.expiry }).fill('12/30');
      await form.getByRole('textbox', { name: t.cvc }).fill(card.cvc);
      await form.getByRole('textbox', { name: t.holder }).fill('CHAN TAI MAN');
      await form.getByRole('button', { name: t.save }).click();
      await form.getByRole('alert').filter({ hasText: t.invalidNumber }).waitFor();
      // The provider's declined test card: refused by the gateway, nothing added.
      await form.getByRole('textbox', { name: t.cardNumber }).fill('4000 0000 0000 0002');
      await form.getByRole('textbox', { name: t.cvc }).fill('123');
      await form.getByRole('button', { name: t.save }).click();
      await form.getByRole('alert').filter({ hasText: t.declined }).waitFor();
      // The gateway's refusal is the API's 402 answer, which the browser logs.
      allowFailedResponses(journey, [402]);
      await expectAccessible(page);

      await form.getByRole('textbox', { name: t.cardNumber }).fill(card.number);
      await form.getByRole('textbox', { name: t.cvc }).fill(card.cvc);
      await form.getByRole('button', { name: t.save }).click();
      await page.getByText(t.added(card.label)).waitFor();
      const added = page.getByRole('listitem', { name: card.label, exact: true });
      await added.first().waitFor();

      await page.getByRole('button', { name: t.makeDefault(card.label) }).click();
      await page.getByText(t.madeDefault(card.label)).waitFor();
      await added.filter({ has: page.getByText(t.default, { exact: true }) }).waitFor();

      await page.getByRole('button', { name: t.deactivate(oldDefault) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // Checked once its fade-in is over (a half-faded button fails the contrast check).
      await expect
        .poll(() =>
          dialog.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity),
        )
        .toBe('1');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await page.getByText(t.deactivated(oldDefault)).waitFor();
      // Deactivated: no longer offered any action (a test card seeded earlier may share its name).
      await expect
        .poll(() => page.getByRole('button', { name: t.deactivate(oldDefault) }).count())
        .toBe(0);
      await settle(page);
      await expectAccessible(page);

      // The policy paid with the old default now names the new one; then it is paid with
      // another card and back. (Here, not in portal-policies.e2e.ts: these runs are the only
      // ones that change the owner's methods, one after another.)
      await page.goto(`/portal/#/${t.prefix}/my-policies`);
      await page.getByRole('link', { name: t.openPolicy('OP1000001') }).click();
      await page.getByRole('link', { name: t.paymentMethod, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: t.paymentMethod }).waitFor();
      const select = page.getByRole('combobox', { name: t.paymentMethod });
      const current = async () =>
        page
          .getByText(/•••• \d{4}/)
          .first()
          .textContent();
      await expect.poll(current).toBe(card.label);
      for (const option of [
        page.getByRole('option').filter({ hasNotText: card.label }).first(),
        page.getByRole('option', { name: card.label, exact: true }),
      ]) {
        await select.click();
        const chosen = await option.textContent();
        await option.click();
        await page.getByRole('button', { name: t.use }).click();
        await page.getByText(t.replaced).waitFor();
        await expect.poll(current).toBe(chosen);
      }
      await expect.poll(current).toBe(card.label);
      await expectAccessible(page);

      // A service request started and cancelled.
      await page.goto(`/portal/#/${t.prefix}/service-requests`);
      await page.getByRole('heading', { level: 1, name: t.requests }).waitFor();
      // A policy takes one request at a time: cancel what is in progress on OP1000001 first.
      const inProgress = page
        .getByRole('listitem')
        .filter({ hasText: 'OP1000001 ·' })
        .getByRole('button', { name: t.cancelAny });
      await page.getByRole('listitem').first().waitFor();
      while ((await inProgress.count()) > 0) {
        const name = (await inProgress.first().getAttribute('aria-label')) ?? '';
        await inProgress.first().click();
        const id = /\d+/.exec(name)?.[0] ?? '';
        await page.getByText(t.cancelled(id)).waitFor();
      }
      await settle(page);
      await expectAccessible(page);

      await page.getByRole('combobox', { name: t.policy }).click();
      await page.getByRole('option', { name: /^OP1000001/ }).click();
      await page.getByRole('combobox', { name: t.type }).click();
      await page.getByRole('option', { name: t.identityUpdate }).click();
      await page.getByRole('textbox', { name: t.documentNumber }).fill('A1234563');
      await page.getByRole('button', { name: t.start, exact: true }).click();
      const notice = page.getByText(t.started);
      await notice.waitFor();
      const id = t.started.exec((await notice.textContent()) ?? '')?.[1] ?? '';
      const request = page.getByRole('listitem', { name: t.request(id), exact: true });
      await request.getByText(`OP1000001 · ${t.draft}`).waitFor();
      expect(await request.textContent()).not.toContain('A1234563');
      await settle(page);
      await expectAccessible(page);

      await request.getByRole('button', { name: t.cancel(id) }).click();
      await page.getByText(t.cancelled(id)).waitFor();
      await request.getByText(`OP1000001 · ${t.cancelledLabel}`).waitFor();
    });
  });
});
