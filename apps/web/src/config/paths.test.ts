import { describe, expect, it } from 'vitest';

import { doctorFinderHref, localizePathname, paths } from './paths';

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
