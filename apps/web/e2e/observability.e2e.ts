// Error reporting, help widget and service modes in a real browser against real servers: the
// shared one (no DSN, no widget) must load nothing from another origin; a second server with a
// DSN (a local stand-in) and a stand-in help widget reports a browser error scrubbed, with a
// masked replay, and opens the widget in the page's locale; a third in maintenance mode shows
// the maintenance page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDsnStandIn, type DsnStandIn } from '@clinicpass/server/test-support';
import { expectAccessible, useBrowser, type Journey } from './support/browser';
import { startServer, type ExtraServer } from './support/server';

const open = useBrowser();

/** The main screens a member and a policy owner go through. */
const MAIN_SCREENS = [
  { path: '/en', ready: 'Your outpatient plan, ready at the clinic counter' },
  { path: '/en/outpatient/e-card/member', ready: null },
  { path: '/en/outpatient/login', ready: null },
  { path: '/en/outpatient/forgot-password', ready: null },
  { path: '/en/outpatient/doctor-list/outpatient/OP1000001', ready: null },
  { path: '/en/health/network/OP1000001', ready: null },
  { path: '/zh-hk', ready: '你的門診計劃，診所櫃檯即用' },
  { path: '/zh-hk/outpatient/e-card/member', ready: null },
] as const;

function dropHttpErrors(j: Journey, status: number): void {
  const kept = j.problems.filter(
    (p) => !(p.includes('Failed to load resource') && p.includes(`status of ${status}`)),
  );
  j.problems.splice(0, j.problems.length, ...kept);
}

describe('with no DSN and no help widget configured', () => {
  it('loads nothing from outside the origin on any main screen, and shows no help button', async () => {
    const j = await open('phone');
    const { page, baseUrl } = j;
    const origin = new URL(baseUrl).origin;
    const outside: string[] = [];
    const seen: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      seen.push(url);
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      if (new URL(url).origin !== origin) outside.push(url);
    });
    for (const screen of MAIN_SCREENS) {
      await page.goto(screen.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (screen.ready !== null) await page.getByRole('heading', { name: screen.ready }).waitFor();
      // Let late loads happen (a screen that keeps polling never goes idle: then 15 s is enough).
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      const helpButtons = page
        .getByRole('banner')
        .getByRole('button', { name: /^(Customer support|客戶支援)$/ });
      expect(await helpButtons.count(), screen.path).toBe(0);
    }
    expect(seen.length).toBeGreaterThan(MAIN_SCREENS.length);
    expect(outside).toEqual([]);
    // The reporting SDK was not even fetched from our own origin.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    for (const script of scripts) {
      const text = script.endsWith('.js') ? await (await fetch(script)).text() : '';
      expect(text.includes('sentry.javascript.react'), script).toBe(false);
    }
    await expectAccessible(page);
  });
});

/** A stand-in support widget: defines `zE` 400 ms after loading and records every command. */
async function startWidgetStandIn(): Promise<{ origin: string; close(): Promise<void> }> {
  const script = `(function () {
  var calls = (window.__helpWidgetCalls = []);
  window.__helpWidgetKey = new URL(document.currentScript.src).searchParams.get('key');
  setTimeout(function () {
    window.zE = function () { calls.push(Array.prototype.slice.call(arguments)); };
  }, 400);
})();`;
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/widget.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('with a DSN and a help widget configured', () => {
  let dsn: DsnStandIn;
  let widget: Awaited<ReturnType<typeof startWidgetStandIn>>;
  let server: ExtraServer;

  beforeAll(async () => {
    dsn = await startDsnStandIn();
    widget = await startWidgetStandIn();
    server = await startServer({
      SENTRY_DSN: dsn.dsn,
      HELP_WIDGET_SCRIPT_URL: `${widget.origin}/widget.js`,
      HELP_WIDGET_KEY: 'stand-in-key',
    });
  });

  afterAll(async () => {
    await server.stop();
    await widget.close();
    await dsn.close();
  });

  it('reports a browser error to the DSN, scrubbed, with a replay that masks all text and inputs', async () => {
    const j = await open('phone');
    const { page } = j;
    await page.goto(`${server.baseUrl}/en/outpatient/e-card/member`);
    const hkid = page.getByRole('textbox', { name: "Patient's Hong Kong ID number" });
    await hkid.fill('A123456(3)');
    await page
      .getByRole('textbox', { name: 'Phone number of the membership applicant' })
      .fill('91234567');
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(heading.length).toBeGreaterThan(3);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Look-up broke for A123456(3) / 91234567 / owner@example.com');
      }, 0);
    });
    const events = await dsn.waitFor('event', 20_000);
    const event = events[0]!.payload as {
      exception: { values: { value: string }[] };
      tags?: Record<string, string>;
    };
    expect(event.exception.values[0]!.value).toBe('Look-up broke for [hkid] / [phone] / [email]');
    await dsn.waitFor('replay_recording', 30_000);
    const everything = dsn.bodies.join('\n');
    for (const secret of ['A123456', '91234567', 'owner@example.com', heading]) {
      expect(everything, secret).not.toContain(secret);
    }
    // The page error was the test's own doing.
    j.problems.splice(
      0,
      j.problems.length,
      ...j.problems.filter((p) => !p.includes('Look-up broke')),
    );
  });

  it('opens the help widget in en-US on demand, and switches it to zh-tw with the page', async () => {
    const j = await open('phone');
    const { page } = j;
    await page.goto(`${server.baseUrl}/en`);
    await page
      .getByRole('heading', { name: 'Your outpatient plan, ready at the clinic counter' })
      .waitFor();
    // Nothing from the widget before the button is pressed.
    expect(await page.evaluate(() => 'zE' in window)).toBe(false);
    await expectAccessible(page);
    await page.getByRole('banner').getByRole('button', { name: 'Customer support' }).click();
    const calls = () =>
      page.evaluate(
        () => (window as unknown as { __helpWidgetCalls?: unknown[][] }).__helpWidgetCalls ?? [],
      );
    await expect.poll(calls, { timeout: 10_000 }).toContainEqual(['webWidget', 'open']);
    expect(await calls()).toContainEqual(['webWidget', 'setLocale', 'en-US']);
    expect(
      await page.evaluate(
        () => (window as unknown as { __helpWidgetKey?: string }).__helpWidgetKey,
      ),
    ).toBe('stand-in-key');
    await page.getByRole('link', { name: '繁體中文' }).click();
    await page.waitForURL('**/zh-hk');
    await expect.poll(calls, { timeout: 5000 }).toContainEqual(['webWidget', 'setLocale', 'zh-tw']);
  });
});

describe('in maintenance mode', () => {
  let server: ExtraServer;
  beforeAll(async () => {
    server = await startServer({ SERVICE_MODE: 'maintenance' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('shows the maintenance page in both languages', async () => {
    const j = await open('phone');
    const { page } = j;
    await page.goto(`${server.baseUrl}/en/outpatient/e-card/member`);
    await page.getByRole('heading', { level: 1, name: "We'll be back soon" }).waitFor();
    await page.getByText('The service is under maintenance, please try again later.').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: "We'll be back soon" }).waitFor();
    await page.goto(`${server.baseUrl}/zh-hk`);
    await page.getByRole('heading', { level: 1, name: '我們很快回來' }).waitFor();
    await page.getByRole('button', { name: '再試一次' }).waitFor();
    await expectAccessible(page);
    dropHttpErrors(j, 503);
  });
});
