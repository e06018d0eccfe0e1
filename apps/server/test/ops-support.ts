// Back-office test support: a staff account of some roles, signed in with its password and
// authenticator code, as the `cp_staff` cookie to send.
import type { StaffRole } from '@clinicpass/shared/platform/staff';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { createStaff } from '../src/modules/staff';
import { cookieValue } from './identity-helpers';

let addressSeq = 0;

/** A new staff account of `roles`, signed in at `now`: its cookie header value. */
export async function staffSessionCookie(
  app: FastifyInstance,
  db: Database,
  account: { email: string; roles: StaffRole[]; now: Date },
): Promise<string> {
  const created = await createStaff(
    { db, secretKey: app.config.secretKey },
    { kind: 'operator', name: 'ops-support' },
    { email: account.email, name: account.email, roles: account.roles },
    account.now,
    null,
  );
  const code = new TOTP({ secret: Secret.fromBase32(created.totp.secret) }).generate({
    timestamp: account.now.getTime(),
  });
  addressSeq += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/ops/session',
    // Sign-in is rate-limited per address: each from an address of its own.
    remoteAddress: `203.0.113.${String(addressSeq % 250)}`,
    payload: { email: account.email, password: created.password, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  const line = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('cp_staff='));
  return `cp_staff=${encodeURIComponent(cookieValue(line))}`;
}
