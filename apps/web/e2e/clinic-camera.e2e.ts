// The clinic counter's camera path (issue 18): Chromium's fake camera plays a .y4m made from a
// picture of the member's consultation QR as the app renders it; the screen reads it with its
// decoder (jsQR: Linux Chromium has no BarcodeDetector) and checks the ticket. The flags need a
// browser of their own, launched for this test only, on a 360 px phone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, expect, inject, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS } from './support/browser';
import { asNewClient, newClientAddress } from './support/client-address';
import {
  CLINIC_TEXTS,
  freshMemberAndClinicUser,
  openMemberCard,
  pixelsOf,
  qrPicture,
  signInClinicUser,
  y4mOf,
} from './support/clinic';

const open = useBrowser();
let cameraBrowser: Browser | undefined;
let directory: string | undefined;

afterAll(async () => {
  await cameraBrowser?.close();
  if (directory !== undefined) await rm(directory, { recursive: true, force: true });
});

it('reads the member QR from the camera and checks the ticket', async () => {
  const t = CLINIC_TEXTS.en;
  const { member: fresh, clinicUser, venues } = await freshMemberAndClinicUser();

  const member = await open('phone');
  await asNewClient(member);
  await openMemberCard(member, t, fresh);
  const video = y4mOf(await pixelsOf(member.page, await qrPicture(member.page, t.cards[0])));
  directory = await mkdtemp(path.join(tmpdir(), 'clinicpass-camera-'));
  const file = path.join(directory, 'member-qr.y4m');
  await writeFile(file, video);

  cameraBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
  const context = await cameraBrowser.newContext({
    baseURL: inject('baseUrl'),
    viewport: VIEWPORTS.phone,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    permissions: ['camera'],
    extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() },
  });
  const problems: string[] = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  await page.goto('/en/clinic');
  await page.waitForURL('**/en/outpatient/login?next=*');
  await signInClinicUser(page, t, clinicUser);
  await page.waitForURL('**/en/clinic');
  await page.getByRole('combobox', { name: t.venue }).selectOption({ label: venues.clinic.nameEn });
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await page.getByTestId('clinic-outcome').getByText(t.valid, { exact: true }).waitFor();
  // The camera stops once a code is read; the ticket is the consultation one.
  await page.getByRole('button', { name: 'Scan with the camera' }).waitFor();
  await page.getByText('Consultation ticket (before consultation)').waitFor();
  await page.getByRole('button', { name: t.open }).waitFor();
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await context.close();
});
