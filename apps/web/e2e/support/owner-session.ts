// The demo owner signed in once per journey file through /identity (password, then the SMS code
// from the outbox), its access token handed to each journey's browser as the session cookie:
// the sign-in screens have journeys of their own, and codes sent to one account are limited.
import type { BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { newClientAddress } from './client-address';
import { withOwnerSms } from './owner-sms';

interface OutboxEntry {
  id: number;
  to: string;
  body: string;
}

/** Signs the owner in (from a client address of its own) and resolves to their access token. */
export async function signInOwner(): Promise<string> {
  const baseUrl = inject('baseUrl');
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': newClientAddress(),
    'x-token-delivery': 'body',
  };
  const outbox = async () => (await (await fetch(`${baseUrl}/dev/outbox`)).json()) as OutboxEntry[];
  const { challenge, code } = await withOwnerSms(async () => {
    const before = (await outbox())[0]?.id ?? 0;
    const first = await fetch(`${baseUrl}/identity/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'owner@example.com', password: 'ClinicPass2026' }),
    });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { challenge: { session: string } };
    let found: string | undefined;
    for (let attempt = 0; attempt < 40 && found === undefined; attempt += 1) {
      const sms = (await outbox()).find((m) => m.to === '+85291234567' && m.id > before);
      found = sms === undefined ? undefined : /\b(\d{6})\b/.exec(sms.body)?.[1];
      if (found === undefined) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { challenge: answer.challenge, code: found };
  });
  if (code === undefined) throw new Error('no SMS code in the outbox');
  const done = await fetch(`${baseUrl}/identity/sign-in/challenge`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session: challenge.session, code }),
  });
  const body = (await done.json()) as { signed_in: boolean; tokens: { access_token: string } };
  expect(body.signed_in).toBe(true);
  return body.tokens.access_token;
}

/**
 * Gives a browser context the session: the access cookie only (a refresh token shared by several
 * browsers would be rotated by one and then count as stolen for the others).
 */
export async function useSession(context: BrowserContext, access: string): Promise<void> {
  const url = new URL(inject('baseUrl'));
  await context.addCookies([
    {
      domain: url.hostname,
      httpOnly: true,
      secure: false,
      sameSite: 'Strict',
      name: 'cp_access',
      value: access,
      path: '/',
    },
  ]);
}
