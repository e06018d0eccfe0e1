// Access tokens: short-lived JWTs (HS256, `jose`) naming the user and the session (`sid`). The
// signature alone is not enough: the auth plugin also checks the session is not revoked, which
// is how a global sign-out refuses access tokens issued before it.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

const ISSUER = 'clinicpass-identity';
const AUDIENCE = 'clinicpass';

export interface AccessClaims {
  userId: string;
  email: string;
  sessionId: string;
}

export async function signAccessToken(claims: AccessClaims, now: Date, key: Uint8Array) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: claims.email, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}

/** The claims of a well-signed, unexpired token; null otherwise. */
export async function verifyAccessToken(
  token: string,
  now: Date,
  key: Uint8Array,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 0,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return null;
    }
    return { userId: payload.sub, email: payload.email, sessionId: payload.sid };
  } catch {
    return null;
  }
}
