// The portal's service-request flows (issue 20) on a policy of the journey's own (a fresh
// customer and an in-force outpatient policy made through the server's factories: the demo
// policies other journeys rely on stay as they are; one customer per test): a plan change shows
// the first-year premium before and after and the date it takes effect, and is cancelled; ending
// the policy first shows the retention offer, which the customer declines, then ends the policy
// on a date.
// Phone and desktop, both languages; queried by role and name; axe at each step.
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, factories, FACTORY_PASSWORD } from '@clinicpass/server/test-support';
import {
  expectAccessible,
  useBrowser,
  VIEWPORTS,
  type Journey,
  type ViewportName,
} from './support/browser';
import { asNewClient, newClientAddress } from './support/client-address';
import { useSession } from './support/owner-session';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];
const SECRET_KEY = 'e2e-secret-key-with-at-least-32-characters';
const MONEY = String.raw`HK\$[\d,]+(\.\d+)?`;

const TEXT = {
  en: {
    prefix: 'en',
    heading: 'Service requests',
    policy: 'Policy',
    type: 'Request',
    planChange: 'Change the plan',
    newPlan: 'New plan',
    // Products by their names in the page's language, never their codes (decision 222).
    outpatient: 'Outpatient Plan',
    vhis: 'ClinicPass VHIS Flexi Plan',
    start: 'Start request',
    started: /^Request (\d+) is started\.$/,
    request: (id: string) => `Request ${id}`,
    draft: 'Draft',
    upgrade: 'Upgrade the plan',
    effective: /Takes effect on \d{1,2} \w+ \d{4}/,
    before: new RegExp(`Premium now \\(first year\\): ${MONEY}`),
    after: new RegExp(`Premium after the change \\(first year\\): ${MONEY}`),
    cancel: (id: string) => `Cancel request ${id}`,
    cancelled: (id: string) => `Request ${id} is cancelled.`,
    end: 'End the policy',
    reason: 'Why do you want to end the policy?',
    continue: 'Continue',
    offerTitle: 'Before you go: an offer for you',
    offerBody: /^Stay with us and get: .+\.$/,
    decline: 'No thanks, end my policy',
    endDate: 'End date',
    ended: (number: string) => new RegExp(`^Policy ${number} ends on \\d{1,2} \\w+ \\d{4}\\.$`),
  },
  zh: {
    prefix: 'zh-hk',
    heading: '服務申請',
    policy: '保單',
    type: '申請',
    planChange: '更改計劃',
    newPlan: '新計劃',
    outpatient: '門診計劃',
    vhis: 'ClinicPass 自願醫保靈活計劃',
    start: '提出申請',
    started: /^已提出申請 (\d+)。$/,
    request: (id: string) => `申請 ${id}`,
    draft: '草稿',
    upgrade: '升級計劃',
    effective: /於 \d{4}年\d{1,2}月\d{1,2}日 生效/,
    before: new RegExp(`現時保費（首年）: ${MONEY}`),
    after: new RegExp(`更改後保費（首年）: ${MONEY}`),
    cancel: (id: string) => `取消申請 ${id}`,
    cancelled: (id: string) => `申請 ${id} 已取消。`,
    end: '終止保單',
    reason: '你為何想終止保單？',
    continue: '繼續',
    offerTitle: '離開之前：給你的優惠',
    offerBody: /^繼續投保即可獲得：.+。$/,
    decline: '不用了，終止我的保單',
    endDate: '終止日期',
    ended: (number: string) =>
      new RegExp(`^保單 ${number} 將於 \\d{4}年\\d{1,2}月\\d{1,2}日 終止。$`),
  },
} as const;

let people = 0;

/**
 * A confirmed customer of the journey's own with one in-force outpatient policy (its terms, its
 * policyholder and insured person, born on a date of its own: one in-force policy per insured
 * life), signed in through /identity (no phone: no SMS code). Resolves to the access token and
 * the policy number.
 */
