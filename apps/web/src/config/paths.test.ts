import { describe, expect, it } from 'vitest';

import { doctorFinderHref, isMemberAppPath, localizePathname, paths } from './paths';

describe('localizePathname', () => {
  it.each([
    ['/', 'en', '/en'],
    ['/en', 'zh-HK', '/zh-hk'],
    ['/en/', 'zh-HK', '/zh-hk'],
    ['/zh-hk/outpatient/e-card/member', 'en', '/en/outpatient/e-card/member'],
    ['/ZH-HK/health', 'zh-HK', '/zh-hk/health'],
    ['/outpatient/e-card/member', 'zh-HK', '/zh-hk/outpatient/e-card/member'],
    ['/english/page', 'en', '/en/english/page'],
  ] as const)('%s in %s is %s', (pathname, language, expected) => {
    expect(localizePathname(pathname, language)).toBe(expected);
  });
});

describe('paths', () => {
  it('builds the finder address of a panel and policy, escaping the policy number', () => {
    expect(doctorFinderHref('zh-HK', 'go', 'A/1 2')).toBe(
      '/zh-hk/outpatient/doctor-list/go/A%2F1%202',
    );
    expect(paths.network.panel.getHref('en', 'outpatient', 'OP1')).toBe(
      '/en/health/network/outpatient/OP1',
    );
  });
});

describe('isMemberAppPath', () => {
  it('tells the member app’s pages from the portal’s page (a sign-in `next`)', () => {
    expect(isMemberAppPath('/en/outpatient/e-card/owner')).toBe(true);
    expect(isMemberAppPath('/zh-hk?x=1')).toBe(true);
    expect(isMemberAppPath('/portal/#/en/my-policies')).toBe(false);
    expect(isMemberAppPath('/portal')).toBe(false);
  });
});
