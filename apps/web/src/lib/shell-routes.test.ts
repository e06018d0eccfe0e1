import { announcementContract } from '@clinicpass/shared/contracts/announcement';
import { identityContract } from '@clinicpass/shared/contracts/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, expectSameRoute } from '../test/route-stubs';

import { fetchMe, SHELL_ROUTES } from './shell-routes';

const entries = {
  me: identityContract.me,
  announcements: announcementContract.listAnnouncements,
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the shell calls made without their route tables', () => {
  it.each(Object.keys(entries) as (keyof typeof entries)[])(
    '%s sends what its route-table entry says and validates with its answer schema',
    (name) => {
      expectSameRoute(SHELL_ROUTES[name], entries[name]);
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
