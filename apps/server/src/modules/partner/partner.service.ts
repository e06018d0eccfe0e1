// The partner the signed-in user acts for (`/partner/me`) and the health-services provider
// login (`/heals/login`) of one of their policies (spec platform-layer §3, §7; decision 088).
import { createHmac } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { HealthServicesLogin, Partner } from '@clinicpass/shared/platform/entities/reference';
import { SignJWT } from 'jose';
import type { Database } from '../../db/client';
import * as repo from './partner.repository';

/** Lifetime of the provider's access token. */
export const HEALS_TOKEN_SECONDS = 10 * 60;
export const HEALS_TOKEN_ISSUER = 'clinicpass';
export const HEALS_TOKEN_AUDIENCE = 'health-services-provider';

/** The provider's signing key: derived from the server secret, never the secret itself. */
export function healsTokenKey(secretKey: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secretKey).update('heals-token').digest());
}

export async function partnerOf(db: Database, userId: string): Promise<Partner> {
  const found = await repo.partnerOfUser(db, userId);
  if (!found) throw new AppError('not_found', { message: 'You do not act for a partner' });
  return {
    id: found.id,
    name: found.name,
    create_date: found.createDate.toISOString(),
    update_date: found.updateDate.toISOString(),
  };
}

/**
 * Signs the member in to the health-services provider for one of their policies. The policy
 * is usable there while it is in force and has a medical network; only then is a token given.
 */
export async function healsLogin(
  db: Database,
  userId: string,
  policyNumber: string,
  secretKey: string,
  now: Date,
): Promise<HealthServicesLogin> {
  const found = await repo.ownPolicy(db, userId, policyNumber);
  if (!found) throw new AppError('not_found', { message: `No policy ${policyNumber}` });
  const accountId = await repo.healsAccountId(db, userId, found.id);
  const usable = found.status === 'in-force' && found.medicalNetworkPanel !== null;
  if (!usable) return { account_id: accountId, usable, access_token: '' };
  const issuedAt = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({ policy_number: policyNumber })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(accountId)
    .setIssuer(HEALS_TOKEN_ISSUER)
    .setAudience(HEALS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + HEALS_TOKEN_SECONDS)
    .sign(healsTokenKey(secretKey));
  return { account_id: accountId, usable, access_token: accessToken };
}
