// Staff single sign-on by OpenID Connect (issue 39, decision 328) against a real provider on this
// machine (`oidc-provider`, its development sign-in pages driven over HTTP as a browser would):
// the code flow with PKCE, state and nonce; roles from the provider's groups; the first sign-in
// makes the account; a change of groups changes the roles and ends the older sessions; a tampered
// or missing flow, a person with no mapped group and a refusal at the provider sign no one in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/staff';
import { buildTestApp, type TestApp } from './build-app';

const CLIENT_ID = 'clinicpass-ops';
const CLIENT_SECRET = 'ops-client-secret-0123456789';
const CALLBACK = 'http://localhost:3000/api/ops/sso/callback';

/** The provider's people, by the login typed on its sign-in page. */
const people = new Map<string, { email: string; name: string; groups: string[] }>([
  ['alice', { email: 'Alice@Insurer.example', name: 'Alice Chan', groups: ['cp-claims', 'staff'] }],
  ['bob', { email: 'bob@insurer.example', name: 'Bob Lee', groups: ['staff'] }],
  ['carol', { email: 'carol@insurer.example', name: 'Carol Wong', groups: ['cp-admins'] }],
]);

let provider: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  provider = createServer();
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${String((provider.address() as AddressInfo).port)}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const person = people.get(id);
        return {
          sub: id,
          email: person?.email,
          email_verified: true,
          name: person?.name,
          groups: person?.groups,
        };
      },
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['provider-cookie-key-0123456789'] },
  });
  const handle = oidc.callback();
  provider.on('request', (req, res) => {
    void handle(req, res);
  });
  t = await buildTestApp({
    seeded: false,
    env: {
      STAFF_OIDC_ISSUER: issuer,
      STAFF_OIDC_CLIENT_ID: CLIENT_ID,
      STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
      STAFF_OIDC_GROUP_ROLES: 'cp-claims=claims,cp-admins=admin,cp-admins=content',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

const setCookies = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat();
const cookieOf = (res: LightMyRequestResponse, name: string) =>
  setCookies(res)
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0];

/** Signs in at the provider as `login` from `authUrl`, as a browser would; the redirect back. */
async function atProvider(authUrl: string, login: string, options: { abort?: boolean } = {}) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: cookie(),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location !== null) {
      const next = new URL(location, url).href;
      if (next.startsWith(CALLBACK)) return new URL(next);
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || action === undefined) {
      throw new Error(`provider page ${String(res.status)}: ${html.slice(0, 300)}`);
    }
    if (options.abort) {
      url = new URL(`${new URL(action, url).pathname}/abort`, url).href;
      continue;
    }
    url = new URL(action, url).href;
    body = html.includes('value="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'anything' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the provider did not send the browser back');
}

/** The whole sign-in as `login`: start here, the provider, back here. */
async function signInAs(
  login: string,
  options: {
    lang?: string;
    flowCookie?: (cookie: string) => string;
    abort?: boolean;
    address?: string;
  } = {},
) {
  // Sign-in is rate-limited per address: a test of many sign-ins uses an address of its own.
  const remoteAddress = options.address ?? '198.51.100.7';
  const start = await t.app.inject({
    url: `/api/ops/sso/start?lang=${options.lang ?? 'en'}`,
    remoteAddress,
  });
  expect(start.statusCode, start.body).toBe(302);
  const flow = cookieOf(start, 'cp_staff_sso') ?? '';
  expect(setCookies(start).join('\n')).toMatch(
    /cp_staff_sso=[^;]+; Path=\/api\/ops\/sso; Max-Age=600; .*HttpOnly; SameSite=Lax/,
  );
  const authUrl = new URL(String(start.headers.location));
  expect(authUrl.origin).toBe(issuer);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
  const back = await atProvider(authUrl.href, login, options);
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: options.flowCookie ? options.flowCookie(flow) : flow },
    remoteAddress,
  });
  expect(callback.statusCode, callback.body).toBe(302);
  const staffCookie = cookieOf(callback, 'cp_staff');
  return {
    location: String(callback.headers.location),
    cookie: staffCookie === undefined || staffCookie === 'cp_staff=' ? null : staffCookie,
  };
}

const session = (cookie: string) => t.app.inject({ url: '/api/ops/session', headers: { cookie } });

