// Staff accounts and their sessions (issue 39, decision 295). A staff member signs in with a
// password and the six digits of an authenticator app (TOTP, RFC 6238, through `otpauth`); each
// code is used once. Sessions are short — 30 minutes idle, 8 hours at most — and end when the
// account's roles change or it is disabled. Every change is audited with the person.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Staff, StaffRole } from '@clinicpass/shared/platform/staff';
import { STAFF_ROLES } from '@clinicpass/shared/platform/staff';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/client';
import { staffSession, staffUser } from '../../db/staff-schema';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import {
  clearSignInFailures,
  signInFailure,
  takeSignInAttempt,
  type SignInAttemptRules,
} from '../../plugins/limits';
import { deriveKey, generateToken, keyedHash, seal, unseal } from '../../lib/crypto';
import { type AuditActor, recordAudit } from './audit';

export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 8 * 3_600_000;
/** How often a session's `last_seen_at` is written (reads in between leave it). */
const SEEN_WRITE_MS = 60_000;
const TOTP_PERIOD = 30;

/** Lockout of one account: 5 failures lock it 15 minutes, doubling, at most a day. */
const LOCKOUT: Omit<SignInAttemptRules, 'captchaSolved'> = {
  quietMs: 3_600_000,
  captchaAfter: Number.POSITIVE_INFINITY,
  lockAfter: 5,
  lockFirstMs: 15 * 60_000,
  lockMaxMs: 86_400_000,
};

export interface StaffContext {
  db: Database;
  secretKey: string;
}

/** The signed-in staff member of a request. */
export interface StaffCaller {
  id: string;
  email: string;
  roles: readonly StaffRole[];
  sessionId: string;
  expiresAt: Date;
}

export type StaffRow = typeof staffUser.$inferSelect;

const rolesOf = (row: StaffRow): StaffRole[] =>
  row.roles.filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role));

export function toStaff(row: StaffRow): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: rolesOf(row),
    disabled: row.disabledAt !== null,
    create_date: row.createDate.toISOString(),
  };
}

const totpKey = (secretKey: string) => deriveKey(secretKey, 'staff-totp');
const tokenKey = (secretKey: string) => deriveKey(secretKey, 'staff-session');
const lockKey = (secretKey: string, email: string) =>
  `staff:${keyedHash(deriveKey(secretKey, 'staff-lookup'), email)}`;

function totpFor(email: string, base32: string): TOTP {
  return new TOTP({
    issuer: 'ClinicPass back office',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

export const actorOf = (caller: StaffCaller): AuditActor => ({
  kind: 'staff',
  id: caller.id,
  email: caller.email,
  roles: caller.roles,
});

/**
 * Creates an account with a first password and an authenticator secret, both answered once
 * (the admin hands them over; the CLI prints them).
 */
export async function createStaff(
  ctx: StaffContext,
  actor: AuditActor,
  input: { email: string; name: string; roles: readonly StaffRole[] },
  now: Date,
  requestId: string | null,
) {
  const password = generatePassword(20);
  const secret = new Secret({ size: 20 }).base32;
  const rows = await ctx.db
    .insert(staffUser)
    .values({
      email: input.email.toLowerCase(),
      name: input.name,
      passwordHash: await hashPassword(password),
      totpSealed: seal(totpKey(ctx.secretKey), secret),
      roles: [...input.roles],
      createDate: now,
    })
    .onConflictDoNothing({ target: staffUser.email })
    .returning();
  const row = rows[0];
  if (row === undefined) {
    throw new AppError('conflict', {
      message: `A staff account for ${input.email} already exists`,
    });
  }
  const staff = toStaff(row);
  await recordAudit(ctx.db, actor, {
    action: 'staff.create',
    targetKind: 'staff',
    targetId: row.id,
    after: { email: staff.email, name: staff.name, roles: staff.roles },
    requestId,
    at: now,
  });
  return { staff, password, totp: { secret, uri: totpFor(row.email, secret).toString() } };
}

export async function listStaff(db: Database): Promise<Staff[]> {
  const rows = await db.select().from(staffUser).orderBy(asc(staffUser.email));
  return rows.map(toStaff);
}

/** Changes roles or the disabled mark; either ends every session of the account. */
export async function updateStaff(
  ctx: StaffContext,
  caller: StaffCaller,
  id: string,
  change: { roles?: readonly StaffRole[] | undefined; disabled?: boolean | undefined },
  now: Date,
  requestId: string | null,
): Promise<Staff> {
  if (
    id === caller.id &&
    (change.disabled === true || (change.roles && !change.roles.includes('admin')))
  ) {
    throw new AppError('conflict', {
      message: 'An admin cannot disable their own account or take away their own admin role',
    });
  }
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, id)).for('update');
    if (before === undefined) throw new AppError('not_found', { message: 'No such staff account' });
    const [after] = await tx
      .update(staffUser)
      .set({
        ...(change.roles === undefined ? {} : { roles: [...change.roles] }),
        ...(change.disabled === undefined
          ? {}
          : { disabledAt: change.disabled ? (before.disabledAt ?? now) : null }),
        rolesVersion: sql`${staffUser.rolesVersion} + 1`,
      })
      .where(eq(staffUser.id, id))
      .returning();
    if (after === undefined) throw new AppError('not_found', { message: 'No such staff account' });
    await tx
      .update(staffSession)
      .set({ revokedAt: now })
      .where(and(eq(staffSession.staffId, id), isNull(staffSession.revokedAt)));
    const shown = (row: StaffRow) => ({ roles: rolesOf(row), disabled: row.disabledAt !== null });
    await recordAudit(tx, actorOf(caller), {
      action: 'staff.update',
      targetKind: 'staff',
      targetId: id,
      before: shown(before),
      after: shown(after),
      requestId,
      at: now,
    });
    return toStaff(after);
  });
}

