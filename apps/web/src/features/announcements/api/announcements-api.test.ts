import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubJsonFetch } from '../../../test/fetch-stub';

import { fetchAnnouncements } from './announcements-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every request answered with `body`, and `headers` when given. */
const answer = (body: unknown, headers: Record<string, string> = {}) =>
  stubJsonFetch(() => ({ status: 200, body, headers }));

describe('fetchAnnouncements (without the route table, decision 202)', () => {
  it('asks the announcements for a tag and refuses an answer that does not match', async () => {
    const asked = answer({ results: [] });
    await expect(fetchAnnouncements('guest')).resolves.toEqual({
      announcements: [],
      answeredFor: 'guest',
    });
    expect(asked[0]).toMatch(/\/api\/customer\/announcement\?tag=guest$/);
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
