// The card kept on this device (issue 16, decision 156): the look-up, "Keep this card on this
// device", then the server STOPPED (context.setOffline does not stop a service worker's own
// fetches) and a reload: the service worker's shell and the kept tickets show the cards with the
// "shown offline" note. "Forget this card on this device" leaves no token in IndexedDB, local
// storage or Cache Storage. A corrupt kept card is dropped with a note; storage that refuses to
// keep it still shows the online card. Phone and desktop, both languages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, type Journey } from './support/browser';
import { asNewClient } from './support/client-address';
import { startServer } from './support/server';

const open = useBrowser();

const TEXT = {
  en: {
    locale: 'en-GB',
    prefix: 'en',
    heading: 'Please provide the following information',
    hkid: "Patient's Hong Kong ID number",
    phone: 'Phone number of the membership applicant',
    submit: 'Access member QR code',
    qrHeading: 'Member QR codes',
    cards: ['Present BEFORE consultation', 'Present AFTER consultation'],
    keep: 'Keep this card on this device',
    kept: /This card is kept on this device/,
    forget: 'Forget this card on this device',
    offline: /Shown offline, as of /,
    dropped:
      'The card kept on this device could not be read and was removed. Please look it up again.',
    keepFailed: /could not be kept on this device/,
  },
  zh: {
    locale: 'zh-HK',
    prefix: 'zh-hk',
    heading: '請提供以下資料',
    hkid: '病人的香港身份證號碼',
    phone: '會籍申請人的電話號碼',
    submit: '查看會員二維碼',
    qrHeading: '會員二維碼',
    cards: ['應診前出示', '應診後出示'],
    keep: '在此裝置保留此會員卡',
    kept: /此會員卡已保留在此裝置/,
    forget: '在此裝置刪除此會員卡',
    offline: /離線顯示，資料截至 /,
    dropped: '此裝置保留的會員卡無法讀取，已被刪除。請重新查閱。',
    keepFailed: /未能在此裝置保留此會員卡/,
  },
} as const;

/** Failed loads the journey causes (the stopped server) are not problems. */
function allowFailedLoads(journey: Journey) {
  const keep = journey.problems.filter((p) => !p.includes('Failed to load resource'));
  journey.problems.splice(0, journey.problems.length, ...keep);
}

async function lookUp(page: Page, base: string, t: (typeof TEXT)['en' | 'zh']) {
  await page.goto(`${base}/${t.prefix}/outpatient/e-card/member`);
  await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
  await page.getByRole('textbox', { name: t.hkid }).fill('A123456(3)');
  await page.getByRole('textbox', { name: t.phone }).fill('91234567');
  await page.getByRole('button', { name: t.submit }).click();
  await page.getByRole('heading', { level: 1, name: t.qrHeading }).waitFor();
}

/**
 * Everything the page's origin keeps: IndexedDB records, local storage and, with `caches`, every
 * Cache Storage address and body (the app's scripts, whose code has an HKID placeholder).
 */
async function storedText(page: Page, withCaches = true): Promise<string> {
  return page.evaluate(async (readCaches) => {
    const parts: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (info.name === undefined) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name ?? '');
        req.onsuccess = () => {
          resolve(req.result);
        };
        req.onerror = () => {
          reject(new Error('open'));
        };
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => {
            resolve(req.result);
          };
          req.onerror = () => {
            reject(new Error('getAll'));
          };
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    for (const key of Object.keys(localStorage)) {
      parts.push(`${key}=${localStorage.getItem(key) ?? ''}`);
    }
    for (const name of readCaches ? await caches.keys() : []) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        parts.push(request.url);
        parts.push((await (await cache.match(request))?.text()) ?? '');
      }
    }
    return parts.join('\n');
  }, withCaches);
}

/** The QR payloads (tokens) the kept card holds. */
async function keptTokens(page: Page): Promise<string[]> {
  const text = await storedText(page);
  return [...text.matchAll(/"token":"([A-Za-z0-9_-]{22,})"/g)].map((m) => m[1] ?? '');
}

