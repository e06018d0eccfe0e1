import { fixedClock } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import {
  client,
  cookieValue,
  cookiesOf,
  createUser,
  latestCode,
  outbox,
  PASSWORD,
  signedInUser,
  wrongCode,
} from './identity-helpers';

const clock = fixedClock('2026-06-01T02:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { IDENTITY_CODE_SENDS_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in', () => {
  it('signs a user without a phone straight in: HttpOnly cookies, no tokens in the body', async () => {
    const c = client(t.app);
    const res = await c.post('/identity/sign-in', {
      email: 'Plain@Example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_in: true });
    const cookies = cookiesOf(res);
    expect(cookies.cp_access).toMatch(
      /^cp_access=[^;]+; Path=\/; Max-Age=900; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
    );
    expect(cookies.cp_refresh).toMatch(
      /^cp_refresh=[^;]+; Path=\/identity; Max-Age=2592000; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
    );
    const me = await c.get('/identity/me', {
      cookie: `cp_access=${cookieValue(cookies.cp_access)}`,
    });
    expect(me.json()).toMatchObject({
      signed_in: true,
      tag: 'customer',
      user: { email: 'plain@example.com', phone_number: null, phone_verified: false },
    });
  });

  it('marks the cookies Secure on https', async () => {
    const res = await client(t.app).post(
      '/identity/sign-in',
      { email: 'plain@example.com', password: PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(cookiesOf(res).cp_access).toMatch(/; Secure$/);
  });

  it('gives tokens in the body only with X-Token-Delivery: body, and accepts Bearer', async () => {
    const c = client(t.app);
    const res = await c.post(
      '/identity/sign-in',
      { email: 'plain@example.com', password: PASSWORD },
      { 'x-token-delivery': 'body' },
    );
    const { tokens } = res.json<{ tokens: { access_token: string; expires_in: number } }>();
    expect(tokens.expires_in).toBe(900);
    const me = await c.get('/identity/me', { authorization: `Bearer ${tokens.access_token}` });
    expect(me.json()).toMatchObject({ signed_in: true, user: { email: 'plain@example.com' } });
  });

  it('answers a guest on /identity/me as signed out', async () => {
    const me = await client(t.app).get('/identity/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ signed_in: false, user: null, tag: 'guest' });
  });

  it('challenges a user with a verified phone by SMS (last 4 digits shown) and signs in with the code', async () => {
    const c = client(t.app);
    const res = await c.post('/identity/sign-in', {
      email: 'owner@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ signed_in: boolean; challenge: { session: string } }>();
    expect(body).toMatchObject({
      signed_in: false,
      challenge: { name: 'SMS_MFA', destination: '+852 ****4567' },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const [sms] = await outbox(t.app);
    expect(sms).toMatchObject({ channel: 'sms', to: '+85291234567' });
    const code = await latestCode(t.app, '+85291234567');

    const wrong = await c.post('/identity/sign-in/challenge', {
      session: body.challenge.session,
      code: wrongCode(code),
    });
    expect(wrong.json()).toMatchObject({ code: 'CodeMismatchException' });
    const ok = await c.post('/identity/sign-in/challenge', {
      session: body.challenge.session,
      code,
    });
    expect(ok.json()).toEqual({ signed_in: true });
    expect(cookiesOf(ok).cp_access).toBeDefined();
    const again = await c.post('/identity/sign-in/challenge', {
      session: body.challenge.session,
      code,
    });
    expect(again.json()).toMatchObject({ code: 'ExpiredCodeException' });
  });

  it('sends the SMS in the request language', async () => {
    await client(t.app).post(
      '/identity/sign-in',
      { email: 'owner@example.com', password: PASSWORD },
      { 'accept-language': 'zh-HK,en;q=0.9' },
    );
    const [sms] = await outbox(t.app);
    expect(sms?.body).toContain('登入驗證碼');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await client(t.app).post('/identity/sign-in', {
      email: 'plain@example.com',
      password: 'Wrong-password-1',
    });
    const unknown = await client(t.app).post('/identity/sign-in', {
      email: 'nobody@example.com',
      password: 'Wrong-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers a malformed email with InvalidParameterException naming the field', async () => {
    const res = await client(t.app).post('/identity/sign-in', {
      email: 'not-an-email',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'InvalidParameterException' });
    expect(res.json<{ message: string }>().message).toContain('email');
  });

  it('answers a member who never set a password like a wrong password', async () => {
    // The generated password is unknown, so any password given is a wrong one.
    const res = await client(t.app).post('/identity/sign-in', {
      email: 'newmember@example.com',
      password: PASSWORD,
    });
    expect(res.json()).toMatchObject({ code: 'NotAuthorizedException' });
  });
});

describe('tokens and global sign-out', () => {
  it('refuses the old refresh and access tokens after a global sign-out', async () => {
    const c = client(t.app);
    const first = await c.post(
      '/identity/sign-in',
      { email: 'plain@example.com', password: PASSWORD },
      { 'x-token-delivery': 'body' },
    );
    const second = await c.post(
      '/identity/sign-in',
      { email: 'plain@example.com', password: PASSWORD },
      { 'x-token-delivery': 'body' },
    );
    type T = { tokens: { access_token: string; refresh_token: string } };
    const a = first.json<T>().tokens;
    const b = second.json<T>().tokens;

    const out = await c.post('/identity/sign-out', undefined, {
      authorization: `Bearer ${a.access_token}`,
    });
    expect(out.json()).toEqual({ ok: true });
    expect(cookiesOf(out).cp_access).toMatch(/^cp_access=; Path=\/; Max-Age=0/);
    expect(cookiesOf(out).cp_refresh).toMatch(/^cp_refresh=; Path=\/identity; Max-Age=0/);

    for (const token of [a.access_token, b.access_token]) {
      const me = await c.get('/identity/me', { authorization: `Bearer ${token}` });
      expect(me.json()).toMatchObject({ code: 'NotAuthorizedException' });
      const change = await c.post(
        '/identity/change-password',
        { current_password: PASSWORD, new_password: 'Another-Pass1' },
        { authorization: `Bearer ${token}` },
      );
      expect(change.json()).toMatchObject({ code: 'NotAuthorizedException' });
    }
    for (const token of [a.refresh_token, b.refresh_token]) {
      const refresh = await c.post('/identity/refresh', { refresh_token: token });
      expect(refresh.json()).toMatchObject({ code: 'NotAuthorizedException' });
    }
    // A revoked cookie reads as signed out and is cleared.
    const me = await c.get('/identity/me', { cookie: `cp_access=${a.access_token}` });
    expect(me.json()).toMatchObject({ signed_in: false });
    expect(cookiesOf(me).cp_access).toMatch(/Max-Age=0/);
  });

  it('rotates refresh tokens and revokes the session when a rotated one is used again', async () => {
    const c = client(t.app);
    const res = await c.post(
      '/identity/sign-in',
      { email: 'plain@example.com', password: PASSWORD },
      { 'x-token-delivery': 'body' },
    );
    const first = res.json<{ tokens: { refresh_token: string } }>().tokens.refresh_token;
    const rotated = await c.post(
      '/identity/refresh',
      { refresh_token: first },
      { 'x-token-delivery': 'body' },
    );
    type T = { tokens: { access_token: string; refresh_token: string } };
    const next = rotated.json<T>().tokens;
    expect(next.refresh_token).not.toBe(first);
    const reuse = await c.post('/identity/refresh', { refresh_token: first });
    expect(reuse.json()).toMatchObject({ code: 'NotAuthorizedException' });
    const after = await c.post('/identity/refresh', { refresh_token: next.refresh_token });
    expect(after.json()).toMatchObject({ code: 'NotAuthorizedException' });
    const me = await c.get('/identity/me', { authorization: `Bearer ${next.access_token}` });
    expect(me.json()).toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('refuses an access token after it expires, and /me renews from the refresh cookie', async () => {
    const local = fixedClock('2026-06-01T03:00:00Z');
    const other = await buildTestApp({ clock: local });
    try {
      const c = client(other.app);
      const res = await c.post('/identity/sign-in', {
        email: 'plain@example.com',
        password: PASSWORD,
      });
      const access = cookieValue(cookiesOf(res).cp_access);
      const refresh = cookieValue(cookiesOf(res).cp_refresh);
      local.advance(899_000);
      expect(
        (await c.get('/identity/me', { authorization: `Bearer ${access}` })).json(),
      ).toMatchObject({ signed_in: true });
      local.advance(2_000);
      expect(
        (await c.get('/identity/me', { authorization: `Bearer ${access}` })).json(),
      ).toMatchObject({ code: 'NotAuthorizedException' });
      const renewed = await c.get('/identity/me', {
        cookie: `cp_access=${access}; cp_refresh=${refresh}`,
      });
      expect(renewed.json()).toMatchObject({ signed_in: true });
      expect(cookiesOf(renewed).cp_access).toBeDefined();
    } finally {
      await other.close();
    }
  });
});

describe('forgot password', () => {
  it('answers a known and an unknown email identically', async () => {
    const known = await client(t.app).post('/identity/forgot-password', {
      email: 'plain@example.com',
    });
    const unknown = await client(t.app).post('/identity/forgot-password', {
      email: 'nobody@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      code_delivery_details: {
        destination: 'p***@example.com',
        delivery_medium: 'EMAIL',
        attribute_name: 'email',
      },
    });
    expect(unknown.json()).toEqual({
      code_delivery_details: {
        destination: 'n***@example.com',
        delivery_medium: 'EMAIL',
        attribute_name: 'email',
      },
    });
    expect((await outbox(t.app)).some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('resets the password with the emailed code, keeps the last 5 out, and signs out everywhere', async () => {
    const email = 'reset-flow@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const c = client(t.app);
    const session = await c.post(
      '/identity/sign-in',
      { email, password: PASSWORD },
      { 'x-token-delivery': 'body' },
    );
    const { access_token: oldAccess } = session.json<{ tokens: { access_token: string } }>().tokens;

    const sent = await c.post('/identity/forgot-password', {
      email,
      language: 'zh-HK',
      redirect_url: 'http://localhost:3000/zh-hk/outpatient/forgot-password',
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await outbox(t.app);
    expect(mail?.subject).toBe('重設你的 ClinicPass 密碼');
    expect(mail?.body).toContain(
      'http://localhost:3000/zh-hk/outpatient/forgot-password?email=reset-flow%40example.com&requested=true',
    );
    const code = await latestCode(t.app, email);

    const weak = await c.post('/identity/forgot-password/confirm', {
      email,
      code,
      new_password: 'alllowercase1',
    });
    expect(weak.json()).toMatchObject({ code: 'InvalidPasswordException' });
    const same = await c.post('/identity/forgot-password/confirm', {
      email,
      code,
      new_password: PASSWORD,
    });
    expect(same.json()).toMatchObject({ code: 'PasswordHistoryPolicyViolationException' });
    const ok = await c.post('/identity/forgot-password/confirm', {
      email,
      code,
      new_password: 'NewPassword2027',
    });
    expect(ok.json()).toEqual({ ok: true });

    expect(
      (await c.get('/identity/me', { authorization: `Bearer ${oldAccess}` })).json(),
    ).toMatchObject({ code: 'NotAuthorizedException' });
    expect((await c.post('/identity/sign-in', { email, password: PASSWORD })).json()).toMatchObject(
      { code: 'NotAuthorizedException' },
    );
    expect(
      (await c.post('/identity/sign-in', { email, password: 'NewPassword2027' })).json(),
    ).toEqual({ signed_in: true });
    const reused = await c.post('/identity/forgot-password/confirm', {
      email,
      code,
      new_password: 'Another2028x',
    });
    expect(reused.json()).toMatchObject({ code: 'ExpiredCodeException' });
  });

  it('sends the code by SMS to a verified phone, showing none of its digits (decision 142)', async () => {
    const sms = await client(t.app).post('/identity/forgot-password', {
      email: 'owner@example.com',
      delivery: 'SMS',
    });
    expect(sms.json()).toEqual({
      code_delivery_details: {
        destination: '+852 ********',
        delivery_medium: 'SMS',
        attribute_name: 'phone_number',
      },
    });
  });

  it('says there is no SMS method only with user-existence errors not prevented', async () => {
    const revealing = await buildTestApp({
      env: { IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'false' },
    });
    try {
      const none = await client(revealing.app).post('/identity/forgot-password', {
        email: 'plain@example.com',
        delivery: 'SMS',
      });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        code: 'InvalidParameterException',
        details: { reason: 'no_delivery_method', phone: '+852 2000 0000' },
      });
    } finally {
      await revealing.close();
    }
  });

  it('refuses a redirect URL on a foreign origin', async () => {
    const res = await client(t.app).post('/identity/forgot-password', {
      email: 'plain@example.com',
      redirect_url: 'https://evil.example.net/reset',
    });
    expect(res.json()).toMatchObject({ code: 'InvalidParameterException' });
  });

  it('accepts a redirect URL on an allowlisted origin', async () => {
    const allowing = await buildTestApp({
      env: { IDENTITY_REDIRECT_ALLOWLIST: 'https://partner.example.org' },
    });
    try {
      const res = await client(allowing.app).post('/identity/forgot-password', {
        email: 'plain@example.com',
        redirect_url: 'https://partner.example.org/reset?email={email}&requested={requested}',
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = (await outbox(allowing.app)).find((m) => m.to === 'plain@example.com');
      expect(mail?.body).toContain(
        'https://partner.example.org/reset?email=plain%40example.com&requested=true',
      );
      // Another origin is still refused there.
      const foreign = await client(allowing.app).post('/identity/forgot-password', {
        email: 'plain@example.com',
        redirect_url: 'https://other.example.org/reset',
      });
      expect(foreign.json()).toMatchObject({ code: 'InvalidParameterException' });
    } finally {
      await allowing.close();
    }
  });

  it('answers a malformed code with InvalidParameterException naming the field', async () => {
    for (const code of ['12345', '12a456', '1234567']) {
      const res = await client(t.app).post('/identity/forgot-password/confirm', {
        email: 'plain@example.com',
        code,
        new_password: 'NewPassword2027',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'InvalidParameterException' });
      expect(res.json<{ message: string }>().message).toContain('code');
    }
  });

  it('answers a code never requested as expired', async () => {
    const res = await client(t.app).post('/identity/forgot-password/confirm', {
      email: 'never-asked@example.com',
      code: '123456',
      new_password: 'NewPassword2027',
    });
    expect(res.json()).toMatchObject({ code: 'ExpiredCodeException' });
  });
});

describe('first-time password', () => {
  it('emails a code to a member without a password, sets it, signs in; a second time the user exists', async () => {
    const c = client(t.app);
    const email = 'newmember@example.com';
    const sent = await c.post('/identity/first-time', { email });
    expect(sent.json()).toMatchObject({ code_delivery_details: { delivery_medium: 'EMAIL' } });
    const code = await latestCode(t.app, email);
    const ok = await c.post('/identity/first-time/confirm', {
      email,
      code,
      new_password: 'FirstPass2026',
    });
    expect(ok.json()).toEqual({ signed_in: true });
    expect(cookiesOf(ok).cp_access).toBeDefined();
    // The used code: expired, as for an unknown email (UsernameExistsException only answers a
    // valid code, identity-existence.test.ts).
    const again = await c.post('/identity/first-time/confirm', {
      email,
      code,
      new_password: 'FirstPass2027',
    });
    expect(again.json()).toMatchObject({ code: 'ExpiredCodeException' });
    // Asking again answers as before, and the mailbox is told the account exists.
    const repeat = await c.post('/identity/first-time', { email });
    expect(repeat.json()).toEqual(sent.json());
    const [notice] = await outbox(t.app);
    expect(notice?.subject).toBe('Your ClinicPass account is already set up');
  });
});

describe('silent sign-up', () => {
  it('answers UsernameExistsException when the email already has an account', async () => {
    const email = 'silent-twice@example.com';
    const first = await t.app.inject({
      method: 'POST',
      url: '/dev/identity/users',
      payload: { email },
    });
    expect(first.json()).toMatchObject({ email, status: 'FORCE_CHANGE_PASSWORD' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/dev/identity/users',
      payload: { email: 'Silent-Twice@example.com' },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'UsernameExistsException' });
  });
});

describe('phone verification and password change', () => {
  it('verifies a new phone by SMS, refuses a phone verified on another account', async () => {
    const email = 'phone-user@example.com';
    await createUser(t.app, email, { password: PASSWORD });
    const c = client(t.app);
    const res = await c.post(
      '/identity/sign-in',
      { email, password: PASSWORD },
      { 'x-token-delivery': 'body' },
    );
    const auth = {
      authorization: `Bearer ${res.json<{ tokens: { access_token: string } }>().tokens.access_token}`,
    };
    const taken = await c.post('/identity/phone/verify', { phone_number: '91234567' }, auth);
    expect(taken.json()).toMatchObject({ code: 'AliasExistsException' });
    const bad = await c.post('/identity/phone/verify', { phone_number: '1234' }, auth);
    expect(bad.json()).toMatchObject({ code: 'InvalidParameterException' });
    const sent = await c.post('/identity/phone/verify', { phone_number: '6123 4567' }, auth);
    expect(sent.json()).toMatchObject({
      code_delivery_details: { destination: '+852 ****4567', delivery_medium: 'SMS' },
    });
    const code = await latestCode(t.app, '+85261234567');
    const ok = await c.post('/identity/phone/verify/confirm', { code }, auth);
    expect(ok.json()).toEqual({ ok: true });
    expect((await c.get('/identity/me', auth)).json()).toMatchObject({
      user: { phone_verified: true, phone_number: '+852 ****4567' },
    });
    // Signed out, nothing can be verified.
    const guest = await client(t.app).post('/identity/phone/verify', {
      phone_number: '61234567',
    });
    expect(guest.json()).toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('lets only one of two accounts verify the same phone, even at once', async () => {
    const phone = '+85265550101';
    const auths = [];
    for (const email of ['alias-a@example.com', 'alias-b@example.com', 'alias-c@example.com']) {
      auths.push(await signedInUser(t.app, email));
    }
    const c = client(t.app);
    // Each asks for a code to the same number (none has it verified yet), then all confirm at once.
    const codes: string[] = [];
    for (const auth of auths) {
      const sent = await c.post('/identity/phone/verify', { phone_number: phone }, auth);
      expect(sent.statusCode).toBe(200);
      codes.push(await latestCode(t.app, phone));
    }
    const answers = await Promise.all(
      auths.map((auth, i) =>
        c
          .post('/identity/phone/verify/confirm', { code: codes[i] }, auth)
          .then((res) => res.json<{ code?: string; ok?: boolean }>()),
      ),
    );
    expect(answers.filter((a) => a.ok === true)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'AliasExistsException')).toHaveLength(2);
    const verified = await t.database.pool.query(
      'select id from app_user where phone_number = $1 and phone_verified',
      [phone],
    );
    expect(verified.rows).toHaveLength(1);
    // The database itself refuses a second verified account on the number.
    await expect(
      t.database.pool.query(
        "update app_user set phone_number = $1, phone_verified = true where email = 'plain@example.com'",
        [phone],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'app_user_verified_phone_idx' });
  });

  it('changes the password with the current one and keeps a history of 5', async () => {
    const email = 'history@example.com';
    await createUser(t.app, email, { password: 'Password0a' });
    const c = client(t.app);
    const res = await c.post(
      '/identity/sign-in',
      { email, password: 'Password0a' },
      { 'x-token-delivery': 'body' },
    );
    const auth = {
      authorization: `Bearer ${res.json<{ tokens: { access_token: string } }>().tokens.access_token}`,
    };
    const wrong = await c.post(
      '/identity/change-password',
      { current_password: 'Nope-nope1', new_password: 'Password9a' },
      auth,
    );
    expect(wrong.json()).toMatchObject({ code: 'NotAuthorizedException' });
    const weak = await c.post(
      '/identity/change-password',
      { current_password: 'Password0a', new_password: 'short' },
      auth,
    );
    expect(weak.json()).toMatchObject({ code: 'InvalidPasswordException' });
    const same = await c.post(
      '/identity/change-password',
      { current_password: 'Password0a', new_password: 'Password0a' },
      auth,
    );
    expect(same.json()).toMatchObject({ code: 'PasswordHistoryPolicyViolationException' });

    for (let i = 1; i <= 5; i++) {
      const change = await c.post(
        '/identity/change-password',
        { current_password: `Password${i - 1}a`, new_password: `Password${i}a` },
        auth,
      );
      expect(change.json(), `change ${i}`).toEqual({ ok: true });
    }
    // Current: Password5a; the last 5 are 5, 4, 3, 2, 1; Password0a is old enough again.
    for (const used of ['Password1a', 'Password4a']) {
      const again = await c.post(
        '/identity/change-password',
        { current_password: 'Password5a', new_password: used },
        auth,
      );
      expect(again.json()).toMatchObject({ code: 'PasswordHistoryPolicyViolationException' });
    }
    const old = await c.post(
      '/identity/change-password',
      { current_password: 'Password5a', new_password: 'Password0a' },
      auth,
    );
    expect(old.json()).toEqual({ ok: true });
  });

  it('signs every other session out on a password change and keeps the current one (decision 143)', async () => {
    const email = 'sessions@example.com';
    await createUser(t.app, email, { password: 'Password0a' });
    const c = client(t.app);
    type T = { tokens: { access_token: string; refresh_token: string } };
    const sessions: T['tokens'][] = [];
    for (let i = 0; i < 3; i++) {
      const res = await c.post(
        '/identity/sign-in',
        { email, password: 'Password0a' },
        { 'x-token-delivery': 'body' },
      );
      sessions.push(res.json<T>().tokens);
    }
    const [current, ...others] = sessions as [T['tokens'], ...T['tokens'][]];
    const change = await c.post(
      '/identity/change-password',
      { current_password: 'Password0a', new_password: 'Password1a' },
      { authorization: `Bearer ${current.access_token}` },
    );
    expect(change.json()).toEqual({ ok: true });

    for (const other of others) {
      const me = await c.get('/identity/me', { authorization: `Bearer ${other.access_token}` });
      expect(me.json()).toMatchObject({ code: 'NotAuthorizedException' });
      const cookie = await c.get('/identity/me', { cookie: `cp_access=${other.access_token}` });
      expect(cookie.json()).toMatchObject({ signed_in: false });
      const refresh = await c.post('/identity/refresh', { refresh_token: other.refresh_token });
      expect(refresh.json()).toMatchObject({ code: 'NotAuthorizedException' });
    }
    const me = await c.get('/identity/me', { authorization: `Bearer ${current.access_token}` });
    expect(me.json()).toMatchObject({ signed_in: true, user: { email } });
    const refreshed = await c.post(
      '/identity/refresh',
      { refresh_token: current.refresh_token },
      { 'x-token-delivery': 'body' },
    );
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<T>().tokens.access_token).toEqual(expect.any(String));
  });
});

describe('session service', () => {
  it('creates, resumes and renews device session ids', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/session/' });
    const body = created.json<{ session_id: string; code: string }>();
    expect(body.code).toBe('created');
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const resumed = await t.app.inject({
      method: 'POST',
      url: '/session/',
      headers: { 'session-id': body.session_id },
    });
    expect(resumed.json()).toEqual({ session_id: body.session_id, code: 'resumed' });
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/session/',
      headers: { 'session-id': 'unknown-session-id-1234567890' },
    });
    expect(renewed.json()).toMatchObject({ code: 'renewed' });
    expect(renewed.json<{ session_id: string }>().session_id).not.toBe(
      'unknown-session-id-1234567890',
    );
  });
});
