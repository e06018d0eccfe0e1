import { describe, expect, it } from 'vitest';
import { REDACTED, isSensitiveName, scrubText, scrubUrl, scrubValue } from './scrub';

describe('scrubText', () => {
  it.each([
    ['HKID with brackets', 'member A123456(3) not found', 'member [hkid] not found'],
    ['HKID without brackets', 'hkid=g123456a rejected', 'hkid=[hkid] rejected'],
    ['two-letter HKID', 'XA 987654 (1)', '[hkid]'],
    ['Hong Kong phone', 'call 91234567 now', 'call [phone] now'],
    ['spaced phone', 'phone 9123 4567', 'phone [phone]'],
    ['international phone', 'sent to +852 9123 4567.', 'sent to [phone].'],
    ['E.164 phone', 'to:+85291234567', 'to:[phone]'],
    ['email', 'owner@example.com is locked', '[email] is locked'],
    ['six-digit code', 'code 123456 expired', 'code [code] expired'],
    ['JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_x', 'token [token]'],
    ['bearer token', 'Authorization: Bearer abc.def-123', 'Authorization: Bearer [token]'],
    ['policy number', 'policy OP1000001 lapsed', 'policy [policy] lapsed'],
  ])('removes a %s', (_name, input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it.each([
    [
      'after a space',
      'member password ClinicPass2026 rejected',
      'member password [redacted] rejected',
    ],
    ['after a colon', 'password: hunter', 'password: [redacted]'],
    ['after an equals sign', 'login pwd=s3cret&next=1', 'login pwd=[redacted]&next=1'],
    ['as a passcode', 'Passcode 1234 refused', 'Passcode [redacted] refused'],
    [
      'in a longer name',
      'newPassword="a b" confirm_password: x',
      'newPassword=[redacted] confirm_password: [redacted]',
    ],
    [
      'in JSON text',
      '{"password":"ClinicPass2026","lang":"en"}',
      '{"password":[redacted],"lang":"en"}',
    ],
  ])('removes a password named in text %s', (_name, input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('keeps prose about passwords and addresses that name them', () => {
    for (const text of [
      'password reset failed',
      'POST /api/customer/identity/forgot-password 400',
      'forgot-password 400',
    ]) {
      expect(scrubText(text)).toBe(text);
    }
  });

  it('leaves ordinary text, numbers in words and status codes alone', () => {
    const text =
      'Request failed with status 503 after 1200 ms (attempt 2 of 3), error_code internal_error';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubUrl', () => {
  it('drops the values of sensitive query parameters and keeps the rest', () => {
    expect(
      scrubUrl(
        'https://app.example/en/outpatient/forgot-password?email=a%40b.com&requested=1&code=123456',
      ),
    ).toBe(
      `https://app.example/en/outpatient/forgot-password?email=${REDACTED}&requested=1&code=${REDACTED}`,
    );
  });

  it('replaces token-like path segments and personal data in the path', () => {
    expect(scrubUrl('/en/outpatient/apply/Zx81kQm2pL0vR7sT4uW9yB3c')).toBe(
      '/en/outpatient/apply/[token]',
    );
    expect(scrubUrl('/en/outpatient/doctor-list/outpatient/OP1000001?page=2')).toBe(
      '/en/outpatient/doctor-list/outpatient/[policy]?page=2',
    );
  });

  it('replaces a random-looking query value whatever its name', () => {
    expect(scrubUrl('/shared?t=Zx81kQm2pL0vR7sT4uW9yB3c')).toBe(`/shared?t=${REDACTED}`);
  });
});

describe('scrubValue', () => {
  it('redacts fields named for secrets and personal data, at any depth', () => {
    const event = {
      event_id: '0123456789abcdef0123456789abcdef',
      request: {
        url: 'http://localhost/identity/sign-in',
        headers: { Authorization: 'Bearer x', 'X-Captcha': 'abc', Accept: 'application/json' },
        cookies: { cp_access: 'jwt' },
        data: { email: 'owner@example.com', password: 'ClinicPass2026', newPassword: 'x' },
      },
      extra: { body: { hkid: 'A1234563', phone: '91234567', code: '123456', lang: 'en' } },
      contexts: {
        trace: { trace_id: 'abcdefabcdefabcdefabcdefabcdefab', span_id: '0123456789abcdef' },
      },
      user: { ip_address: '10.0.0.1', id: '42' },
    };
    const scrubbed = scrubValue(event);
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.contexts.trace).toEqual(event.contexts.trace);
    expect(scrubbed.request.headers).toEqual({
      Authorization: REDACTED,
      'X-Captcha': REDACTED,
      Accept: 'application/json',
    });
    expect(scrubbed.request.cookies).toBe(REDACTED);
    expect(scrubbed.request.data).toEqual({
      email: REDACTED,
      password: REDACTED,
      newPassword: REDACTED,
    });
    expect(scrubbed.extra.body).toEqual({
      hkid: REDACTED,
      phone: REDACTED,
      code: REDACTED,
      lang: 'en',
    });
    expect(scrubbed.user).toEqual({ ip_address: REDACTED, id: '42' });
    // The input is not changed.
    expect(event.request.data.password).toBe('ClinicPass2026');
  });

  it('scrubs personal data inside messages, exception values and breadcrumbs', () => {
    const event = {
      message: 'look-up failed for A123456(3) / 91234567',
      exception: { values: [{ type: 'Error', value: 'no member owner@example.com' }] },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/x?phone=91234567', status_code: 400 } },
      ],
    };
    const json = JSON.stringify(scrubValue(event));
    for (const secret of ['A123456', '91234567', 'owner@example.com']) {
      expect(json).not.toContain(secret);
    }
    expect(json).toContain('"status_code":400');
  });

  it('redacts typed span attributes by their last name part, keeping their shape', () => {
    const span = {
      attributes: {
        'user.ip_address': { value: '10.0.0.1', type: 'string' },
        'client.address': { value: '10.0.0.1', type: 'string' },
        'http.request.header.cookie': { value: ['cp_access=x'], type: 'array' },
        'url.path': { value: '/healthz', type: 'string' },
      },
    };
    expect(scrubValue(span).attributes).toEqual({
      'user.ip_address': { value: REDACTED, type: 'string' },
      'client.address': { value: REDACTED, type: 'string' },
      'http.request.header.cookie': { value: REDACTED, type: 'string' },
      'url.path': { value: '/healthz', type: 'string' },
    });
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { note: 'A123456(3)' };
    a.self = a;
    expect(scrubValue(a)).toEqual({ note: '[hkid]', self: '[…]' });
  });
});

describe('isSensitiveName', () => {
  it.each([
    'password',
    'new_password',
    'access_token',
    'refresh-token',
    'X-Captcha',
    'code',
    'HKID',
    'secret',
  ])('%s is sensitive', (name) => {
    expect(isSensitiveName(name)).toBe(true);
  });
  it.each(['status_code', 'lang', 'page', 'error_code', 'message'])('%s is not', (name) => {
    expect(isSensitiveName(name)).toBe(false);
  });
});
