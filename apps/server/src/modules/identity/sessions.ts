// Sessions and their tokens: issued, authenticated, refreshed, renewed and signed out.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { keyedHash, generateToken } from '../../lib/crypto';
import type { IdentityContext, Tokens } from './identity-context';
import type { UserRow } from './identity.repository';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_SECONDS,
  signAccessToken,
  verifyAccessToken,
  type AccessClaims,
} from './tokens';

export class Sessions {
  constructor(private readonly ctx: IdentityContext) {}

  async issueTokens(user: UserRow): Promise<Tokens> {
    const now = this.ctx.now();
    const sessionId = await this.ctx.repo.createSession(
      user.id,
      now,
      new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    );
    return this.tokensForSession({ userId: user.id, email: user.email, sessionId }, now);
  }

  private async tokensForSession(claims: AccessClaims, now: Date): Promise<Tokens> {
    const refreshToken = generateToken();
    await this.ctx.repo.insertRefreshToken({
      sessionId: claims.sessionId,
      tokenHash: keyedHash(this.ctx.tokenKey, `refresh:${refreshToken}`),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
      now,
    });
    return {
      access_token: await signAccessToken(claims, now, this.ctx.accessKey),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
    };
  }

  /** The identity behind an access token, if it is well signed, unexpired and not revoked. */
  async authenticate(accessToken: string): Promise<AccessClaims | null> {
    const now = this.ctx.now();
    const claims = await verifyAccessToken(accessToken, now, this.ctx.accessKey);
    if (!claims) return null;
    return (await this.ctx.repo.activeSession(claims.sessionId, claims.userId, now))
      ? claims
      : null;
  }

  /** Rotates a refresh token; a rotated one used again revokes its session (theft). */
  async refresh(refreshToken: string): Promise<Tokens> {
    const now = this.ctx.now();
    const row = await this.ctx.repo.refreshToken(
      keyedHash(this.ctx.tokenKey, `refresh:${refreshToken}`),
    );
    const refused = () =>
      new AppError('NotAuthorizedException', { message: 'Invalid refresh token' });
    if (!row) throw refused();
    if (row.rotatedAt !== null) {
      await this.ctx.repo.revokeSession(row.sessionId, now);
      throw refused();
    }
    if (row.sessionRevokedAt !== null || row.expiresAt <= now || row.sessionExpiresAt <= now) {
      throw refused();
    }
    if (!(await this.ctx.repo.rotateRefreshToken(row.id, now))) throw refused();
    const user = await this.ctx.repo.userById(row.userId);
    if (!user) throw refused();
    return this.tokensForSession(
      { userId: user.id, email: user.email, sessionId: row.sessionId },
      now,
    );
  }

  /**
   * A new access token for the session of a current refresh token, without rotating it (the
   * API's renewal of an expired access cookie, decision 108): several requests may carry the
   * same refresh token at once. A rotated, expired or revoked one answers null and changes
   * nothing (only `refresh` treats a rotated token as stolen).
   */
  async renewAccess(
    refreshToken: string,
  ): Promise<{ claims: AccessClaims; accessToken: string } | null> {
    const now = this.ctx.now();
    const row = await this.ctx.repo.refreshToken(
      keyedHash(this.ctx.tokenKey, `refresh:${refreshToken}`),
    );
    if (
      !row ||
      row.rotatedAt !== null ||
      row.sessionRevokedAt !== null ||
      row.expiresAt <= now ||
      row.sessionExpiresAt <= now
    ) {
      return null;
    }
    const user = await this.ctx.repo.userById(row.userId);
    if (!user) return null;
    const claims = { userId: user.id, email: user.email, sessionId: row.sessionId };
    return { claims, accessToken: await signAccessToken(claims, now, this.ctx.accessKey) };
  }

  /** Global sign-out by access token or refresh token; unknown tokens change nothing. */
  async signOut(input: { userId?: string | null; refreshToken?: string | null }): Promise<void> {
    let userId = input.userId ?? null;
    if (userId === null && input.refreshToken) {
      const row = await this.ctx.repo.refreshToken(
        keyedHash(this.ctx.tokenKey, `refresh:${input.refreshToken}`),
      );
      if (row && row.rotatedAt === null) userId = row.userId;
    }
    if (userId !== null) await this.ctx.repo.revokeAllSessions(userId, this.ctx.now());
  }

  async me(userId: string): Promise<UserRow | null> {
    return this.ctx.repo.userById(userId);
  }
}
