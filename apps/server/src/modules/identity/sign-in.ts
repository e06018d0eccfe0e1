// Sign-in: email and password (captcha, lockout), then tokens or an SMS challenge.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { SIGN_IN_FAILURES_BEFORE_CAPTCHA } from '@clinicpass/shared/schemas/captcha';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import type { Codes } from './codes';
import { generateToken, keyedHash } from '../../lib/crypto';
import {
  IDENTITY_LIMITS,
  USER_STATUS,
  type IdentityContext,
  type SignInResult,
  type Tokens,
} from './identity-context';
import type { UserRow } from './identity.repository';
import type { Sessions } from './sessions';

export class SignIn {
  // Verified for unknown emails, so they take as long as known ones.
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly ctx: IdentityContext,
    private readonly codes: Codes,
    private readonly sessions: Sessions,
  ) {}

  /**
   * Email + password. After SIGN_IN_FAILURES_BEFORE_CAPTCHA recent failures for the email (known
   * or not) or from the client address, an attempt needs a solved captcha (`captcha_required`
   * without one, decided before anything about the account is looked at). An attempt slot is
   * taken in PostgreSQL before the password is checked (decision 044), so parallel guesses can
   * neither skip the captcha nor check more passwords than the lockout allows.
   */
  async signIn(
    email: string,
    password: string,
    language: Language,
    client: { address: string; captcha?: string | string[] | undefined } = { address: '' },
  ): Promise<SignInResult> {
    const emailKey = keyedHash(this.ctx.lookupKey, `sign-in:${email}`);
    const addressKey = keyedHash(this.ctx.lookupKey, `sign-in-address:${client.address}`);
    const [failure, addressFailure] = await Promise.all([
      this.ctx.repo.signInFailure(emailKey),
      this.ctx.repo.signInFailure(addressKey),
    ]);
    let captchaSolved = false;
    if (
      this.recentFailures(failure) >= SIGN_IN_FAILURES_BEFORE_CAPTCHA ||
      this.recentFailures(addressFailure) >= SIGN_IN_FAILURES_BEFORE_CAPTCHA
    ) {
      await this.ctx.captcha.check(client.captcha);
      captchaSolved = true;
    }
    let slot = await this.takeSignInAttempt(emailKey, captchaSolved);
    if (slot === null && !captchaSolved && !(await this.lockedNow(emailKey))) {
      // Parallel failures reached the captcha threshold after the read above.
      await this.ctx.captcha.check(client.captcha);
      slot = await this.takeSignInAttempt(emailKey, true);
    }
    const user = await this.ctx.repo.userByEmail(email);
    if (slot === null) {
      // Locked: the same work and answer as a wrong password, and the attempt is not counted.
      await this.verifyDummy(password);
      throw new AppError('NotAuthorizedException');
    }
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await this.verifyDummy(password);
    if (!user || !valid) {
      await this.ctx.repo.recordSignInFailure(
        addressKey,
        this.ctx.now(),
        IDENTITY_LIMITS.lockoutQuietMs,
      );
      if (!user && !this.ctx.prevent) throw new AppError('UserNotFoundException');
      throw new AppError('NotAuthorizedException');
    }
    await this.ctx.repo.clearSignInFailures(emailKey);
    if (user.status !== USER_STATUS.confirmed) {
      throw new AppError('PasswordResetRequiredException');
    }
    return this.completeSignIn(user, language);
  }

  /** The attempt's failure count (counted before the check), or null when refused. */
  private takeSignInAttempt(emailKey: string, captchaSolved: boolean): Promise<number | null> {
    return this.ctx.repo.takeSignInAttempt(emailKey, this.ctx.now(), {
      quietMs: IDENTITY_LIMITS.lockoutQuietMs,
      captchaAfter: SIGN_IN_FAILURES_BEFORE_CAPTCHA,
      captchaSolved,
      lockAfter: IDENTITY_LIMITS.lockoutAfterFailures,
      lockFirstMs: IDENTITY_LIMITS.lockoutFirstMs,
      lockMaxMs: IDENTITY_LIMITS.lockoutMaxMs,
    });
  }

  private async lockedNow(emailKey: string): Promise<boolean> {
    const lockedUntil = (await this.ctx.repo.signInFailure(emailKey))?.lockedUntil ?? null;
    return lockedUntil !== null && lockedUntil > this.ctx.now();
  }

  /** Failures counted within the quiet period (older ones start again from nothing). */
  private recentFailures(row: { failures: number; lastFailureAt: Date } | null): number {
    if (row === null) return 0;
    const quietSince = this.ctx.now().getTime() - IDENTITY_LIMITS.lockoutQuietMs;
    return row.lastFailureAt.getTime() > quietSince ? row.failures : 0;
  }

  private async verifyDummy(password: string): Promise<boolean> {
    this.dummyHash ??= hashPassword(generatePassword());
    await verifyPassword(await this.dummyHash, password);
    return false;
  }

  /** Tokens, or an SMS code first when the user has a verified phone. */
  async completeSignIn(user: UserRow, language: Language = 'en'): Promise<SignInResult> {
    if (user.phoneVerified && user.phoneNumber) {
      const session = generateToken();
      await this.codes.sendCode(user, 'mfa', {
        channel: 'sms',
        to: user.phoneNumber,
        language,
        challengeHash: keyedHash(this.ctx.tokenKey, `challenge:${session}`),
      });
      return { kind: 'challenge', session, destination: maskPhone(user.phoneNumber) };
    }
    return { kind: 'tokens', tokens: await this.sessions.issueTokens(user) };
  }

  async respondToChallenge(session: string, code: string): Promise<Tokens> {
    const row = await this.ctx.repo.codeByChallenge(
      keyedHash(this.ctx.tokenKey, `challenge:${session}`),
    );
    if (!row) {
      throw new AppError('NotAuthorizedException', { message: 'Invalid session for the user' });
    }
    await this.codes.useCode(row, code);
    const user = row.userId === null ? null : await this.ctx.repo.userById(row.userId);
    if (!user) throw new AppError('NotAuthorizedException');
    return this.sessions.issueTokens(user);
  }
}
