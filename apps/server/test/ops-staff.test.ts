// The back office's staff (issue 39, decision 295): accounts apart from customers, sign-in with a
// password and an authenticator code used once, short sessions that end on a role change, a role
// per route (every route of /api/ops, every role), and an append-only audit log with the person.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { RouteContract, RouteMethod } from '@clinicpass/shared/contracts/route';
import { STAFF_ROLES, type StaffRole } from '@clinicpass/shared/platform/staff';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/staff';
import { STAFF_SIGN_IN_RATE_LIMIT } from '../src/modules/staff/ops.module';
import { buildTestApp, type TestApp } from './build-app';
import { cookieValue, signedInUser } from './identity-helpers';

let t: TestApp;
const NOW = new Date();

beforeAll(async () => {
  t = await buildTestApp({ seeded: false });
});
afterAll(async () => {
  await t.close();
});

interface Account {
  email: string;
  password: string;
  secret: string;
}

/** The authenticator's code `steps` periods from now (the test's clock stands still). */
function codeOf(account: Account, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(account.secret) }).generate({
    timestamp: NOW.getTime() + steps * 30_000,
  });
}

async function newAccount(email: string, roles: StaffRole[]): Promise<Account> {
  const created = await createStaff(
    { db: t.database.db, secretKey: t.config.secretKey },
    { kind: 'operator', name: 'ops-staff.test' },
    { email, name: email.split('@')[0] ?? email, roles },
    NOW,
    null,
  );
  return { email, password: created.password, secret: created.totp.secret };
}

let addressSeq = 0;
const signIn = (account: Account, code: string, remoteAddress?: string) => {
  addressSeq += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/ops/session',
    remoteAddress: remoteAddress ?? `198.51.100.${String(addressSeq % 250)}`,
    payload: { email: account.email, password: account.password, code },
  });
};

async function cookieFor(account: Account, steps = 0): Promise<string> {
  const res = await signIn(account, codeOf(account, steps));
  expect(res.statusCode, res.body).toBe(200);
  const line = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('cp_staff='));
  expect(line).toMatch(/; Path=\/api\/ops; Max-Age=28800; .*HttpOnly; SameSite=Strict/);
  return `cp_staff=${encodeURIComponent(cookieValue(line))}`;
}

