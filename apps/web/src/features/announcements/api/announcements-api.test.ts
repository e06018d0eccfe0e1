import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchAnnouncements } from './announcements-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(
    (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('fetchAnnouncements (without the route table, decision 202)', () => {
  it('asks the announcements for a tag and refuses an answer that does not match', async () => {
    const fetch = answer({ results: [] });
    await expect(fetchAnnouncements('guest')).resolves.toEqual({
      announcements: [],
      answeredFor: 'guest',
    });
    expect(fetch.mock.calls[0]?.[0]).toMatch(/\/api\/customer\/announcement\?tag=guest$/);
    answer({ results: [{ id: 'x' }] });
    await expect(fetchAnnouncements(undefined)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('reads the tag the server chose when none was asked (decision 239), and ignores an unknown one', async () => {
    answer({ results: [] }, { 'X-Announcement-Tag': 'customer' });
    await expect(fetchAnnouncements(undefined)).resolves.toMatchObject({ answeredFor: 'customer' });
    answer({ results: [] }, { 'X-Announcement-Tag': 'admin' });
    await expect(fetchAnnouncements(undefined)).resolves.toMatchObject({ answeredFor: undefined });
  });
});
