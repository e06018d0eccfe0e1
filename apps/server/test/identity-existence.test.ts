// User-existence errors prevented (decision 041): an email with an account and one without get
// the same answers from the code-confirming steps, wrong code after wrong code, until a valid
// code is presented. Real PostgreSQL; every answer compared in code and message.
import { fixedClock } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { client, createUser, latestCode, outbox, PASSWORD, wrongCode } from './identity-helpers';

const clock = fixedClock('2026-06-01T02:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { IDENTITY_CODE_SENDS_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await t.close();
});

type Answer = { status: number; body: unknown };

/** `times` confirmations with the same wrong code, each answer as status and body. */
async function confirmTimes(
  path: string,
  email: string,
  code: string,
  times: number,
): Promise<Answer[]> {
  const c = client(t.app);
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) {
    const res = await c.post(path, { email, code, new_password: 'NewPassword2027' });
    answers.push({ status: res.statusCode, body: res.json() });
  }
  return answers;
}

describe('forgot-password confirm, known and unknown email', () => {
  it('answers wrong codes identically: 5 mismatches, then too many attempts', async () => {
    // Same first letter and domain, so even the masked destinations match.
    const known = 'pat.known@example.com';
    const unknown = 'pat.unknown@example.com';
    await createUser(t.app, known, { password: PASSWORD });

    const sent = await Promise.all(
      [known, unknown].map((email) => client(t.app).post('/identity/forgot-password', { email })),
    );
    expect(sent[0]?.json()).toEqual(sent[1]?.json());
    const wrong = wrongCode(await latestCode(t.app, known));

    const knownAnswers = await confirmTimes('/identity/forgot-password/confirm', known, wrong, 6);
    const unknownAnswers = await confirmTimes(
      '/identity/forgot-password/confirm',
      unknown,
      wrong,
      6,
    );
    expect(knownAnswers.map((a) => (a.body as { code: string }).code)).toEqual([
      ...Array<string>(5).fill('CodeMismatchException'),
      'TooManyFailedAttemptsException',
    ]);
    expect(unknownAnswers).toEqual(knownAnswers);
    // No message went to the unknown address.
    const outbox = await t.app.inject('/dev/outbox');
    expect(outbox.json<{ to: string }[]>().some((m) => m.to === unknown)).toBe(false);
  });

  it('answers a code by SMS alike for a phone, no phone and no account; only the mailbox is told (decision 142)', async () => {
    const withPhone = 'sam.phone@example.com';
    const phoneless = 'sam.nophone@example.com';
    const unknown = 'sam.unknown@example.com';
    await createUser(t.app, withPhone, { password: PASSWORD, phone: '91230042' });
    await createUser(t.app, phoneless, { password: PASSWORD });
    const before = Math.max(0, ...(await outbox(t.app)).map((m) => m.id));
    const sent = await Promise.all(
      [withPhone, phoneless, unknown].map((email) =>
        client(t.app).post('/identity/forgot-password', { email, delivery: 'SMS' }),
      ),
    );
    for (const res of sent) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code_delivery_details: {
          destination: '+852 ********',
          delivery_medium: 'SMS',
          attribute_name: 'phone_number',
        },
      });
    }
    // The phone got its code; the phone-less account's mailbox got spec §8's text; the unknown
    // address got nothing.
    const messages = (await outbox(t.app)).filter((m) => m.id > before);
    expect(messages.filter((m) => m.to === '+85291230042').map((m) => m.channel)).toEqual(['sms']);
    const told = messages.filter((m) => m.to === phoneless);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(
      'Please select another delivery method or reach out to Customer Service at +852 2000 0000',
    );
    expect(messages.some((m) => m.to === unknown)).toBe(false);
    // Guessing the code answers alike for the phone-less account and the unknown email.
    const wrong = wrongCode(await latestCode(t.app, '+85291230042'));
    const phonelessAnswers = await confirmTimes(
      '/identity/forgot-password/confirm',
      phoneless,
      wrong,
      6,
    );
    const unknownAnswers = await confirmTimes(
      '/identity/forgot-password/confirm',
      unknown,
      wrong,
      6,
    );
    expect(phonelessAnswers.map((a) => (a.body as { code: string }).code)).toEqual([
      ...Array<string>(5).fill('CodeMismatchException'),
      'TooManyFailedAttemptsException',
    ]);
    expect(unknownAnswers).toEqual(phonelessAnswers);
  });

  it('answers both as expired an hour after the send, and a new send starts afresh', async () => {
    const known = 'quinn.known@example.com';
    const unknown = 'quinn.unknown@example.com';
    await createUser(t.app, known, { password: PASSWORD });
    const start = clock.now();
    for (const email of [known, unknown]) {
      await client(t.app).post('/identity/forgot-password', { email });
    }
    const wrong = wrongCode(await latestCode(t.app, known));
    clock.set(new Date(start.getTime() + 60 * 60_000 + 1000));
    const late = await Promise.all(
      [known, unknown].map((email) =>
        confirmTimes('/identity/forgot-password/confirm', email, wrong, 1),
      ),
    );
    expect(late[0]).toEqual([
      {
        status: 400,
        body: expect.objectContaining({ code: 'ExpiredCodeException' }) as unknown,
      },
    ]);
    expect(late[1]).toEqual(late[0]);

    for (const email of [known, unknown]) {
      await client(t.app).post('/identity/forgot-password', { email });
    }
    const again = await Promise.all(
      [known, unknown].map((email) =>
        confirmTimes('/identity/forgot-password/confirm', email, wrong, 1),
      ),
    );
    expect((again[0]?.[0]?.body as { code: string }).code).toBe('CodeMismatchException');
    expect(again[1]).toEqual(again[0]);
    clock.set(start);
  });
});