/** A hash to verify against when the email has no account, so both take the same time. */
let absentHash: Promise<string> | null = null;

/**
 * Signs in with email, password and a fresh authenticator code. One refusal for every wrong
 * part (none is confirmed); the account locks after repeated failures. Answers the session
 * token (for the cookie) and the caller.
 */
export async function signIn(
  ctx: StaffContext,
  input: { email: string; password: string; code: string },
  now: Date,
  requestId: string | null,
): Promise<{ token: string; caller: StaffCaller; staff: Staff }> {
  const email = input.email.toLowerCase();
  const key = lockKey(ctx.secretKey, email);
  const refused = () => new AppError('staff_sign_in_failed');
  const attempt = await takeSignInAttempt(ctx.db, key, now, { ...LOCKOUT, captchaSolved: true });
  if (attempt === null) {
    const lock = await signInFailure(ctx.db, key);
    const seconds = Math.max(
      1,
      Math.ceil(((lock?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime()) / 1000),
    );
    throw new AppError('limit_exceeded', {
      message: `Too many failed sign-ins for this account; try again in ${String(Math.ceil(seconds / 60))} minutes`,
      retryAfterSeconds: seconds,
    });
  }
  const [row] = await ctx.db.select().from(staffUser).where(eq(staffUser.email, email)).limit(1);
  absentHash ??= hashPassword(generatePassword(20));
  const passwordOk = await verifyPassword(row?.passwordHash ?? (await absentHash), input.password);
  // A person who signs in only through single sign-on has no password here (decision 328).
  if (row === undefined || !passwordOk || row.disabledAt !== null || row.totpSealed === null) {
    throw refused();
  }
  const totp = totpFor(row.email, unseal(totpKey(ctx.secretKey), row.totpSealed));
  const delta = totp.validate({ token: input.code, timestamp: now.getTime(), window: 1 });
  if (delta === null) throw refused();
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
  // Used once: the step must be newer than the last one accepted (one statement, so two
  // requests with the same code cannot both pass).
  const [used] = await ctx.db
    .update(staffUser)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUser.id, row.id),
        or(isNull(staffUser.totpLastStep), lt(staffUser.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUser.id });
  if (used === undefined) throw refused();
  await clearSignInFailures(ctx.db, key);
  return openStaffSession(ctx, row, now, requestId, 'password');
}

/**
 * A new session for a staff member who has just proved who they are (password and code, or
 * single sign-on): its token for the cookie, the caller, and the audit row of the sign-in.
 */
