// An expired access cookie is renewed by any API call, not only GET /identity/me (decision
// 108): the browser's `cp_renew` cookie (the refresh token, Path=/api) signs the call in and
// brings a new access cookie, without rotating the refresh token; `/identity/me` renews the
// same way from `cp_refresh`. Real PostgreSQL, moved clock.
import { fixedClock } from '@clinicpass/shared/time/clock';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { client, cookiesOf, cookieValue, createUser, PASSWORD } from './identity-helpers';

const clock = fixedClock(new Date('2026-11-22T08:00:00Z'));
let t: TestApp;
const ACCESS_SECONDS = 15 * 60;

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
});
afterAll(async () => {
  await t.close();
});

interface Session {
  access: string;
  refresh: string;
  renew: string;
}

function sessionOf(res: LightMyRequestResponse): Session {
  const cookies = cookiesOf(res);
  return {
    access: cookieValue(cookies.cp_access),
    refresh: cookieValue(cookies.cp_refresh),
    renew: cookieValue(cookies.cp_renew),
  };
}

/** A fresh user without a phone, signed in (no SMS step). */
async function signIn(): Promise<{ session: Session; signIn: LightMyRequestResponse }> {
  const email = `renew-${Math.random().toString(36).slice(2)}@example.com`;
  await createUser(t.app, email, { password: PASSWORD });
  const res = await client(t.app).post('/identity/sign-in', { email, password: PASSWORD });
  expect(res.json()).toEqual({ signed_in: true });
  return { session: sessionOf(res), signIn: res };
}

function cookieHeader(parts: Record<string, string | undefined>): string {
  return Object.entries(parts)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
    .join('; ');
}

/** An authenticated API call: the caller's policies. */
function policies(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/customer/policy', headers: { cookie } });
}

describe('renewal of an expired access cookie by API calls', () => {
  it('sets the renewal cookie beside the refresh cookie, on /api only', async () => {
    const { signIn: res } = await signIn();
    const line = cookiesOf(res).cp_renew ?? '';
    expect(line).toContain('Path=/api');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(cookieValue(cookiesOf(res).cp_renew)).toBe(cookieValue(cookiesOf(res).cp_refresh));
  });

  it('renews an expired access cookie on any API call, and the new one works on its own', async () => {
    const { session } = await signIn();
    clock.advance(ACCESS_SECONDS * 1000 + 1000);
    // The expired token alone: a guest.
    expect((await policies(cookieHeader({ cp_access: session.access }))).statusCode).toBe(401);

    const renewed = await policies(
      cookieHeader({ cp_access: session.access, cp_renew: session.renew }),
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const line = cookiesOf(renewed).cp_access ?? '';
    expect(line).toContain(`Max-Age=${ACCESS_SECONDS}`);
    expect(line).toContain('Path=/');
    expect(line).toContain('HttpOnly');
    // Only the access cookie changes: the refresh token is not rotated.
    expect(cookiesOf(renewed).cp_refresh).toBeUndefined();
    expect(cookiesOf(renewed).cp_renew).toBeUndefined();
    const fresh = cookieValue(line);
    expect(fresh).not.toBe(session.access);
    expect((await policies(cookieHeader({ cp_access: fresh }))).statusCode).toBe(200);
  });

  it('renews when the browser has dropped the access cookie, on other API routes too', async () => {
    const { session } = await signIn();
    clock.advance(ACCESS_SECONDS * 1000 + 1000);
    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/customer/policy/medical-card',
      headers: { cookie: cookieHeader({ cp_renew: session.renew }) },
    });
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cookiesOf(cards).cp_access).toBeDefined();
  });

  it('renews several parallel calls with the same refresh token and keeps the session', async () => {
    const { session } = await signIn();
    clock.advance(ACCESS_SECONDS * 1000 + 1000);
    const cookie = cookieHeader({ cp_renew: session.renew });
    const answers = await Promise.all(Array.from({ length: 8 }, () => policies(cookie)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    // The refresh token is still good for /identity/refresh afterwards.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/identity/refresh',
      headers: { cookie: cookieHeader({ cp_refresh: session.refresh }) },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('renews two parallel GET /identity/me (two tabs) without rotating, and the session lives on', async () => {
    const { session } = await signIn();
    clock.advance(ACCESS_SECONDS * 1000 + 1000);
    const cookie = cookieHeader({ cp_access: session.access, cp_refresh: session.refresh });
    const me = () => t.app.inject({ method: 'GET', url: '/identity/me', headers: { cookie } });
    const answers = await Promise.all([me(), me()]);
    for (const res of answers) {
      expect(res.json()).toMatchObject({ signed_in: true, tag: 'customer' });
      // Only a new access cookie: the refresh token is neither rotated nor cleared.
      expect(cookiesOf(res).cp_access).toContain(`Max-Age=${ACCESS_SECONDS}`);
      expect(cookiesOf(res).cp_refresh).toBeUndefined();
      expect(cookiesOf(res).cp_renew).toBeUndefined();
    }
    // A third tab later, and the refresh token itself, still work: nothing was revoked.
    expect((await me()).json()).toMatchObject({ signed_in: true });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/identity/refresh',
      headers: { cookie: cookieHeader({ cp_refresh: session.refresh }) },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('does not renew after global sign-out, nor with a rotated refresh token, nor off /api', async () => {
    const first = await signIn();
    // Rotated at /identity/refresh: the old token renews nothing, and the session lives on.
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/identity/refresh',
      headers: { cookie: cookieHeader({ cp_refresh: first.session.refresh }) },
    });
    expect(rotated.statusCode).toBe(200);
    const current = sessionOf(rotated);
    clock.advance(ACCESS_SECONDS * 1000 + 1000);
    const stale = await policies(cookieHeader({ cp_renew: first.session.renew }));
    expect(stale.statusCode).toBe(401);
    expect(cookiesOf(stale).cp_access).toBeUndefined();
    expect((await policies(cookieHeader({ cp_renew: current.renew }))).statusCode).toBe(200);

    // Not an API call: nothing renewed (pages and assets never see a refresh token anyway).
    const page = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { cookie: cookieHeader({ cp_renew: current.renew }) },
    });
    expect(cookiesOf(page).cp_access).toBeUndefined();

    // Global sign-out revokes the session: the renewal cookie is refused from then on.
    const second = await signIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/identity/sign-out',
      headers: { cookie: cookieHeader({ cp_access: second.session.access }) },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(cookiesOf(out).cp_renew).toContain('Max-Age=0');
    const afterOut = await policies(cookieHeader({ cp_renew: second.session.renew }));
    expect(afterOut.statusCode).toBe(401);
  });

  it('leaves a refused Bearer token refused (clients that are not browsers renew themselves)', async () => {
    const { session } = await signIn();
    clock.advance(ACCESS_SECONDS * 1000 + 1000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customer/policy',
      headers: {
        authorization: `Bearer ${session.access}`,
        cookie: cookieHeader({ cp_renew: session.renew }),
      },
    });
    expect(res.statusCode).toBe(401);
  });
});
