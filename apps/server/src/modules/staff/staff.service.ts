// Staff accounts and their sessions (issue 39, decision 295). A staff member signs in with a
// password and one second factor (decision 304): the six digits of an authenticator app (TOTP,
// RFC 6238, through `otpauth`; each code used once) or a code sent by SMS on the customers' own
// code path (identity's outside challenges). Sessions are short — 30 minutes idle, 8 hours at most — and end when the
// account's roles change or it is disabled. Every change is audited with the person.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { Staff, StaffRole, StaffSecondFactor } from '@clinicpass/shared/platform/staff';
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
import type { OutsideChallenges } from '../identity/identity.service';
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

const factorOf = (row: StaffRow): StaffSecondFactor =>
  row.secondFactor === 'sms' ? 'sms' : 'totp';

export function toStaff(row: StaffRow): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: rolesOf(row),
    disabled: row.disabledAt !== null,
    second_factor: row.passwordHash === null ? null : factorOf(row),
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
export async function createStaff<Factor extends StaffSecondFactor = 'totp'>(
  ctx: StaffContext,
  actor: AuditActor,
  input: {
    email: string;
    name: string;
    roles: readonly StaffRole[];
    /** `sms` needs `phone` (E.164); the default is an authenticator. */
    second_factor?: Factor | undefined;
    phone?: string | undefined;
  },
  now: Date,
  requestId: string | null,
): Promise<{
  staff: Staff;
  password: string;
  /** The authenticator's secret, shown once; none for `sms`. */
  totp: Factor extends 'sms' ? null : TotpSetup;
}> {
  const password = generatePassword(20);
  const factor = factorSetup(ctx, input.second_factor ?? 'totp', input.phone);
  const rows = await ctx.db
    .insert(staffUser)
    .values({
      email: input.email.toLowerCase(),
      name: input.name,
      passwordHash: await hashPassword(password),
      ...factor.columns,
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
    after: {
      email: staff.email,
      name: staff.name,
      roles: staff.roles,
      second_factor: staff.second_factor,
      ...(row.phoneNumber === null ? {} : { phone: row.phoneNumber }),
    },
    requestId,
    at: now,
  });
  // The factor's type follows `Factor`: factorSetup made the one asked for.
  return {
    staff,
    password,
    totp: factor.totp(row.email) as Factor extends 'sms' ? null : TotpSetup,
  };
}

interface TotpSetup {
  secret: string;
  uri: string;
}

/**
 * The columns of a second factor, and what to show once: a new authenticator secret for
 * `totp`, nothing for `sms` (its codes go to `phone`).
 */
function factorSetup(ctx: StaffContext, factor: StaffSecondFactor, phone: string | undefined) {
  if (factor === 'sms') {
    if (phone === undefined) throw new Error('the sms factor needs a phone');
    return {
      columns: {
        secondFactor: 'sms',
        phoneNumber: phone,
        totpSealed: null,
        totpLastStep: null,
      },
      totp: (_email: string): TotpSetup | null => null,
    };
  }
  const secret = new Secret({ size: 20 }).base32;
  return {
    columns: {
      secondFactor: 'totp',
      phoneNumber: null,
      totpSealed: seal(totpKey(ctx.secretKey), secret),
      totpLastStep: null,
    },
    totp: (email: string): TotpSetup | null => ({
      secret,
      uri: totpFor(email, secret).toString(),
    }),
  };
}

/**
 * Sets an account's second factor (an admin, `PUT /staff/:id/second-factor`): a new
 * authenticator (its secret answered once) or SMS to a mobile number. The account's sessions
 * end; a person who signs in only through single sign-on has no factor to set.
 */
export async function setSecondFactor(
  ctx: StaffContext,
  caller: StaffCaller,
  id: string,
  input: { second_factor: StaffSecondFactor; phone?: string | undefined },
  now: Date,
  requestId: string | null,
) {
  const factor = factorSetup(ctx, input.second_factor, input.phone);
  const after = await changeAccount(ctx, caller, id, now, requestId, {
    action: 'staff.second-factor',
    check: (before) => {
      if (before.passwordHash === null) {
        throw new AppError('conflict', {
          message: 'This person signs in only through single sign-on: there is no factor to set',
        });
      }
    },
    set: () => factor.columns,
    shown: (row) => ({ second_factor: factorOf(row), phone: row.phoneNumber }),
  });
  return { staff: toStaff(after), totp: factor.totp(after.email) };
}

/**
 * A change of an account in one transaction that ends its sessions (`roles_version` raised,
 * sessions revoked) and is audited with `shown` of the row before and after.
 */