describe('staff single sign-on', () => {
  it('signs a person in through the provider, making the account with the roles of their groups', async () => {
    const { location, cookie } = await signInAs('alice', { lang: 'zh-HK' });
    expect(location).toBe('/zh-hk/ops');
    if (cookie === null) throw new Error('no staff cookie');
    const res = await session(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      staff: { email: 'alice@insurer.example', name: 'Alice Chan', roles: ['claims'] },
    });
    // The audit log: the account made by single sign-on, then the sign-in, by Alice.
    const audit = await t.database.db.execute<{ actor: string; action: string; after: unknown }>(
      sql`SELECT actor, action, after FROM staff_audit ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['staff.create', 'staff.sign-in']);
    expect(audit.rows[0]?.actor).toMatch(/^single sign-on/);
    expect(audit.rows[1]).toMatchObject({
      actor: 'alice@insurer.example',
      after: { method: 'oidc' },
    });
    // No password of ours: the password sign-in refuses the account.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session',
      remoteAddress: '198.51.100.8',
      payload: { email: 'alice@insurer.example', password: 'anything-at-all', code: '123456' },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json()).toMatchObject({ code: 'staff_sign_in_failed' });
  });

  it('follows the provider’s groups: a change of roles ends the older sessions', async () => {
    const first = await signInAs('carol');
    if (first.cookie === null) throw new Error('no staff cookie');
    expect((await session(first.cookie)).json()).toMatchObject({
      staff: { roles: ['admin', 'content'] },
    });
    people.set('carol', {
      email: 'carol@insurer.example',
      name: 'Carol Wong',
      groups: ['cp-claims'],
    });
    const second = await signInAs('carol');
    if (second.cookie === null) throw new Error('no staff cookie');
    expect((await session(second.cookie)).json()).toMatchObject({ staff: { roles: ['claims'] } });
    const old = await session(first.cookie);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'staff_session_ended' });
  });

  it('links an account made in the back office by its email the first time', async () => {
    const made = await createStaff(
      { db: t.database.db, secretKey: t.config.secretKey },
      { kind: 'operator', name: 'ops-sso.test' },
      { email: 'dora@insurer.example', name: 'Dora', roles: ['service'] },
      new Date(),
      null,
    );
    people.set('dora', { email: 'DORA@insurer.example', name: 'Dora Ho', groups: ['cp-claims'] });
    const { cookie } = await signInAs('dora');
    if (cookie === null) throw new Error('no staff cookie');
    expect((await session(cookie)).json()).toMatchObject({
      staff: { id: made.staff.id, roles: ['claims'] },
    });
  });

  it('refuses a person none of whose groups gives a role, and signs no one in', async () => {
    const { location, cookie } = await signInAs('bob');
    expect(cookie).toBeNull();
    expect(location).toBe('/en/ops/sign-in?sso=forbidden');
  });

  it('sends a refusal back to the sign-in page in the language the sign-in started in', async () => {
    const address = '198.51.100.9';
    const refused = await signInAs('bob', { lang: 'zh-HK', address });
    expect(refused).toEqual({ location: '/zh-hk/ops/sign-in?sso=forbidden', cookie: null });
    const cancelled = await signInAs('alice', { lang: 'zh-HK', abort: true, address });
    expect(cancelled).toEqual({
      location: '/zh-hk/ops/sign-in?sso=staff_sso_failed',
      cookie: null,
    });
    // A cookie not sealed here says no language: English.
    const forged = await signInAs('alice', {
      lang: 'zh-HK',
      flowCookie: (cookie) => `${cookie.slice(0, -4)}AAAA`,
      address,
    });
    expect(forged.location).toBe('/en/ops/sign-in?sso=staff_sso_failed');
  });

  it('refuses a flow cookie that was tampered with or is missing', async () => {
    const tampered = await signInAs('alice', {
      flowCookie: (cookie) => `${cookie.slice(0, -4)}AAAA`,
    });
    expect(tampered).toEqual({ location: '/en/ops/sign-in?sso=staff_sso_failed', cookie: null });
    const missing = await signInAs('alice', { flowCookie: () => '' });
    expect(missing).toEqual({ location: '/en/ops/sign-in?sso=staff_sso_failed', cookie: null });
  });

  it('refuses when the person cancels at the provider', async () => {
    const aborted = await signInAs('alice', { abort: true });
    expect(aborted).toEqual({ location: '/en/ops/sign-in?sso=staff_sso_failed', cookie: null });
  });

  it('answers 404 with a code where single sign-on is not set up', async () => {
    const plain = await buildTestApp({ seeded: false });
    try {
      const res = await plain.app.inject({ url: '/api/ops/sso/start' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      const bad = await t.app.inject({ url: '/api/ops/sso/start?lang=fr' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_error' });
    } finally {
      await plain.close();
    }
  });
});
