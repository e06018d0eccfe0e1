import { afterEach, describe, expect, it, vi } from 'vitest';

import { withPreferredLanguage } from './portal-router';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the portal’s language segment', () => {
  it('replaces a language the portal does not speak, keeping the page', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    expect(withPreferredLanguage('/fr/my-policies')).toBe('/en/my-policies');
    expect(withPreferredLanguage('/zh-tw/manage/p/1/details')).toBe('/en/manage/p/1/details');
    expect(withPreferredLanguage('/en-US/account')).toBe('/en/account');
    expect(withPreferredLanguage('/fr')).toBe('/en/my-policies');
  });

  it('puts the language in front of a page that has none, and writes a known one canonically', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-HK']);
    expect(withPreferredLanguage('/my-policies')).toBe('/zh-hk/my-policies');
    expect(withPreferredLanguage('/service-requests')).toBe('/zh-hk/service-requests');
    expect(withPreferredLanguage('/EN/my-policies')).toBe('/en/my-policies');
    expect(withPreferredLanguage('/')).toBe('/zh-hk/my-policies');
  });
});
