// Member card journeys (issue 4): the look-up without sign-in, the QR page, error banner,
// body-check status, the four tabs, `/e-card` redirect; phone and desktop, both languages.
import { describe, expect, it } from 'vitest';
import {
  compiledInBrowser,
  expectAccessible,
  useBrowser,
  VIEWPORTS,
  type Journey,
  type ViewportName,
} from './support/browser';
import { asNewClient } from './support/client-address';
import {
  allowFailedResponses,
  DEMO_MEMBERS,
  fillLookUp,
  LOOK_UP_TEXTS,
  lookUpMember,
} from './support/member-look-up';

const open = useBrowser();
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

const TEXTS = {
  en: {
    ...LOOK_UP_TEXTS.en,
    numbers: ['Consultation Number', 'Payment Number', 'Body Check Number'],
    noMatch:
      'We could not find a membership with this ID number and phone number. Please check them and try again.',
    hkidError: 'Please enter a valid HKID number',
    phoneError: 'Please enter a valid Hong Kong phone number',
    tabs: {
      bodyCheck: 'Body Check',
      qr: 'QR Code',
      doctor: 'Search Doctor',
      membership: 'Manage Membership',
    },
    notEffective: 'Not effective',
    effective: 'Effective',
    remark:
      "Remark: these QR codes apply only to the network's doctors (general practitioners, Chinese medicine practitioners).",
    rule: 'the first body check is available from 90 days after activation',
  },
  zh: {
    ...LOOK_UP_TEXTS.zh,
    numbers: ['診症編號', '付款編號', '身體檢查編號'],
    noMatch: '找不到與此身份證號碼及電話號碼相符的會籍。請檢查後再試。',
    hkidError: '請輸入有效的香港身份證號碼',
    phoneError: '請輸入有效的香港電話號碼',
    tabs: { bodyCheck: '身體檢查', qr: '二維碼', doctor: '搜尋醫生', membership: '管理會籍' },
    notEffective: '未生效',
    effective: '已生效',
    remark: '備註：此二維碼只適用於網絡醫生（普通科醫生、中醫師）。',
    rule: '首次身體檢查於計劃生效3個月後可用',
  },
} as const;

function lookUp(journey: Journey, texts: (typeof TEXTS)['en' | 'zh'], hkid: string, phone: string) {
  return lookUpMember(journey.page, texts, hkid, phone);
}