async function changeAccount(
  ctx: StaffContext,
  caller: StaffCaller,
  id: string,
  now: Date,
  requestId: string | null,
  change: {
    action: string;
    check?: (before: StaffRow) => void;
    set: (before: StaffRow) => Partial<typeof staffUser.$inferInsert>;
    shown: (row: StaffRow) => Record<string, unknown>;
  },
): Promise<StaffRow> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, id)).for('update');
    if (before === undefined) throw new AppError('not_found', { message: 'No such staff account' });
    change.check?.(before);
    const [after] = await tx
      .update(staffUser)
      .set({ ...change.set(before), rolesVersion: sql`${staffUser.rolesVersion} + 1` })
      .where(eq(staffUser.id, id))
      .returning();
    if (after === undefined) throw new AppError('not_found', { message: 'No such staff account' });
    await tx
      .update(staffSession)
      .set({ revokedAt: now })
      .where(and(eq(staffSession.staffId, id), isNull(staffSession.revokedAt)));
    await recordAudit(tx, actorOf(caller), {
      action: change.action,
      targetKind: 'staff',
      targetId: id,
      before: change.shown(before),
      after: change.shown(after),
      requestId,
      at: now,
    });
    return after;
  });
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
  const after = await changeAccount(ctx, caller, id, now, requestId, {
    action: 'staff.update',
    set: (before) => ({
      ...(change.roles === undefined ? {} : { roles: [...change.roles] }),
      ...(change.disabled === undefined
        ? {}
        : { disabledAt: change.disabled ? (before.disabledAt ?? now) : null }),
    }),
    shown: (row) => ({ roles: rolesOf(row), disabled: row.disabledAt !== null }),
  });
  return toStaff(after);
}

/** A hash to verify against when the email has no account, so both take the same time. */
let absentHash: Promise<string> | null = null;

const refused = () => new AppError('staff_sign_in_failed');

/**
 * The account of `email` once its password is right, the attempt counted against its lock
 * first. One refusal for every wrong part (none is confirmed); `limit_exceeded` while locked.
 */
async function passwordChecked(
  ctx: StaffContext,
  input: { email: string; password: string },
  now: Date,
): Promise<StaffRow> {
  const key = lockKey(ctx.secretKey, input.email.toLowerCase());
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
  const email = input.email.toLowerCase();
  const [row] = await ctx.db.select().from(staffUser).where(eq(staffUser.email, email)).limit(1);
  absentHash ??= hashPassword(generatePassword(20));
  const passwordOk = await verifyPassword(row?.passwordHash ?? (await absentHash), input.password);
  // A person who signs in only through single sign-on has no password here (decision 328).
  if (row === undefined || !passwordOk || row.disabledAt !== null) throw refused();
  return row;
}

/**
 * Signs in with email, password and a fresh authenticator code (an account whose factor is
 * `totp`). Answers the session token (for the cookie) and the caller.
 */
export async function signIn(
  ctx: StaffContext,
  input: { email: string; password: string; code: string },
  now: Date,
  requestId: string | null,
): Promise<{ token: string; caller: StaffCaller; staff: Staff }> {
  const row = await passwordChecked(ctx, input, now);
  if (factorOf(row) !== 'totp' || row.totpSealed === null) throw refused();
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
  await clearSignInFailures(ctx.db, lockKey(ctx.secretKey, row.email));
  return openStaffSession(ctx, row, now, requestId, 'password');
}

/** The identity service's Cognito names, as the back office answers them. */
const SMS_REFUSALS: Partial<Record<string, () => AppError>> = {
  LimitExceededException: () =>
    new AppError('limit_exceeded', {
      message: 'Too many codes sent to this account; try again later',
    }),
  TooManyFailedAttemptsException: () =>
    new AppError('limit_exceeded', {
      message: 'Too many wrong codes; sign in again for a new one',
    }),
  NotAuthorizedException: refused,
  CodeMismatchException: refused,
  ExpiredCodeException: refused,
};

function smsRefusal(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return SMS_REFUSALS[error.code]?.() ?? error;
}

/**
 * The first step of an SMS sign-in (decision 304): the password of an account whose factor is
 * `sms`, then a code to its phone through the customers' code path and outbox. Answers the
 * challenge session the code is sent back with.
 */
export async function startSmsSignIn(
  ctx: StaffContext,
  sms: OutsideChallenges,
  input: { email: string; password: string },
  language: Language,
  now: Date,
) {
  const row = await passwordChecked(ctx, input, now);
  if (factorOf(row) !== 'sms' || row.phoneNumber === null) throw refused();
  try {
    return await sms.send(`staff:${row.id}`, row.phoneNumber, language);
  } catch (error) {
    throw smsRefusal(error);
  }
}

/**
 * The second step: the code of the SMS with its challenge session. A wrong or expired code is
 * `staff_sign_in_failed`; the 5th wrong one ends the code (`limit_exceeded`: sign in again).
 */
export async function finishSmsSignIn(
  ctx: StaffContext,
  sms: OutsideChallenges,
  input: { session: string; code: string },
  now: Date,
  requestId: string | null,
): Promise<{ token: string; caller: StaffCaller; staff: Staff }> {
  let owner: string;
  try {
    owner = await sms.check(input.session, input.code);
  } catch (error) {
    throw smsRefusal(error);
  }
  const id = owner.startsWith('staff:') ? owner.slice('staff:'.length) : '';
  const [row] = await ctx.db.select().from(staffUser).where(eq(staffUser.id, id)).limit(1);
  // The account may have been disabled or set to another factor since the code was sent.
  if (row === undefined || row.disabledAt !== null || factorOf(row) !== 'sms') throw refused();
  await clearSignInFailures(ctx.db, lockKey(ctx.secretKey, row.email));
  return openStaffSession(ctx, row, now, requestId, 'sms');
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
  method: 'password' | 'sms' | 'oidc',
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
