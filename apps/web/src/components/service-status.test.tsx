import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { READ_ONLY_COOKIE, serviceStatus } from '../lib/api';
import { renderApp } from '../test/render-app';

let mode: 'maintenance' | 'normal' = 'maintenance';
const sessionCalls: string[] = [];
let lastCall = 0;

function stubApi() {
  vi.stubGlobal('fetch', (url: string) => {
    lastCall = Date.now();
    if (url.endsWith('/session/')) sessionCalls.push(url);
    const maintenance = mode === 'maintenance';
    const body = maintenance
      ? { code: 'maintenance', message: 'The service is under maintenance' }
      : url.endsWith('/session/')
        ? { session_id: 'abcdefghijklmnopqrstuvwx', code: 'created' }
        : url.includes('/identity/me')
          ? { signed_in: false, user: null, tag: 'guest' }
          : [];
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: maintenance ? 503 : 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Waits until the page has asked nothing for 300 ms (its answers are all handled). */
async function settled() {
  await vi.waitFor(
    () => {
      if (Date.now() - lastCall < 300) throw new Error('the page is still asking');
    },
    { timeout: 10_000, interval: 50 },
  );
}

// The tests share the page's status (module state), in this order, as a person would see it.
describe('service modes', { timeout: 30_000 }, () => {
  it('a 503 maintenance answer shows the maintenance page instead of the page, in Chinese', async () => {
    stubApi();
    renderApp('/zh-hk');
    expect(
      await screen.findByRole('heading', { level: 1, name: '我們很快回來' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText('服務正在維護中，請稍後再試。')).toBeVisible();
    expect(screen.getByRole('button', { name: '再試一次' })).toBeEnabled();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows it in English, and "Try again" returns to the page once the API answers', async () => {
    stubApi();
    renderApp('/en');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "We'll be back soon" },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(
      screen.getByText('The service is under maintenance, please try again later.'),
    ).toBeVisible();
    mode = 'normal';
    const before = sessionCalls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Show my member card' });
    expect(screen.queryByRole('heading', { name: "We'll be back soon" })).toBeNull();
    expect(sessionCalls.length).toBe(before + 1);
  });

  it('read-only mode keeps its banner and 5-minute cookie, not the maintenance page', async () => {
    stubApi();
    renderApp('/en');
    await screen.findByRole('link', { name: 'Show my member card' }, { timeout: 15_000 });
    // A late answer to the page's own requests would clear the state set below (any answer but
    // read-only does): let them all arrive first.
    await settled();
    const cookie = vi.spyOn(document, 'cookie', 'set');
    act(() => {
      serviceStatus.onResponse(new Response(null, { status: 503 }), {
        errorCode: 'read_only_mode',
      });
    });
    expect(cookie).toHaveBeenCalledWith(
      `${READ_ONLY_COOKIE}=1; Max-Age=300; Path=/; SameSite=Strict`,
    );
    expect(
      await screen.findByText(
        'The service is in read-only mode for a few minutes. You can look around, but changes cannot be saved yet.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Show my member card' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: "We'll be back soon" })).toBeNull();
    // Any other answer clears it.
    act(() => {
      serviceStatus.onResponse(new Response('[]', { status: 200 }), { errorCode: null });
    });
    expect(document.cookie).not.toContain(READ_ONLY_COOKIE);
    expect(screen.queryByText(/read-only mode/)).toBeNull();
  });
});
