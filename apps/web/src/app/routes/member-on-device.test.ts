// The cookie telling the server whether this browser holds a member (decision 232). The look-up's
// answer sets it (a server test); here: the member gate sets it where it finds a member without
// it and leaves it otherwise, and forgetting the kept cards clears it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as KeptCard from '../../lib/kept-card';
import { forgetKeptCards } from '../../lib/kept-card';
import { forgetMemberOnDevice } from '../../lib/member-on-device';
import { clearViewToken } from '../../lib/view-token';

import { memberGateLoader } from './member-gate';

const kept = vi.hoisted(() => ({ value: false }));
vi.mock('../../lib/kept-card', async (importOriginal) => ({
  ...(await importOriginal<typeof KeptCard>()),
  hasKeptRecord: () => Promise.resolve(kept.value),
}));
// The member pages' chunk: not needed to decide.
vi.mock('./member-pages', () => ({}));

const cookies = () => document.cookie.split('; ').filter((part) => part !== '');
const gate = () =>
  memberGateLoader({
    params: { lang: 'en' },
    location: { pathname: '/en/outpatient/e-card/member/qr', search: '', hash: '' },
  });
const storeToken = (expiresAt: Date) => {
  sessionStorage.setItem(
    'member-view-token',
    JSON.stringify({ token: 'view-token', expiresAt: expiresAt.toISOString() }),
  );
};

describe('the member-on-device cookie', () => {
  beforeEach(() => {
    kept.value = false;
    clearViewToken();
    // As "Forget" does: no mark, and none known in this page's life.
    forgetMemberOnDevice();
  });
  afterEach(() => {
    clearViewToken();
  });

  it('is set by the gate for a live view token, as `1` and nothing else', async () => {
    storeToken(new Date(Date.now() + 60_000));
    expect(await gate()).toBeNull();
    expect(cookies()).toEqual(['cp_member=1']);
  });

  it('is set by the gate for a card kept on the device, without a view token', async () => {
    kept.value = true;
    expect(await gate()).toBeNull();
    expect(cookies()).toEqual(['cp_member=1']);
  });

  it('is not set when the device holds no member, and the visit goes to the form', async () => {
    storeToken(new Date(Date.now() - 1000));
    expect(await gate()).toEqual({
      redirect: '/en/outpatient/e-card/member',
      state: { expired: true },
    });
    expect(cookies()).toEqual([]);
  });

  it('is left by the gate when this tab holds no member (another tab may)', async () => {
    document.cookie = 'cp_member=1; Path=/';
    expect(await gate()).not.toBeNull();
    expect(cookies()).toEqual(['cp_member=1']);
  });

  it('goes when the kept cards are forgotten', async () => {
    document.cookie = 'cp_member=1; Path=/';
    await forgetKeptCards();
    expect(cookies()).toEqual([]);
  });
});