describe.each(viewports)('member card on a %s', (viewport) => {
  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const texts = TEXTS[language];

    // One journey per member from the form on: each look-up and page load is seconds of the
    // suite's time on two cores, so the steps that start from the same card share it.
    it('takes a signed-out visitor of /e-card to the form, then to the three QR codes and the four tabs', async () => {
      const journey = await open(viewport);
      await asNewClient(journey);
      const { page } = journey;
      await page.goto(`/${texts.prefix}/outpatient/e-card`);
      await page.waitForURL(`**/${texts.prefix}/outpatient/e-card/member`);
      await page.getByRole('heading', { level: 1, name: texts.heading }).waitFor();
      await expectAccessible(page);
      // Every label is shown whole: none cut with an ellipsis, required mark included.
      const cut = await page
        .locator('main label')
        .evaluateAll((labels) =>
          labels
            .filter((label) => label.scrollWidth > label.clientWidth)
            .map((label) => label.textContent),
        );
      expect(cut).toEqual([]);
      await fillLookUp(page, texts, DEMO_MEMBERS.workingCard.hkid, '9123 4567');
      await page.getByRole('button', { name: texts.submit }).click();
      await page.getByRole('heading', { level: 1, name: texts.qrHeading }).waitFor();
      for (const [index, heading] of texts.cards.entries()) {
        const card = page.getByRole('article', { name: heading });
        await card.getByRole('img').waitFor();
        await card.getByText(texts.numbers[index] ?? '', { exact: true }).waitFor();
        const box = await card.boundingBox();
        expect(box?.width).toBe(220);
        // The number stands on one line, inside the card.
        const number = card.getByTestId('ticket-number');
        expect(await number.textContent()).toMatch(/^[\d•]{4}( [\d•]{4}){3}$/);
        const numberBox = await number.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return { lines: lines.size, right: range.getBoundingClientRect().right };
        });
        expect(numberBox.lines).toBe(1);
        expect(numberBox.right).toBeLessThanOrEqual((box?.x ?? 0) + 220);
      }
      await page.getByText(texts.remark, { exact: true }).waitFor();
      // The HKID and phone are not kept on the device; the view token is, in session storage.
      const stored = await page.evaluate(() =>
        [sessionStorage, localStorage]
          .flatMap((storage) =>
            Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
          )
          .join('\n'),
      );
      expect(stored).not.toMatch(/A123456|91234567|9123 4567/);
      expect(stored).toContain('member-view-token');
      await expectAccessible(page);

      const nav = page.getByRole('navigation', {
        name: language === 'en' ? 'Member card' : '會員卡',
      });
      expect(await nav.getByRole('link').allTextContents()).toEqual(Object.values(texts.tabs));

      await nav.getByRole('link', { name: texts.tabs.bodyCheck }).click();
      await page.getByRole('heading', { level: 1, name: texts.tabs.bodyCheck }).waitFor();
      expect(await page.getByTestId('body-check-status').textContent()).toBe(texts.effective);
      await expectAccessible(page);

      await nav.getByRole('link', { name: texts.tabs.doctor }).click();
      await page.getByRole('heading', { level: 1, name: texts.tabs.doctor }).waitFor();
      const finderLink = page
        .getByRole('link', { name: language === 'en' ? 'General Practitioner' : '普通科醫生' })
        .first();
      expect(await finderLink.getAttribute('href')).toMatch(
        new RegExp(
          `^/${texts.prefix}/outpatient/doctor-list/outpatient/OP1000001\\?services=\\d+$`,
        ),
      );
      await expectAccessible(page);

      await nav.getByRole('link', { name: texts.tabs.membership }).click();
      await page.getByRole('heading', { level: 1, name: texts.tabs.membership }).waitFor();
      expect(await page.getByTestId('membership-number').textContent()).toBe('CP-0001-0001');
      await expectAccessible(page);

      await nav.getByRole('link', { name: texts.tabs.qr }).click();
      await page.getByRole('heading', { level: 1, name: texts.qrHeading }).waitFor();
      expect(
        await nav.getByRole('link', { name: texts.tabs.qr }).getAttribute('aria-current'),
      ).toBe('page');

      // Opened again at the counter: the QR page's own shell, with the page's CSS (decision
      // 233): the browser compiles none of its rules as the app draws the cards.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: texts.qrHeading }).waitFor();
      await page.getByRole('article', { name: texts.cards[0] }).getByRole('img').waitFor();
      expect(await compiledInBrowser(page)).toEqual([]);
      allowFailedResponses(journey, [401, 404]);
    });

    it('shows field messages for bad input, even with the rules late and the button held down, and the error banner for a wrong phone, then a member whose body check is not due', async () => {
      const journey = await open(viewport, { serviceWorkers: 'block' });
      await asNewClient(journey);
      const { page } = journey;
      // The rules (a chunk fetched as the form is first used) arrive only once both fields are
      // filled in: the HKID, left before they came, is still checked.
      let rulesAsked = false;
      let sendRules = () => {};
      const rulesSent = new Promise<void>((resolve) => (sendRules = resolve));
      await page.route(/\/assets\/member-form-schema-[\w-]+\.js$/, async (route) => {
        rulesAsked = true;
        await rulesSent;
        await route.continue();
      });
      await page.goto(`/${texts.prefix}/outpatient/e-card/member`);
      await fillLookUp(page, texts, 'A123456(4)', '1234');
      expect(rulesAsked).toBe(true);
      sendRules();
      await page.getByText(texts.hkidError).waitFor();
      // A press on the button held as a person holds it: the phone's message, due as the press
      // takes the focus, would push the button from under the pointer before the release and
      // the click would be lost. It waits for the release; the form is sent, which focuses the
      // first wrong field.
      const button = page.getByRole('button', { name: texts.submit });
      await button.scrollIntoViewIfNeeded();
      const before = await button.boundingBox();
      if (before === null) throw new Error('the submit button has no box');
      await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(300);
      expect(await button.boundingBox()).toEqual(before);
      await page.mouse.up();
      await page.getByText(texts.phoneError).waitFor();
      const hkidField = page.getByRole('textbox', { name: texts.hkid });
      await expect
        .poll(() => hkidField.evaluate((field) => field === document.activeElement))
        .toBe(true);
      await page
        .getByRole('textbox', { name: texts.hkid })
        .fill(language === 'en' ? 'A123456(3)' : 'G123456(A)');
      await page.getByRole('textbox', { name: texts.phone }).fill('98765432');
      await page.getByRole('button', { name: texts.submit }).click();
      const banner = page.getByRole('alert').filter({ hasText: texts.noMatch });
      await banner.waitFor();
      await expectAccessible(page);
      // Errors stay in the banner for 5000 ms.
      await banner.waitFor({ state: 'detached', timeout: 8000 });
      await fillLookUp(
        page,
        texts,
        DEMO_MEMBERS.bodyCheckNotDue.hkid,
        DEMO_MEMBERS.bodyCheckNotDue.phone,
      );
      await page.getByRole('button', { name: texts.submit }).click();
      await page.getByRole('heading', { level: 1, name: texts.qrHeading }).waitFor();
      const bodyCheckCard = page.getByRole('article', { name: texts.cards[2] });
      expect(await bodyCheckCard.getAttribute('aria-disabled')).toBe('true');
      await page.getByRole('navigation').getByRole('link', { name: texts.tabs.bodyCheck }).click();
      await page.getByRole('heading', { level: 1, name: texts.tabs.bodyCheck }).waitFor();
      expect(await page.getByTestId('body-check-status').textContent()).toBe(texts.notEffective);
      await page.getByText(texts.rule, { exact: false }).waitFor();
      await expectAccessible(page);
      allowFailedResponses(journey, [404]);
    });
  });

  it("shares the card as a link that opens one member's card", async () => {
    const journey = await open(viewport);
    await asNewClient(journey);
    const { page, context } = journey;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await lookUp(journey, TEXTS.en, DEMO_MEMBERS.workingCard.hkid, DEMO_MEMBERS.workingCard.phone);
    await page.getByRole('heading', { level: 1, name: TEXTS.en.qrHeading }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Body Check' }).click();
    // Chromium on Linux has no Web Share: the link is copied instead.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Link copied. It works for 7 days.' })
      .waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/en\/outpatient\/e-card\/shared#t=[A-Za-z0-9_-]{32}$/);
    const shared = await context.newPage();
    await shared.goto(link);
    await shared.getByRole('heading', { level: 1, name: 'Member card' }).waitFor();
    await shared.getByRole('heading', { level: 2, name: 'Chan Tai Man' }).waitFor();
    await shared
      .getByRole('article', { name: 'Present BEFORE consultation' })
      .getByRole('img')
      .waitFor();
    expect(await shared.getByText('A123456').count()).toBe(0);
    await expectAccessible(shared);
  });

  it('leads signed-out visitors of the owner and member pages to sign-in or the form, and unknown addresses to Not Found', async () => {
    const journey = await open(viewport);
    const { page } = journey;
    await page.goto('/zh-hk/outpatient/e-card/owner');
    await page.waitForURL(
      /\/zh-hk\/outpatient\/login\?next=%2Fzh-hk%2Foutpatient%2Fe-card%2Fowner$/,
    );

    // The member pages without a member view token go back to the form.
    await page.goto('/en/outpatient/e-card/member/qr');
    await page.waitForURL('**/en/outpatient/e-card/member');
    await page
      .getByText('For your privacy the member card closes after 30 minutes.', { exact: false })
      .waitFor();

    // An unknown outpatient address: Not Found, linking back to the sub-app.
    await page.goto('/en/outpatient/no-such-page');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to homepage' }).getAttribute('href')).toBe(
      '/en/outpatient',
    );
    allowFailedResponses(journey, [401, 404]);
  });
});