describe('first-time confirm, confirmed and unknown email', () => {
  it('answers a confirmed account like an unknown email, code after code', async () => {
    const confirmed = 'rita.confirmed@example.com';
    const unknown = 'rita.unknown@example.com';
    await createUser(t.app, confirmed, { password: PASSWORD });

    // Never asked: both expired.
    const never = await Promise.all(
      [confirmed, unknown].map((email) =>
        confirmTimes('/identity/first-time/confirm', email, '123456', 1),
      ),
    );
    expect((never[0]?.[0]?.body as { code: string }).code).toBe('ExpiredCodeException');
    expect(never[1]).toEqual(never[0]);

    const sent = await Promise.all(
      [confirmed, unknown].map((email) => client(t.app).post('/identity/first-time', { email })),
    );
    expect(sent[0]?.json()).toEqual(sent[1]?.json());
    const answers = await Promise.all(
      [confirmed, unknown].map((email) =>
        confirmTimes('/identity/first-time/confirm', email, '123456', 6),
      ),
    );
    expect(answers[0]?.map((a) => (a.body as { code: string }).code)).toEqual([
      ...Array<string>(5).fill('CodeMismatchException'),
      'TooManyFailedAttemptsException',
    ]);
    expect(answers[1]).toEqual(answers[0]);
    // The password of the confirmed account is untouched.
    const signIn = await client(t.app).post('/identity/sign-in', {
      email: confirmed,
      password: PASSWORD,
    });
    expect(signIn.json()).toEqual({ signed_in: true });
  });

  it('answers UsernameExistsException only to a valid code of an account confirmed since', async () => {
    const email = 'sam.member@example.com';
    await createUser(t.app, email);
    const c = client(t.app);
    await c.post('/identity/first-time', { email });
    const firstTimeCode = await latestCode(t.app, email);
    // The member sets a password through forgot-password instead, which confirms the account.
    await c.post('/identity/forgot-password', { email });
    const resetCode = await latestCode(t.app, email);
    const reset = await c.post('/identity/forgot-password/confirm', {
      email,
      code: resetCode,
      new_password: 'ResetPass2027',
    });
    expect(reset.json()).toEqual({ ok: true });

    const wrong = await c.post('/identity/first-time/confirm', {
      email,
      code: wrongCode(firstTimeCode),
      new_password: 'FirstPass2027',
    });
    expect(wrong.json()).toMatchObject({ code: 'CodeMismatchException' });
    const exists = await c.post('/identity/first-time/confirm', {
      email,
      code: firstTimeCode,
      new_password: 'FirstPass2027',
    });
    expect(exists.statusCode).toBe(400);
    expect(exists.json()).toMatchObject({ code: 'UsernameExistsException' });
    // Nothing was changed: the reset password still signs in.
    const signIn = await c.post('/identity/sign-in', { email, password: 'ResetPass2027' });
    expect(signIn.json()).toEqual({ signed_in: true });
  });

  it('answers UsernameExistsException at once when user-existence errors are not prevented', async () => {
    const open = await buildTestApp({ env: { IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'false' } });
    try {
      const res = await client(open.app).post('/identity/first-time/confirm', {
        email: 'plain@example.com',
        code: '123456',
        new_password: 'FirstPass2027',
      });
      expect(res.json()).toMatchObject({ code: 'UsernameExistsException' });
      const unknown = await client(open.app).post('/identity/first-time/confirm', {
        email: 'nobody@example.com',
        code: '123456',
        new_password: 'FirstPass2027',
      });
      expect(unknown.json()).toMatchObject({ code: 'UserNotFoundException' });
    } finally {
      await open.close();
    }
  });
});