const as = (cookie: string, method: RouteMethod, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const code = (res: LightMyRequestResponse) => res.json<{ code: string }>().code;

describe('staff sign-in', () => {
  it('signs in with password and a fresh authenticator code, each code once', async () => {
    const admin = await newAccount('first.admin@clinicpass.example', ['admin']);
    const ok = await signIn(admin, codeOf(admin));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      staff: { email: admin.email, roles: ['admin'], disabled: false },
    });
    expect(ok.headers['cache-control']).toBe('no-store');
    const replay = await signIn(admin, codeOf(admin));
    expect(replay.statusCode).toBe(401);
    expect(code(replay)).toBe('staff_sign_in_failed');
  });

  it('answers a wrong password, a wrong code and an unknown email alike, naming none', async () => {
    const account = await newAccount('alike@clinicpass.example', ['content']);
    const answers = [
      await signIn({ ...account, password: `${account.password}x` }, codeOf(account)),
      await signIn(account, codeOf(account, 5)),
      await signIn({ ...account, email: 'nobody@clinicpass.example' }, codeOf(account)),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'staff_sign_in_failed',
        message: 'Incorrect email, password or authenticator code',
      });
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session',
      payload: { email: 'not-an-email', password: 'x', code: '12ab56' },
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json<{ details: { issues: { path: string }[] } }>()
      .details.issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.code']));
  });

  it('locks an account after 5 failures, whatever the address', async () => {
    const account = await newAccount('locked@clinicpass.example', ['service']);
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn({ ...account, password: 'wrong' }, codeOf(account));
      expect(res.statusCode).toBe(401);
    }
    const locked = await signIn(account, codeOf(account));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`limits sign-in attempts per address (${String(STAFF_SIGN_IN_RATE_LIMIT.max)} a window)`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= STAFF_SIGN_IN_RATE_LIMIT.max + 4; i += 1) {
      // Another email each time, so the account lock is not what refuses them.
      const account = { email: `who${String(i)}@clinicpass.example`, password: 'x', secret: 'A' };
      statuses.push((await signIn(account, '000000', '203.0.113.200')).statusCode);
    }
    expect(statuses.slice(0, STAFF_SIGN_IN_RATE_LIMIT.max - 4).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('roles', () => {
  // Signing out last: each role's session must live through the other routes.
  const staffRoutes = Object.values(opsContract as Record<string, RouteContract>)
    .filter((contract) => contract.auth === 'staff')
    .sort((a, b) => Number(a === opsContract.signOut) - Number(b === opsContract.signOut));
  const urlOf = (contract: RouteContract) =>
    `/api/ops${contract.path.replace(':id', '00000000-0000-4000-8000-000000000000')}`;

  it('lets each role reach only the routes that name it; guests, customers and ended sessions none', async () => {
    const cookies = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) {
      cookies.set(
        role,
        await cookieFor(await newAccount(`only.${role}@clinicpass.example`, [role])),
      );
    }
    const customer = await signedInUser(t.app, 'customer.not.staff@example.com');
    expect(staffRoutes.length).toBeGreaterThanOrEqual(7);
    for (const contract of staffRoutes) {
      const url = urlOf(contract);
      for (const role of STAFF_ROLES) {
        const res = await as(
          cookies.get(role) ?? '',
          contract.method,
          url,
          contract.method === 'GET' ? undefined : {},
        );
        const allowed = contract.staffRoles === 'any' || contract.staffRoles?.includes(role);
        if (allowed) {
          expect([401, 403], `${role} ${contract.method} ${url}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${role} ${contract.method} ${url}`).toBe(403);
          expect(code(res)).toBe('forbidden');
        }
      }
      const guest = await t.app.inject({ method: contract.method, url });
      expect(guest.statusCode, `guest ${url}`).toBe(401);
      const asCustomer = await t.app.inject({ method: contract.method, url, headers: customer });
      expect(asCustomer.statusCode, `customer ${url}`).toBe(401);
      const forged = await as('cp_staff=cps_forged', contract.method, url);
      expect(forged.statusCode).toBe(401);
    }
  });
});

