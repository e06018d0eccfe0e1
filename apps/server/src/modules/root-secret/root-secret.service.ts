// One-time secrets (spec platform-layer §7 "POST /secret/", root area; decision 089): a token
// from a link in a letter (`/s/:token`) redeemed once into what it grants. Tokens are 256 random
// bits, stored only as an HMAC; expired, unknown and already used tokens all answer
// `invalid_token`, so an answer never tells which.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { SecretRedemption } from '@clinicpass/shared/platform/entities/reference';
import type { Database } from '../../db/client';
import * as repo from './root-secret.repository';

/** What a secret may grant. */
export const SECRET_KINDS = ['account-setup', 'application-resume'] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

/** How long a letter's link stays redeemable unless the issuer says otherwise. */
export const SECRET_DEFAULT_TTL_DAYS = 30;

export function tokenHash(secretKey: string, token: string): string {
  return createHmac('sha256', secretKey).update(`root-secret:${token}`).digest('hex');
}

export interface IssueSecret {
  kind: SecretKind;
  userId: string;
  payload?: Record<string, unknown>;
  now: Date;
  ttlMs?: number;
}

/** Issues a secret; the plain token is returned once (for the letter) and never stored. */
export async function issueSecret(
  db: Database,
  secretKey: string,
  issue: IssueSecret,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insert(db, {
    tokenHash: tokenHash(secretKey, token),
    kind: issue.kind,
    userId: issue.userId,
    payload: issue.payload ?? {},
    expiresAt: new Date(
      issue.now.getTime() + (issue.ttlMs ?? SECRET_DEFAULT_TTL_DAYS * 86_400_000),
    ),
    createDate: issue.now,
  });
  return token;
}

function languagePrefix(language: Language): string {
  return language === 'zh-HK' ? '/zh-hk' : '/en';
}

function invalidToken(): AppError {
  return new AppError('invalid_token', { message: 'This link is invalid or has expired' });
}

/** Redeems a token once; the answer says where the web goes next and what it may pre-fill. */
export async function redeemSecret(
  db: Database,
  secretKey: string,
  token: string,
  now: Date,
  language: Language,
): Promise<SecretRedemption> {
  const redeemed = await repo.redeem(db, tokenHash(secretKey, token), now);
  if (!redeemed) throw invalidToken();
  const payload = (redeemed.payload ?? {}) as Record<string, unknown>;
  const prefix = languagePrefix(language);
  if (redeemed.kind === 'account-setup') {
    const email = redeemed.userId === null ? null : await repo.userEmail(db, redeemed.userId);
    if (email === null) throw invalidToken();
    return {
      kind: 'account-setup',
      redirect_to: `${prefix}/outpatient/set-password?email=${encodeURIComponent(email)}`,
      payload: { email },
    };
  }
  if (redeemed.kind === 'application-resume') {
    const id = payload.application_case_id;
    if (typeof id !== 'number') throw invalidToken();
    return {
      kind: 'application-resume',
      redirect_to: `${prefix}/application-case/${id}/resume`,
      payload: { application_case_id: id },
    };
  }
  throw invalidToken();
}

/**
 * Where a redemption's `Idempotency-Key` replay is kept (decision 089): under the user the
 * secret was issued for, keyed by the request's key and the token's hash together, so a key
 * only ever replays the redemption of its own token. Null when the request has no key or the
 * token names no secret (the redemption then answers `invalid_token` and nothing is stored).
 */
export async function replayScope(
  db: Database,
  secretKey: string,
  token: string,
  key: string | null,
): Promise<{ userId: string; key: string } | null> {
  if (key === null) return null;
  const hash = tokenHash(secretKey, token);
  const userId = await repo.ownerOf(db, hash);
  if (userId === null) return null;
  return {
    userId,
    key: `root-secret:${createHash('sha256').update(`${key}\n${hash}`).digest('hex')}`,
  };
}
