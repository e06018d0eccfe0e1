import { successSchema } from '@clinicpass/shared/contracts/route';
import { announcementContract } from '@clinicpass/shared/contracts/announcement';
import { identityContract } from '@clinicpass/shared/contracts/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchMe, SHELL_ROUTES } from './shell-routes';

const entries = {
  me: identityContract.me,
  announcements: announcementContract.listAnnouncements,
} as const;

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

describe('the shell calls made without their route tables', () => {
  it.each(Object.keys(entries) as (keyof typeof entries)[])(
    '%s sends what its route-table entry says and validates with its answer schema',
    (name) => {
      const route = SHELL_ROUTES[name];
      const entry = entries[name];
      expect({ method: route.method, area: route.area, path: route.path }).toEqual({
        method: entry.method,
        area: entry.area,
        path: entry.path,
      });
      expect(route.response).toBe(successSchema(entry));
    },
  );

  it('asks /identity/me and refuses an answer that does not match', async () => {
    const fetch = answer({ signed_in: false, user: null, tag: 'guest' });
    await expect(fetchMe()).resolves.toEqual({ signed_in: false, user: null, tag: 'guest' });
    expect(fetch.mock.calls[0]?.[0]).toMatch(/\/identity\/me$/);
    answer({ signed_in: 'no' });
    await expect(fetchMe()).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