async function customerWithPolicy(): Promise<{ access: string; number: string }> {
  const handle = connectDatabase(inject('databaseUrl'), { max: 1 });
  const run = randomInt(100_000, 999_999);
  const number = `SJ${String(run)}`;
  const email = `requests-${String(run)}@example.com`;
  try {
    const f = factories(handle.db, { secretKey: SECRET_KEY });
    const user = await f.user({ email });
    const product = await f.productByCode('OUTPATIENT-GO');
    const created = await f.policy({
      policyNumber: number,
      productId: product.id,
      ownerUserId: user.id,
      activationDate: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10),
    });
    await f.policyTerms({ policyId: created.id, frequency: 'annual' });
    people += 1;
    const person = {
      firstName: 'Wing',
      lastName: 'Ho',
      chineseFirstName: '詠',
      chineseLastName: '何',
      gender: 'female',
      // Aged 40 to 48 whatever the date: the outpatient plan (HK$4,800) and the plan it changes
      // to (HK$5,200) are priced apart there; aged 30-39 both cost HK$3,600.
      dateOfBirth: `${String(new Date().getFullYear() - 41 - (run % 8))}-0${String(1 + (people % 9))}-1${String(run % 10)}`,
    };
    await f.policyParty({ policyId: created.id, role: 'policyholder', ...person });
    await f.policyParty({
      policyId: created.id,
      role: 'insured-life',
      relationship: 'self',
      ...person,
    });
  } finally {
    await handle.close();
  }
  const response = await fetch(`${inject('baseUrl')}/identity/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-token-delivery': 'body',
      'x-forwarded-for': newClientAddress(),
    },
    body: JSON.stringify({ email, password: FACTORY_PASSWORD }),
  });
  const body = (await response.json()) as { tokens?: { access_token: string } };
  if (body.tokens === undefined) throw new Error(`sign-in failed: ${String(response.status)}`);
  return { access: body.tokens.access_token, number };
}

/** Today in Hong Kong, as a date field takes it. */
const hkToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());

/** Lets MUI's transitions end (a button fading back from disabled fails the contrast check). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

describe.each(viewports)('the portal’s service requests on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = TEXT[language];

    /** A fresh customer with a policy, signed in, on the service requests page. */
    async function requestsPage(): Promise<{ journey: Journey; number: string }> {
      const { access, number } = await customerWithPolicy();
      const journey = await open(viewport);
      await asNewClient(journey);
      await useSession(journey.context, access);
      await journey.page.goto(`/portal/#/${t.prefix}/service-requests`);
      await journey.page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      return { journey, number };
    }

    // One customer's policy through both requests: each fresh customer, page load and axe scan
    // is seconds of the suite's time on two cores.
    it('changes the plan (premium before and after, effective date) and cancels it, then ends the policy past the retention offer', async () => {
      const { journey, number } = await requestsPage();
      const { page } = journey;
      // Only the customer's own policy is offered.
      await page.getByRole('combobox', { name: t.policy }).click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await options.allTextContents()).toEqual([`${number} · ${t.outpatient}`]);
      await page.keyboard.press('Escape');

      // The plan change: the new plan the product offers, started as a draft.
      await choose(page, t.type, t.planChange);
      const newPlan = page.getByRole('combobox', { name: t.newPlan });
      await expect.poll(() => newPlan.textContent()).toBe(t.vhis);
      await settle(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: t.start, exact: true }).click();
      const notice = page.getByText(t.started);
      await notice.waitFor();
      const id = t.started.exec((await notice.textContent()) ?? '')?.[1] ?? '';
      const card = page.getByRole('listitem', { name: t.request(id), exact: true });
      await card.getByText(`${number} · ${t.draft}`).waitFor();
      expect(await card.textContent()).toContain(t.upgrade);
      await card.getByText(t.effective).waitFor();
      await card.getByText(t.before).waitFor();
      await card.getByText(t.after).waitFor();
      const before = /HK\$[\d,.]+/.exec((await card.getByText(t.before).textContent()) ?? '');
      const after = /HK\$[\d,.]+/.exec((await card.getByText(t.after).textContent()) ?? '');
      // Another plan, another premium.
      expect(after?.[0]).not.toBe(before?.[0]);
      await settle(page);
      await expectAccessible(page);

      await card.getByRole('button', { name: t.cancel(id) }).click();
      await page.getByText(t.cancelled(id)).waitFor();
      await card.getByRole('button', { name: t.cancel(id) }).waitFor({ state: 'detached' });

      // The policy takes a new request once the last is cancelled: ending it, with the
      // retention offer declined.
      await choose(page, t.type, t.end);
      await page.getByRole('combobox', { name: t.reason }).waitFor();
      await page.getByRole('button', { name: t.continue, exact: true }).click();
      await page.getByRole('heading', { name: t.offerTitle }).waitFor();
      await page.getByText(t.offerBody).waitFor();
      await settle(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: t.decline }).click();
      const endButton = page.getByRole('button', { name: t.end, exact: true });
      expect(await endButton.isDisabled()).toBe(true);
      await page.getByLabel(t.endDate).fill(hkToday());
      await endButton.click();
      await page.getByText(t.ended(number)).waitFor();
      await settle(page);
      await expectAccessible(page);
      expect(journey.problems).toEqual([]);
    });
  });
});
