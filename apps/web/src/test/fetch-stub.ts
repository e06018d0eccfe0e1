import { vi } from 'vitest';

/** Who a page learns is signed in when nobody is: `GET /identity/me`'s answer for a guest. */
export const GUEST_ME = { signed_in: false, user: null, tag: 'guest' };

/** A device session's answer (`POST /session/`), which every page asks for. */
export const DEVICE_SESSION = { session_id: 'abcdefghijklmnopqrstuvwx', code: 'created' };

/** A whole answer: its status, body and headers. */
export interface StubAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Stubs `fetch` with JSON answers: `answer` gives the body for a URL (status 200), or a whole
 * `StubAnswer`; it may return a promise (an answer that takes time). Returns the URLs asked
 * for, in order.
 */
export function stubJsonFetch(answer: (url: string) => unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const given = await answer(url);
    const whole =
      typeof given === 'object' && given !== null && 'status' in given && 'body' in given
        ? (given as StubAnswer)
        : { status: 200, body: given };
    return new Response(JSON.stringify(whole.body), {
      status: whole.status,
      headers: { 'content-type': 'application/json', ...whole.headers },
    });
  });
  return asked;
}
