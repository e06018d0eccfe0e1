import { describe, expect, it } from 'vitest';

import { accountPortalPoliciesHref, mainAppApplyHref, paths } from '../../config/paths';

import { sharedTokenFromHash } from './components/shared-card-page';

describe('outpatient /apply hand-over', () => {
  it('goes to /apply with the query when an id is given', () => {
    expect(mainAppApplyHref('https://app.example', 'en', '?id=42&ref=sms', undefined)).toBe(
      'https://app.example/en/apply?id=42&ref=sms',
    );
  });

  it('goes to /apply/new/activation[/:token] without an id, in the language prefix', () => {
    expect(mainAppApplyHref('', 'zh-HK', '?utm=x', 'abc')).toBe(
      '/zh-hk/apply/new/activation/abc?utm=x',
    );
    expect(mainAppApplyHref('', 'en', '', undefined)).toBe('/en/apply/new/activation');
  });
});

describe('member card addresses', () => {
  it('builds the account portal my-policies hash route under en or zh-hk', () => {
    expect(accountPortalPoliciesHref('https://portal.example', 'en')).toBe(
      'https://portal.example/#/en/my-policies',
    );
    expect(accountPortalPoliciesHref('/portal', 'zh-HK')).toBe('/portal/#/zh-hk/my-policies');
  });

  it('puts the shared-card token in the fragment and reads it back', () => {
    const token = 'A'.repeat(32);
    const href = paths.outpatient.shared.getHref('en', token);
    expect(href).toBe(`/en/outpatient/e-card/shared#t=${token}`);
    expect(sharedTokenFromHash(`#t=${token}`)).toBe(token);
    expect(sharedTokenFromHash('#t=short')).toBeNull();
    expect(sharedTokenFromHash('#t=<script>alert(1)</script>aaaaaaaaaaaaaaaa')).toBeNull();
    expect(sharedTokenFromHash('')).toBeNull();
  });

  it('sends signed-out owners to sign in with the way back', () => {
    expect(paths.outpatient.login.withNext('en', '/en/outpatient/e-card/owner')).toBe(
      '/en/outpatient/login?next=%2Fen%2Foutpatient%2Fe-card%2Fowner',
    );
  });
});
