import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEVICE_ID_STORAGE_KEY, READ_ONLY_COOKIE, serviceStatus, storage } from '../../../lib/api';
import { graphqlRequest } from './graphql';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('finder GraphQL requests', () => {
  it('send the language, transaction id and device id headers, and return data', async () => {
    storage.setItem(DEVICE_ID_STORAGE_KEY, 'device-123');
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const data = await graphqlRequest<{ ok: boolean }>({ query: '{ ok }', language: 'zh-HK' });
    expect(data).toEqual({ ok: true });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1].headers);
    expect(headers.get('accept-language')).toMatch(/^zh-HK/);
    expect(headers.get('x-transaction-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('x-device-id')).toBe('device-123');
    expect(headers.get('x-graphql-yoga-csrf')).toBe('1');
  });

  it('turn a GraphQL error into an ApiError with its code', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            data: null,
            errors: [{ message: 'no', extensions: { code: 'no_access' } }],
          }),
          { status: 200 },
        ),
      ),
    );
    await expect(graphqlRequest({ query: '{ x }', language: 'en' })).rejects.toMatchObject({
      code: 'no_access',
    });
  });

  it('sets the read-only state on a 503 read_only_mode and clears it on the next answer', async () => {
    const answer = (status: number, body: object) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', answer(503, { code: 'read_only_mode', message: 'Read only' }));
    await expect(graphqlRequest({ query: '{ x }', language: 'en' })).rejects.toMatchObject({
      code: 'read_only_mode',
    });
    expect(document.cookie).toContain(`${READ_ONLY_COOKIE}=1`);
    expect(serviceStatus.get().readOnly).toBe(true);
    vi.stubGlobal('fetch', answer(200, { data: { ok: true } }));
    await graphqlRequest({ query: '{ ok }', language: 'en' });
    expect(document.cookie).not.toContain(READ_ONLY_COOKIE);
    expect(serviceStatus.get().readOnly).toBe(false);
  });
});
