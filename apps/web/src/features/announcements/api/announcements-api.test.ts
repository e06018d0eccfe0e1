import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchAnnouncements } from './announcements-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  const fetch = vi.fn(
    (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('fetchAnnouncements (without the route table, decision 202)', () => {
  it('asks the announcements for a tag and refuses an answer that does not match', async () => {
    const fetch = answer({ results: [] });
    await expect(fetchAnnouncements('guest')).resolves.toEqual([]);
    expect(fetch.mock.calls[0]?.[0]).toMatch(/\/api\/customer\/announcement\?tag=guest$/);
    answer({ results: [{ id: 'x' }] });
    await expect(fetchAnnouncements(undefined)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
