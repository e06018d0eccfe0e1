// The cookie telling the server whether this browser holds a member (decision 232): set as a
// view token is stored, and set or cleared by the member gate by what it finds, so the next
// visit to a member page is sent that page's shell or the member card form's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearViewToken, storeViewToken } from '../../lib/view-token';

import { memberGateLoader } from './member-gate';

const kept = vi.hoisted(() => ({ value: false }));
vi.mock('../../lib/kept-card', () => ({ hasKeptRecord: () => Promise.resolve(kept.value) }));
// The member pages' chunk: not needed to decide.
vi.mock('./member-pages', () => ({}));

const marked = () => document.cookie.split('; ').includes('cp_member=1');
const gate = () =>
  memberGateLoader({
    params: { lang: 'en' },
    location: { pathname: '/en/outpatient/e-card/member/qr', search: '', hash: '' },
  });
const live = () => ({
  token: 'view-token',
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});

describe('the member-on-device cookie', () => {
  beforeEach(() => {
    kept.value = false;
    clearViewToken();
    document.cookie = 'cp_member=; Max-Age=0; Path=/';
  });
  afterEach(() => {
    clearViewToken();
  });

  it('is set as a look-up stores its view token, and holds nothing of it', () => {
    storeViewToken(live());
    expect(marked()).toBe(true);
    expect(document.cookie).not.toContain('view-token');
  });

  it('is cleared by the gate when the device holds no member, as it sends the visit to the form', async () => {
    document.cookie = 'cp_member=1; Path=/';
    const result = await gate();
    expect(result).toEqual({
      redirect: '/en/outpatient/e-card/member',
      state: { expired: true },
    });
    expect(marked()).toBe(false);
  });

  it('is set by the gate for a live view token', async () => {
    sessionStorage.setItem('member-view-token', JSON.stringify(live()));
    expect(await gate()).toBeNull();
    expect(marked()).toBe(true);
  });

  it('is set by the gate for a card kept on the device, without a view token', async () => {
    kept.value = true;
    expect(await gate()).toBeNull();
    expect(marked()).toBe(true);
  });

  it('is cleared for an expired view token with nothing kept', async () => {
    document.cookie = 'cp_member=1; Path=/';
    sessionStorage.setItem(
      'member-view-token',
      JSON.stringify({ token: 't', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    expect(await gate()).not.toBeNull();
    expect(marked()).toBe(false);
  });
});
