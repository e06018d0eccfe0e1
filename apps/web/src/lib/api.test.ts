// The web's one API client keeps the transaction id in local storage and renews it daily
// (spec §7, §9: 86,400 seconds), whatever the page does in between.
import {
  TRANSACTION_ID_STORAGE_KEY,
  TRANSACTION_ID_TTL_SECONDS,
} from '@clinicpass/shared/api-client/client';
import { SESSION_ID_HEADER } from '@clinicpass/shared/schemas/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, DEVICE_ID_STORAGE_KEY, ensureDeviceSession, recheckServiceStatus } from './api';

const START = new Date('2026-11-22T08:00:00Z');

/** Sends one request and answers the X-Transaction-Id it carried. */
async function sentTransactionId(): Promise<string | null> {
  let sent: string | null = null;
  vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
    sent = new Headers(init?.headers).get('X-Transaction-Id');
    return Promise.resolve(
      new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } }),
    );
  });
  await api.request({ path: '/anything' });
  vi.mocked(globalThis.fetch).mockRestore();
  return sent;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('X-Transaction-Id', () => {
  it('is created once, kept in local storage and sent unchanged for a day', async () => {
    const first = await sentTransactionId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const stored = JSON.parse(window.localStorage.getItem(TRANSACTION_ID_STORAGE_KEY) ?? '{}') as {
      id?: string;
      createdAt?: number;
    };
    expect(stored).toEqual({ id: first, createdAt: START.getTime() });

    vi.setSystemTime(START.getTime() + TRANSACTION_ID_TTL_SECONDS * 1000 - 1);
    expect(await sentTransactionId()).toBe(first);
  });

  it('is renewed once a day has passed, and the new one is kept', async () => {
    const first = await sentTransactionId();
    vi.setSystemTime(START.getTime() + TRANSACTION_ID_TTL_SECONDS * 1000);
    const second = await sentTransactionId();
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    vi.setSystemTime(START.getTime() + TRANSACTION_ID_TTL_SECONDS * 1000 + 60_000);
    expect(await sentTransactionId()).toBe(second);
  });

  it('survives a new page load: the id comes from storage, not from memory', async () => {
    window.localStorage.setItem(
      TRANSACTION_ID_STORAGE_KEY,
      JSON.stringify({ id: 'kept-from-yesterday', createdAt: START.getTime() - 3_600_000 }),
    );
    expect(await sentTransactionId()).toBe('kept-from-yesterday');
  });

  it('replaces an unreadable or future-dated stored id', async () => {
    window.localStorage.setItem(TRANSACTION_ID_STORAGE_KEY, 'not json');
    const fromGarbage = await sentTransactionId();
    expect(fromGarbage).toMatch(/^[0-9a-f-]{36}$/);
    window.localStorage.setItem(
      TRANSACTION_ID_STORAGE_KEY,
      JSON.stringify({ id: 'from-the-future', createdAt: START.getTime() + 3_600_000 }),
    );
    const renewed = await sentTransactionId();
    expect(renewed).not.toBe('from-the-future');
  });
});

describe('device session (spec §7 session service)', () => {
  /** Answers POST /session/ with this id and records what every request carried. */
  function sessionService(answerId: string) {
    const sent: { url: string; sessionHeader: string | null; deviceId: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      const headers = new Headers(init?.headers);
      sent.push({
        url,
        sessionHeader: headers.get(SESSION_ID_HEADER),
        deviceId: headers.get('X-Device-Id'),
      });
      const body = url.includes('/session/')
        ? { session_id: answerId, code: 'created' }
        : { ok: true };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    });
    return sent;
  }

  afterEach(() => {
    vi.mocked(globalThis.fetch).mockRestore();
  });

  it('keeps the id the session service gives in local storage and sends it as X-Device-Id', async () => {
    const sent = sessionService('device-session-1');
    await recheckServiceStatus();
    expect(sent[0]).toMatchObject({ sessionHeader: null });
    expect(sent[0]!.url).toContain('/session/');
    expect(window.localStorage.getItem(DEVICE_ID_STORAGE_KEY)).toBe('device-session-1');
    await api.request({ path: '/anything' });
    expect(sent.at(-1)).toMatchObject({ deviceId: 'device-session-1' });
  });

  it('resumes a stored session by sending its id, and keeps the id the service answers', async () => {
    window.localStorage.setItem(DEVICE_ID_STORAGE_KEY, 'stored-session');
    const sent = sessionService('renewed-session');
    await recheckServiceStatus();
    expect(sent[0]).toMatchObject({ sessionHeader: 'stored-session' });
    expect(window.localStorage.getItem(DEVICE_ID_STORAGE_KEY)).toBe('renewed-session');
    // Once per page load: a second call asks nothing more.
    await ensureDeviceSession();
    expect(sent).toHaveLength(1);
  });
});