describe('staff administration and the audit log', () => {
  it('creates an account shown once, changes its roles — ending its sessions — and audits each step by person', async () => {
    const admin = await newAccount('chief.admin@clinicpass.example', ['admin']);
    const adminCookie = await cookieFor(admin);
    const created = await as(adminCookie, 'POST', '/api/ops/staff', {
      email: 'Writer@ClinicPass.example',
      name: 'Content Writer',
      roles: ['content'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{
      staff: { id: string; email: string; roles: string[] };
      password: string;
      totp: { secret: string; uri: string };
    }>();
    expect(body.staff).toMatchObject({ email: 'writer@clinicpass.example', roles: ['content'] });
    expect(body.totp.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const again = await as(adminCookie, 'POST', '/api/ops/staff', {
      email: 'writer@clinicpass.example',
      name: 'Twice',
      roles: ['content'],
    });
    expect(again.statusCode).toBe(409);

    const writer = { email: body.staff.email, password: body.password, secret: body.totp.secret };
    const writerCookie = await cookieFor(writer);
    const me = await as(writerCookie, 'GET', '/api/ops/session');
    expect(me.json()).toMatchObject({ staff: { roles: ['content'] } });

    const changed = await as(adminCookie, 'PATCH', `/api/ops/staff/${body.staff.id}`, {
      roles: ['content', 'network'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const ended = await as(writerCookie, 'GET', '/api/ops/session');
    expect(ended.statusCode).toBe(401);
    expect(code(ended)).toBe('staff_session_ended');
    const renewed = await cookieFor(writer, 1);
    expect((await as(renewed, 'GET', '/api/ops/session')).json()).toMatchObject({
      staff: { roles: ['content', 'network'] },
    });

    const self = await as(
      adminCookie,
      'PATCH',
      `/api/ops/staff/${(await as(adminCookie, 'GET', '/api/ops/session')).json<{ staff: { id: string } }>().staff.id}`,
      { disabled: true },
    );
    expect(self.statusCode).toBe(409);
    const unknown = await as(
      adminCookie,
      'PATCH',
      '/api/ops/staff/00000000-0000-4000-8000-000000000000',
      { disabled: true },
    );
    expect(unknown.statusCode).toBe(404);
    const badId = await as(adminCookie, 'PATCH', '/api/ops/staff/not-a-staff-id', {
      disabled: true,
    });
    expect(badId.statusCode).toBe(400);

    const out = await as(renewed, 'DELETE', '/api/ops/session');
    expect(out.statusCode).toBe(200);
    expect((await as(renewed, 'GET', '/api/ops/session')).statusCode).toBe(401);

    const audit = await as(adminCookie, 'GET', `/api/ops/audit?target_id=${body.staff.id}`);
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit
      .json<{
        items: {
          actor: string;
          action: string;
          roles: string[];
          before: unknown;
          after: unknown;
          request_id: string | null;
        }[];
      }>()
      .items.map((e) => ({
        actor: e.actor,
        action: e.action,
        roles: e.roles,
        before: e.before,
        after: e.after,
      }));
    expect(entries).toEqual([
      {
        actor: 'writer@clinicpass.example',
        action: 'staff.sign-out',
        roles: ['content', 'network'],
        before: null,
        after: null,
      },
      {
        actor: 'writer@clinicpass.example',
        action: 'staff.sign-in',
        roles: ['content', 'network'],
        before: null,
        after: { method: 'password' },
      },
      {
        actor: 'chief.admin@clinicpass.example',
        action: 'staff.update',
        roles: ['admin'],
        before: { roles: ['content'], disabled: false },
        after: { roles: ['content', 'network'], disabled: false },
      },
      {
        actor: 'writer@clinicpass.example',
        action: 'staff.sign-in',
        roles: ['content'],
        before: null,
        after: { method: 'password' },
      },
      {
        actor: 'chief.admin@clinicpass.example',
        action: 'staff.create',
        roles: ['admin'],
        before: null,
        after: {
          email: 'writer@clinicpass.example',
          name: 'Content Writer',
          roles: ['content'],
          second_factor: 'totp',
        },
      },
    ]);

    const csv = await as(
      adminCookie,
      'GET',
      `/api/ops/audit/export?actor=chief.admin@clinicpass.example`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_kind,actor,roles,action,target_kind,target_id,before,after,request_id',
    );
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(
      expect.arrayContaining(['staff.create', 'staff.update', 'staff.sign-in']),
    );
    expect(csv.body).not.toContain(body.password);
  });

  it('keeps audit rows from change and removal, for the app’s own database role too', async () => {
    const db = t.database.db;
    const [row] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff_audit`))
      .rows;
    expect(row?.n).toBeGreaterThan(0);
    /** The database's refusal (drizzle wraps it: the cause is PostgreSQL's error). */
    const refusal = async (statement: SQL) => {
      try {
        await db.execute(statement);
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message);
      }
      return 'accepted';
    };
    expect(await refusal(sql`UPDATE staff_audit SET actor = 'someone else'`)).toBe(
      'staff_audit is append-only: UPDATE refused',
    );
    expect(await refusal(sql`DELETE FROM staff_audit`)).toBe(
      'staff_audit is append-only: DELETE refused',
    );
    expect(await refusal(sql`TRUNCATE staff_audit`)).toBe(
      'staff_audit is append-only: TRUNCATE refused',
    );
    const [after] = (
      await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff_audit`)
    ).rows;
    expect(after?.n).toBe(row?.n);
  });
});