describe.each([
  ['phone', 'en'],
  ['desktop', 'zh'],
  ['phone', 'zh'],
  ['desktop', 'en'],
] as const)('the kept card on a %s in %s', (viewport, lang) => {
  const t = TEXT[lang];

  // A server of its own (stopped half-way) and a service worker install: more than the default.
  it(
    'shows the kept cards offline after the server stops, and forgets them',
    { timeout: 150_000 },
    async () => {
      const server = await startServer({ CAPTCHA_DIFFICULTY: '50' });
      try {
        const journey = await open(viewport, { locale: t.locale });
        await asNewClient(journey);
        const { page } = journey;
        await page.goto(`${server.baseUrl}/${t.prefix}/outpatient/e-card/member`);
        // The service worker is installed (its shell precached) and controls the page.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        // The QR page opened with no member here, through the worker: the form's shell is sent
        // for it, and the app shows the form.
        await page.goto(`${server.baseUrl}/${t.prefix}/outpatient/e-card/member/qr`);
        await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
        await lookUp(page, server.baseUrl, t);
        const numbers = await page.getByTestId('ticket-number').allTextContents();
        await page.getByRole('button', { name: t.keep }).click();
        await page.getByText(t.kept).waitFor();
        const tokens = await keptTokens(page);
        expect(tokens.length).toBe(numbers.length);
        const kept = await storedText(page, false);
        expect(kept).not.toMatch(/A123456|91234567|9123 4567/);
        // The worker caches no API answer.
        const cacheUrls = await page.evaluate(async () => {
          const urls: string[] = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
          }
          return urls;
        });
        expect(cacheUrls.length).toBeGreaterThan(0);
        expect(
          cacheUrls.filter((u) => /\/(api|identity|session|dev)(\/|$)/.test(new URL(u).pathname)),
        ).toEqual([]);
        // The QR page's shell kept offline is its own, though the address was opened before the
        // look-up, when the server sent it the form's shell (decision 232).
        const keptShell = await page.evaluate(async (path) => {
          for (const name of await caches.keys()) {
            const response = await (await caches.open(name)).match(path, { ignoreVary: true });
            if (response !== undefined) return response.text();
          }
          return null;
        }, `/${t.prefix}/outpatient/e-card/member/qr`);
        expect(keptShell).toContain(`>${t.qrHeading}</h1>`);

        // The server stops; the page is loaded again.
        await server.stop();
        await page.reload();
        await page.getByRole('heading', { level: 1, name: t.qrHeading }).waitFor();
        await page.getByTestId('kept-card-offline-note').filter({ hasText: t.offline }).waitFor();
        for (const name of t.cards) {
          await page.getByRole('article', { name }).getByRole('img').waitFor();
        }
        expect(await page.getByTestId('ticket-number').allTextContents()).toEqual(numbers);
        await expectAccessible(page);

        // Forget: back to the form (from the kept shell), and no token is left on the device.
        await page.getByRole('button', { name: t.forget }).click();
        await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
        const left = await storedText(page);
        for (const token of tokens) expect(left).not.toContain(token);
        // Closed first, so no late load against the stopped server lands after the filter.
        await page.close();
        allowFailedLoads(journey);
      } finally {
        await server.stop();
      }
    },
  );
});

describe.each([
  ['phone', 'en'],
  ['desktop', 'zh'],
] as const)('faults of the kept card on a %s in %s', (viewport, lang) => {
  const t = TEXT[lang];

  it('drops a corrupt kept card with a note', async () => {
    const journey = await open(viewport, { locale: t.locale });
    const { page } = journey;
    await page.goto(`/${t.prefix}/outpatient/e-card/member`);
    await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('clinicpass-kept-card', 1);
          req.onupgradeneeded = () => {
            req.result.createObjectStore('cards');
          };
          req.onsuccess = () => {
            const tx = req.result.transaction('cards', 'readwrite');
            tx.objectStore('cards').put({ format: 0, tickets: 'garbage' }, 'card');
            tx.oncomplete = () => {
              req.result.close();
              resolve();
            };
            tx.onerror = () => {
              reject(new Error('put'));
            };
          };
        }),
    );
    await page.goto(`/${t.prefix}/outpatient/e-card/member/qr`);
    await page.getByText(t.dropped).waitFor();
    await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
    expect(await storedText(page)).not.toContain('garbage');
    await expectAccessible(page);
  });

  it('still shows the online card when storage refuses to keep it', async () => {
    const journey = await open(viewport, { locale: t.locale });
    await asNewClient(journey);
    const { page } = journey;
    await journey.context.addInitScript(() => {
      IDBObjectStore.prototype.put = function put() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await lookUp(page, journey.baseUrl, t);
    await page.getByRole('button', { name: t.keep }).click();
    await page.getByText(t.keepFailed).waitFor();
    for (const name of t.cards) {
      await page.getByRole('article', { name }).getByRole('img').waitFor();
    }
    await expectAccessible(page);
  });
});
