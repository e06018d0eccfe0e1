// The clinic side (issue 18), two browser contexts in both languages: the member looks up their
// card on a phone; a clinic staff member signs in on a tablet, types the consultation number
// (visit opened), then the payment number (visit closed with an amount: above the member price
// refused first); the member's QR page, reloaded, counts the visit; the body-check QR, read from
// a picture of the code the app rendered (the screen's own decoder: jsQR, as Linux Chromium has
// no BarcodeDetector), turns the member's body check to used with the next date.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, type Journey } from './support/browser';
import { asNewClient } from './support/client-address';
import {
  CLINIC_TEXTS,
  freshMemberAndClinicUser,
  openMemberCard,
  qrPicture,
  signInClinicUser,
} from './support/clinic';

const open = useBrowser();

type Texts = (typeof CLINIC_TEXTS)['en' | 'zh'];

/** The number printed on the member's ticket card named `heading`. */
async function ticketNumber(page: Page, heading: string): Promise<string> {
  const text = await page
    .getByRole('article', { name: heading })
    .getByTestId('ticket-number')
    .textContent();
  expect(text).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  return text ?? '';
}

/** Types a number (grouped with dashes, as a counter might) and checks it. */
async function checkNumber(page: Page, t: Texts, number: string) {
  const another = page.getByRole('button', { name: t.another });
  if (await another.isVisible()) await another.click();
  await page.getByRole('textbox', { name: t.number }).fill(number.replaceAll(' ', '-'));
  await page.getByRole('button', { name: t.check, exact: true }).click();
  await page.getByTestId('clinic-outcome').getByText(t.valid, { exact: true }).waitFor();
}

async function usageVisits(member: Journey): Promise<string> {
  return (await member.page.getByTestId('usage-visits').textContent()) ?? '';
}

describe.each(['en', 'zh'] as const)('the clinic counter in %s', (language) => {
  const t = CLINIC_TEXTS[language];

  it('opens and closes a visit by number, records the body check from its QR picture, and the member sees it', async () => {
    const { member: fresh, clinicUser, venues } = await freshMemberAndClinicUser();
    const name = (venue: { nameEn: string; nameZh: string }) =>
      language === 'en' ? venue.nameEn : venue.nameZh;

    // The member, on a phone: their card and its three QR codes.
    const member = await open('phone');
    await asNewClient(member);
    await openMemberCard(member, t, fresh);
    const [visitNumber, paymentNumber] = [
      await ticketNumber(member.page, t.cards[0]),
      await ticketNumber(member.page, t.cards[1]),
    ];
    const before = await usageVisits(member);
    expect(before).toMatch(/^0\b/);

    // The clinic user, on a tablet-sized screen: sent to sign in, and back to the counter.
    const clinic = await open('desktop');
    await asNewClient(clinic);
    const { page } = clinic;
    await page.goto(`/${t.prefix}/clinic`);
    await page.waitForURL(`**/${t.prefix}/outpatient/login?next=*`);
    await signInClinicUser(page, t, clinicUser);
    await page.waitForURL(`**/${t.prefix}/clinic`);
    await page.getByRole('heading', { level: 1, name: t.clinicHeading }).waitFor();
    // Bound to two venues: the staff member says where they are today.
    const venuePicker = page.getByRole('combobox', { name: t.venue });
    await venuePicker.selectOption({ label: name(venues.clinic) });
    await page.getByTestId('clinic-venue').getByText(name(venues.clinic)).waitFor();
    await expectAccessible(page);

    // A mistyped number is refused before anything is sent.
    await page.getByRole('textbox', { name: t.number }).fill('1234 5678');
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await page.getByText(t.numberTooShort).waitFor();

    // Before consultation: the consultation number opens the visit.
    await checkNumber(page, t, visitNumber);
    await expectAccessible(page);
    await page.getByRole('button', { name: t.open }).click();
    await expect.poll(() => page.getByTestId('clinic-step-done').textContent()).toMatch(t.opened);

    // After consultation: the payment number closes it with the amount charged.
    await checkNumber(page, t, paymentNumber);
    const service = page.getByRole('combobox', { name: t.service });
    const choices = await service.locator('option:not([disabled])').all();
    expect(choices.length).toBeGreaterThan(0);
    await service.selectOption((await choices[0]?.getAttribute('value')) ?? '');
    const amount = page.getByRole('textbox', { name: t.amount });
    const memberPrice = Number(await amount.inputValue());
    expect(memberPrice).toBeGreaterThan(0);
    await amount.fill(String(memberPrice + 50));
    await page.getByRole('button', { name: t.close }).click();
    await page.getByText(t.aboveMemberPrice).waitFor();
    await amount.fill(String(memberPrice));
    await page.getByRole('button', { name: t.close }).click();
    await expect.poll(() => page.getByTestId('clinic-step-done').textContent()).toMatch(t.closed);
    await expectAccessible(page);
    clinic.problems.splice(
      0,
      clinic.problems.length,
      ...clinic.problems.filter((p) => !/status of 400/.test(p)),
    );

    // The member's QR page, reloaded, counts the visit.
    await member.page.reload();
    await member.page.getByRole('heading', { level: 1, name: t.qrHeading }).waitFor();
    await expect.poll(() => usageVisits(member)).toMatch(/^1\b/);

    // The body check: the QR the member's phone shows, read from a picture of it.
    await member.page.getByRole('navigation').getByRole('link', { name: t.bodyCheckTab }).click();
    await member.page.getByRole('heading', { level: 1, name: t.bodyCheckTab }).waitFor();
    const picture = await qrPicture(member.page, t.cards[2]);
    await venuePicker.selectOption({ label: name(venues.bodyCheck) });
    await page.getByTestId('clinic-venue').getByText(name(venues.bodyCheck)).waitFor();
    await page.getByTestId('qr-picture').setInputFiles({
      name: 'body-check-qr.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    await page.getByTestId('clinic-outcome').getByText(t.valid, { exact: true }).waitFor();
    await page.getByRole('button', { name: t.recordBodyCheck }).click();
    await expect.poll(() => page.getByTestId('clinic-step-done').textContent()).toMatch(t.recorded);

    // The member's body-check page: used, with the next date (the 12-month rule).
    await member.page.reload();
    await expect
      .poll(() => member.page.getByTestId('body-check-status').textContent())
      .toBe(t.notEffective);
    await member.page.getByText(t.nextFrom).waitFor();
    await expectAccessible(member.page);
  });
});