export async function openStaffSession(
  ctx: StaffContext,
  row: StaffRow,
  now: Date,
  requestId: string | null,
  method: 'password' | 'oidc',
): Promise<{ token: string; caller: StaffCaller; staff: Staff }> {
  const token = `cps_${generateToken()}`;
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_MS);
  const [session] = await ctx.db
    .insert(staffSession)
    .values({
      staffId: row.id,
      tokenHash: keyedHash(tokenKey(ctx.secretKey), token),
      rolesVersion: row.rolesVersion,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning({ id: staffSession.id });
  if (session === undefined) throw new Error('staff session not stored');
  const caller: StaffCaller = {
    id: row.id,
    email: row.email,
    roles: rolesOf(row),
    sessionId: session.id,
    expiresAt,
  };
  await recordAudit(ctx.db, actorOf(caller), {
    action: 'staff.sign-in',
    targetKind: 'staff',
    targetId: row.id,
    after: { method },
    requestId,
    at: now,
  });
  return { token, caller, staff: toStaff(row) };
}

export type SessionCheck =
  | { kind: 'signed-in'; caller: StaffCaller; staff: Staff }
  | { kind: 'ended' }
  | { kind: 'unknown' };

/** The caller of a staff token: unknown, ended (revoked, idle, expired, roles changed) or live. */
export async function authenticate(
  ctx: StaffContext,
  token: string,
  now: Date,
): Promise<SessionCheck> {
  const [found] = await ctx.db
    .select({ session: staffSession, user: staffUser })
    .from(staffSession)
    .innerJoin(staffUser, eq(staffUser.id, staffSession.staffId))
    .where(eq(staffSession.tokenHash, keyedHash(tokenKey(ctx.secretKey), token)))
    .limit(1);
  if (found === undefined) return { kind: 'unknown' };
  const { session, user } = found;
  const live =
    session.revokedAt === null &&
    session.expiresAt > now &&
    now.getTime() - session.lastSeenAt.getTime() < STAFF_IDLE_MS &&
    session.rolesVersion === user.rolesVersion &&
    user.disabledAt === null;
  if (!live) return { kind: 'ended' };
  if (now.getTime() - session.lastSeenAt.getTime() >= SEEN_WRITE_MS) {
    await ctx.db
      .update(staffSession)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSession.id, session.id), lt(staffSession.lastSeenAt, now)));
  }
  return {
    kind: 'signed-in',
    caller: {
      id: user.id,
      email: user.email,
      roles: rolesOf(user),
      sessionId: session.id,
      expiresAt: session.expiresAt,
    },
    staff: toStaff(user),
  };
}

export async function signOut(
  ctx: StaffContext,
  caller: StaffCaller,
  now: Date,
  requestId: string | null,
): Promise<void> {
  await ctx.db
    .update(staffSession)
    .set({ revokedAt: now })
    .where(and(eq(staffSession.id, caller.sessionId), isNull(staffSession.revokedAt)));
  await recordAudit(ctx.db, actorOf(caller), {
    action: 'staff.sign-out',
    targetKind: 'staff',
    targetId: caller.id,
    requestId,
    at: now,
  });
}

/** Sessions ended long ago, for the prune job: a day past their end. */
export async function pruneStaffSessions(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 86_400_000);
  const rows = await db
    .delete(staffSession)
    .where(or(lt(staffSession.expiresAt, before), lt(staffSession.revokedAt, before)))
    .returning({ id: staffSession.id });
  return rows.length;
}

/**
 * The person an operator's command runs as (`--as <staff email>`, decision 297): an enabled
 * staff account, recorded in the audit log as an operator's action under that email.
 */
export async function operatorActor(db: Database, email: string): Promise<AuditActor> {
  const address = email.trim().toLowerCase();
  const [row] = await db.select().from(staffUser).where(eq(staffUser.email, address)).limit(1);
  if (row === undefined || row.disabledAt !== null) {
    throw new AppError('not_found', {
      message: `--as: ${address} is not an enabled staff account (npm run operator -- staff create …)`,
    });
  }
  return { kind: 'operator', name: row.email };
}
