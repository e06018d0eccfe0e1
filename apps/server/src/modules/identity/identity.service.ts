// The identity service's rules (a Cognito user pool as the front end sees it). Throws AppError
// with Cognito's exception names; knows nothing of HTTP (cookies are the routes' business).
import { randomUUID } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import { isHkMobile, maskPhone, normalizeHkPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Language } from '@clinicpass/shared/i18n/languages';
import {
  meetsPasswordPolicy,
  type CodeDeliveryResponse,
  type DeliveryMedium,
} from '@clinicpass/shared/schemas/identity';
import { SIGN_IN_FAILURES_BEFORE_CAPTCHA } from '@clinicpass/shared/schemas/captcha';
import type { Clock } from '@clinicpass/shared/time/clock';
import type { Config } from '../../config';
import type { CaptchaService } from '../captcha/captcha.service';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { deriveKey, generateCode, generateToken, keyedHash, maskEmail, sameHash } from './crypto';
import type { Delivery } from './delivery';
import type { CodePurpose, CodeRow, IdentityRepository, UserRow } from './identity.repository';
import { IDENTITY_TEXTS } from './messages';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_SECONDS,
  signAccessToken,
  verifyAccessToken,
  type AccessClaims,
} from './tokens';

const MINUTE = 60_000;
/** Where forgot-password says an SMS code went: a Hong Kong number, no digit shown (decision 142). */
export const SMS_DESTINATION = '+852 ********';

/** Lifetimes and limits (issue 5). */
export const IDENTITY_LIMITS = {
  codeLifetimeMinutes: { mfa: 3, reset: 60, first_time: 24 * 60, phone: 10 },
  maxCodeAttempts: 5,
  lockoutAfterFailures: 5,
  lockoutFirstMs: 1000,
  lockoutMaxMs: 15 * MINUTE,
  lockoutQuietMs: 15 * MINUTE,
  passwordHistory: 5,
} as const satisfies Record<string, unknown>;

export const USER_STATUS = { confirmed: 'CONFIRMED', mustSetPassword: 'FORCE_CHANGE_PASSWORD' };

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

export type SignInResult =
  { kind: 'tokens'; tokens: Tokens } | { kind: 'challenge'; session: string; destination: string };

export interface IdentityServiceDeps {
  repository: IdentityRepository;
  delivery: Delivery;
  config: Config;
  clock: Clock;
  captcha: Pick<CaptchaService, 'check'>;
}

export class IdentityService {
  private readonly repo: IdentityRepository;
  private readonly delivery: Delivery;
  private readonly config: Config;
  private readonly clock: Clock;
  private readonly captcha: Pick<CaptchaService, 'check'>;
  private readonly codeKey: Buffer;
  private readonly tokenKey: Buffer;
  private readonly lookupKey: Buffer;
  readonly accessKey: Uint8Array;
  // Verified for unknown emails, so they take as long as known ones.
  private dummyHash: Promise<string> | undefined;

  constructor(deps: IdentityServiceDeps) {
    this.repo = deps.repository;
    this.delivery = deps.delivery;
    this.config = deps.config;
    this.clock = deps.clock;
    this.captcha = deps.captcha;
    this.codeKey = deriveKey(deps.config.secretKey, 'identity-code');
    this.tokenKey = deriveKey(deps.config.secretKey, 'identity-refresh-token');
    this.lookupKey = deriveKey(deps.config.secretKey, 'identity-lookup');
    this.accessKey = new Uint8Array(deriveKey(deps.config.secretKey, 'identity-access-token'));
  }

  private now(): Date {
    return this.clock.now();
  }

  private get prevent(): boolean {
    return this.config.identity.preventUserExistenceErrors;
  }

  // ---------------------------------------------------------------- sign-in

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
    const emailKey = keyedHash(this.lookupKey, `sign-in:${email}`);
    const addressKey = keyedHash(this.lookupKey, `sign-in-address:${client.address}`);
    const [failure, addressFailure] = await Promise.all([
      this.repo.signInFailure(emailKey),
      this.repo.signInFailure(addressKey),
    ]);
    let captchaSolved = false;
    if (
      this.recentFailures(failure) >= SIGN_IN_FAILURES_BEFORE_CAPTCHA ||
      this.recentFailures(addressFailure) >= SIGN_IN_FAILURES_BEFORE_CAPTCHA
    ) {
      await this.captcha.check(client.captcha);
      captchaSolved = true;
    }
    let slot = await this.takeSignInAttempt(emailKey, captchaSolved);
    if (slot === null && !captchaSolved && !(await this.lockedNow(emailKey))) {
      // Parallel failures reached the captcha threshold after the read above.
      await this.captcha.check(client.captcha);
      slot = await this.takeSignInAttempt(emailKey, true);
    }
    const user = await this.repo.userByEmail(email);
    if (slot === null) {
      // Locked: the same work and answer as a wrong password, and the attempt is not counted.
      await this.verifyDummy(password);
      throw new AppError('NotAuthorizedException');
    }
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await this.verifyDummy(password);
    if (!user || !valid) {
      await this.repo.recordSignInFailure(addressKey, this.now(), IDENTITY_LIMITS.lockoutQuietMs);
      if (!user && !this.prevent) throw new AppError('UserNotFoundException');
      throw new AppError('NotAuthorizedException');
    }
    await this.repo.clearSignInFailures(emailKey);
    if (user.status !== USER_STATUS.confirmed) {
      throw new AppError('PasswordResetRequiredException');
    }
    return this.completeSignIn(user, language);
  }

  /** The attempt's failure count (counted before the check), or null when refused. */
  private takeSignInAttempt(emailKey: string, captchaSolved: boolean): Promise<number | null> {
    return this.repo.takeSignInAttempt(emailKey, this.now(), {
      quietMs: IDENTITY_LIMITS.lockoutQuietMs,
      captchaAfter: SIGN_IN_FAILURES_BEFORE_CAPTCHA,
      captchaSolved,
      lockAfter: IDENTITY_LIMITS.lockoutAfterFailures,
      lockFirstMs: IDENTITY_LIMITS.lockoutFirstMs,
      lockMaxMs: IDENTITY_LIMITS.lockoutMaxMs,
    });
  }

  private async lockedNow(emailKey: string): Promise<boolean> {
    const lockedUntil = (await this.repo.signInFailure(emailKey))?.lockedUntil ?? null;
    return lockedUntil !== null && lockedUntil > this.now();
  }

  /** Failures counted within the quiet period (older ones start again from nothing). */
  private recentFailures(row: { failures: number; lastFailureAt: Date } | null): number {
    if (row === null) return 0;
    const quietSince = this.now().getTime() - IDENTITY_LIMITS.lockoutQuietMs;
    return row.lastFailureAt.getTime() > quietSince ? row.failures : 0;
  }

  private async verifyDummy(password: string): Promise<boolean> {
    this.dummyHash ??= hashPassword(generatePassword());
    await verifyPassword(await this.dummyHash, password);
    return false;
  }

  /** Tokens, or an SMS code first when the user has a verified phone. */
  private async completeSignIn(user: UserRow, language: Language = 'en'): Promise<SignInResult> {
    if (user.phoneVerified && user.phoneNumber) {
      const session = generateToken();
      await this.sendCode(user, 'mfa', {
        channel: 'sms',
        to: user.phoneNumber,
        language,
        challengeHash: keyedHash(this.tokenKey, `challenge:${session}`),
      });
      return { kind: 'challenge', session, destination: maskPhone(user.phoneNumber) };
    }
    return { kind: 'tokens', tokens: await this.issueTokens(user) };
  }

  async respondToChallenge(session: string, code: string): Promise<Tokens> {
    const row = await this.repo.codeByChallenge(keyedHash(this.tokenKey, `challenge:${session}`));
    if (!row) {
      throw new AppError('NotAuthorizedException', { message: 'Invalid session for the user' });
    }
    await this.useCode(row, code);
    const user = row.userId === null ? null : await this.repo.userById(row.userId);
    if (!user) throw new AppError('NotAuthorizedException');
    return this.issueTokens(user);
  }

  // ---------------------------------------------------------------- tokens

  private async issueTokens(user: UserRow): Promise<Tokens> {
    const now = this.now();
    const sessionId = await this.repo.createSession(
      user.id,
      now,
      new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    );
    return this.tokensForSession({ userId: user.id, email: user.email, sessionId }, now);
  }

  private async tokensForSession(claims: AccessClaims, now: Date): Promise<Tokens> {
    const refreshToken = generateToken();
    await this.repo.insertRefreshToken({
      sessionId: claims.sessionId,
      tokenHash: keyedHash(this.tokenKey, `refresh:${refreshToken}`),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
      now,
    });
    return {
      access_token: await signAccessToken(claims, now, this.accessKey),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
    };
  }

  /** The identity behind an access token, if it is well signed, unexpired and not revoked. */
  async authenticate(accessToken: string): Promise<AccessClaims | null> {
    const now = this.now();
    const claims = await verifyAccessToken(accessToken, now, this.accessKey);
    if (!claims) return null;
    return (await this.repo.activeSession(claims.sessionId, claims.userId, now)) ? claims : null;
  }

  /** Rotates a refresh token; a rotated one used again revokes its session (theft). */
  async refresh(refreshToken: string): Promise<Tokens> {
    const now = this.now();
    const row = await this.repo.refreshToken(keyedHash(this.tokenKey, `refresh:${refreshToken}`));
    const refused = () =>
      new AppError('NotAuthorizedException', { message: 'Invalid refresh token' });
    if (!row) throw refused();
    if (row.rotatedAt !== null) {
      await this.repo.revokeSession(row.sessionId, now);
      throw refused();
    }
    if (row.sessionRevokedAt !== null || row.expiresAt <= now || row.sessionExpiresAt <= now) {
      throw refused();
    }
    if (!(await this.repo.rotateRefreshToken(row.id, now))) throw refused();
    const user = await this.repo.userById(row.userId);
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
    const now = this.now();
    const row = await this.repo.refreshToken(keyedHash(this.tokenKey, `refresh:${refreshToken}`));
    if (
      !row ||
      row.rotatedAt !== null ||
      row.sessionRevokedAt !== null ||
      row.expiresAt <= now ||
      row.sessionExpiresAt <= now
    ) {
      return null;
    }
    const user = await this.repo.userById(row.userId);
    if (!user) return null;
    const claims = { userId: user.id, email: user.email, sessionId: row.sessionId };
    return { claims, accessToken: await signAccessToken(claims, now, this.accessKey) };
  }

  /** Global sign-out by access token or refresh token; unknown tokens change nothing. */
  async signOut(input: { userId?: string | null; refreshToken?: string | null }): Promise<void> {
    let userId = input.userId ?? null;
    if (userId === null && input.refreshToken) {
      const row = await this.repo.refreshToken(
        keyedHash(this.tokenKey, `refresh:${input.refreshToken}`),
      );
      if (row && row.rotatedAt === null) userId = row.userId;
    }
    if (userId !== null) await this.repo.revokeAllSessions(userId, this.now());
  }

  async me(userId: string): Promise<UserRow | null> {
    return this.repo.userById(userId);
  }

  // ---------------------------------------------------------------- codes

  private async countSend(key: string): Promise<void> {
    const count = await this.repo.countInWindow(
      `send:${keyedHash(this.lookupKey, key)}`,
      60 * MINUTE,
      this.now(),
    );
    if (count > this.config.identity.codeSendsPerHour) throw new AppError('LimitExceededException');
  }

  private async sendCode(
    user: UserRow,
    purpose: CodePurpose,
    options: {
      channel: 'email' | 'sms';
      to: string;
      language: Language;
      challengeHash?: string;
      payload?: Record<string, string>;
      link?: string;
    },
  ): Promise<void> {
    await this.countSend(`user:${user.id}`);
    const now = this.now();
    const minutes = IDENTITY_LIMITS.codeLifetimeMinutes[purpose];
    const id = randomUUID();
    const code = generateCode();
    const texts =
      IDENTITY_TEXTS[options.language][purpose === 'first_time' ? 'firstTime' : purpose];
    // The code and its message are stored together: the message is queued in the code's
    // transaction and delivered by the job runner (decision 281).
    await this.repo.issueCode(
      {
        id,
        userId: user.id,
        purpose,
        codeHash: keyedHash(this.codeKey, `${id}:${code}`),
        challengeHash: options.challengeHash,
        payload: options.payload,
        expiresAt: new Date(now.getTime() + minutes * MINUTE),
        now,
      },
      (tx) =>
        this.delivery.send(
          {
            channel: options.channel,
            to: options.to,
            subject: texts.subject,
            body: texts.body({ code, link: options.link, minutes }),
            language: options.language,
            code,
            link: options.link,
          },
          tx,
        ),
    );
  }

  /**
   * A code "sent" where none is (an email without an account; first-time login of an account
   * that has a password): the hash of a random value no 6-digit code matches, so wrong guesses
   * are counted and answered (CodeMismatchException, then TooManyFailedAttemptsException, then
   * ExpiredCodeException) exactly as a real code's (decision 041).
   */
  private async simulateCode(
    owner: { userId: string } | { email: string },
    purpose: CodePurpose,
  ): Promise<void> {
    const now = this.now();
    const id = randomUUID();
    await this.repo.issueCode({
      id,
      userId: 'userId' in owner ? owner.userId : null,
      ...('email' in owner ? { emailKey: this.simulatedKey(owner.email) } : {}),
      purpose,
      codeHash: keyedHash(this.codeKey, `${id}:${generateToken()}`),
      expiresAt: new Date(now.getTime() + IDENTITY_LIMITS.codeLifetimeMinutes[purpose] * MINUTE),
      now,
    });
  }

  private simulatedKey(email: string): string {
    return keyedHash(this.lookupKey, `code:${email.toLowerCase()}`);
  }

  /** Checks a code against the simulated one of an email without an account: never matches. */
  private async useSimulatedCode(
    email: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<never> {
    await this.useCode(
      await this.repo.latestSimulatedCode(this.simulatedKey(email), purpose),
      code,
    );
    throw new AppError('CodeMismatchException');
  }

  /**
   * Checks a code: expired or never requested → ExpiredCodeException; no attempt left →
   * TooManyFailedAttemptsException (the attempt is taken before comparing); wrong →
   * CodeMismatchException. `beforeUse` may refuse (e.g. password history) and leave the code
   * usable; then the code is used once — a concurrent second use gets ExpiredCodeException.
   */
  private async useCode(
    row: CodeRow | null,
    code: string,
    beforeUse?: () => Promise<void>,
  ): Promise<CodeRow> {
    if (!row || row.usedAt !== null || row.expiresAt <= this.now()) {
      throw new AppError('ExpiredCodeException');
    }
    const attempts = await this.repo.takeAttempt(row.id, IDENTITY_LIMITS.maxCodeAttempts);
    if (attempts === null) {
      // Used meanwhile by a parallel request, or out of attempts.
      const latest = await this.repo.codeById(row.id);
      if (latest && latest.usedAt !== null && latest.attempts < IDENTITY_LIMITS.maxCodeAttempts) {
        throw new AppError('ExpiredCodeException');
      }
      throw new AppError('TooManyFailedAttemptsException');
    }
    if (!sameHash(keyedHash(this.codeKey, `${row.id}:${code}`), row.codeHash)) {
      throw new AppError('CodeMismatchException');
    }
    if (beforeUse) await beforeUse();
    if (!(await this.repo.consumeCode(row.id, this.now()))) {
      throw new AppError('ExpiredCodeException');
    }
    return row;
  }

  // ---------------------------------------------------------------- passwords

  private checkPolicy(password: string): void {
    if (!meetsPasswordPolicy(password)) throw new AppError('InvalidPasswordException');
  }

  /** The new password may be none of the last 5 (the current one and 4 before it). */
  private async checkHistory(user: UserRow, password: string): Promise<void> {
    const previous = await this.repo.previousPasswordHashes(
      user.id,
      IDENTITY_LIMITS.passwordHistory - 1,
    );
    for (const hash of [user.passwordHash, ...previous]) {
      if (await verifyPassword(hash, password)) {
        throw new AppError('PasswordHistoryPolicyViolationException');
      }
    }
  }

  private async storePassword(user: UserRow, password: string): Promise<void> {
    await this.repo.setPassword(user, await hashPassword(password), this.now());
  }

  /** The configurable pre-sign-up / pre-reset validation hook (a Cognito Lambda trigger). */
  private validationHook(email: string): void {
    const domain = email.split('@')[1] ?? '';
    if (this.config.identity.blockedEmailDomains.includes(domain)) {
      throw new AppError('UserLambdaValidationException', {
        message: 'PreSignUp failed with error: the email domain is not accepted',
      });
    }
  }

  private checkRedirect(template: string | undefined, email: string): string | undefined {
    if (template === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(template.replaceAll('{email}', 'x').replaceAll('{requested}', 'true'));
    } catch {
      throw new AppError('InvalidParameterException', {
        message: 'redirect_url is not an absolute URL',
      });
    }
    const allowed = [
      new URL(this.config.publicUrl).origin,
      ...this.config.identity.redirectAllowlist,
    ];
    if (!allowed.includes(url.origin)) {
      throw new AppError('InvalidParameterException', {
        message: 'redirect_url is not on an allowed origin',
      });
    }
    if (template.includes('{email}')) {
      return template
        .replaceAll('{email}', encodeURIComponent(email))
        .replaceAll('{requested}', 'true');
    }
    url = new URL(template);
    url.searchParams.set('email', email);
    url.searchParams.set('requested', 'true');
    return url.toString();
  }

  private emailDetails(email: string): CodeDeliveryResponse {
    return {
      code_delivery_details: {
        destination: maskEmail(email),
        delivery_medium: 'EMAIL',
        attribute_name: 'email',
      },
    };
  }

  private async noDeliveryMethod(): Promise<AppError> {
    const phone = await this.repo.customerServicePhone(this.config.identity.customerServicePhone);
    return new AppError('InvalidParameterException', {
      message: errorMessage('no_delivery_method', 'en', { values: { phone } }),
      details: { reason: 'no_delivery_method', phone },
    });
  }

  /**
   * The answer to forgot-password by SMS, the same for every email (decision 142): the digits
   * of a real phone would tell that the account exists and has one, so none are shown.
   */
  private smsDetails(): CodeDeliveryResponse {
    return {
      code_delivery_details: {
        destination: SMS_DESTINATION,
        delivery_medium: 'SMS',
        attribute_name: 'phone_number',
      },
    };
  }

  async forgotPassword(input: {
    email: string;
    delivery: DeliveryMedium;
    language: Language;
    redirectUrl?: string;
  }): Promise<CodeDeliveryResponse> {
    const link = this.checkRedirect(input.redirectUrl, input.email);
    this.validationHook(input.email);
    await this.countSend(`email:${input.email}`);
    const user = await this.repo.userByEmail(input.email);
    if (!user) {
      if (!this.prevent) throw new AppError('UserNotFoundException');
      // Simulated delivery: the same answer a known email gets, and a code its guesses meet.
      await this.simulateCode({ email: input.email }, 'reset');
      return input.delivery === 'SMS' ? this.smsDetails() : this.emailDetails(input.email);
    }
    if (input.delivery === 'SMS') {
      if (!user.phoneVerified || !user.phoneNumber) {
        // Answered as if sent; the mailbox's owner alone is told there is no SMS method
        // (spec §8's text), and guesses meet a code no 6-digit code matches (decision 142).
        if (!this.prevent) throw await this.noDeliveryMethod();
        await this.simulateCode({ userId: user.id }, 'reset');
        const texts = IDENTITY_TEXTS[input.language].noSmsMethod;
        await this.delivery.send({
          channel: 'email',
          to: user.email,
          subject: texts.subject,
          body: texts.body({
            code: '',
            minutes: 0,
            phone: await this.repo.customerServicePhone(this.config.identity.customerServicePhone),
          }),
          language: input.language,
        });
        return this.smsDetails();
      }
      await this.sendCode(user, 'reset', {
        channel: 'sms',
        to: user.phoneNumber,
        language: input.language,
      });
      return this.smsDetails();
    }
    await this.sendCode(user, 'reset', {
      channel: 'email',
      to: user.email,
      language: input.language,
      link,
    });
    return this.emailDetails(user.email);
  }

  /** Sets the new password and signs the user out everywhere. */
  async confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void> {
    this.checkPolicy(newPassword);
    const user = await this.repo.userByEmail(email);
    if (!user) {
      if (!this.prevent) throw new AppError('UserNotFoundException');
      return this.useSimulatedCode(email, 'reset', code);
    }
    await this.useCode(await this.repo.latestCode(user.id, 'reset'), code, () =>
      this.checkHistory(user, newPassword),
    );
    await this.storePassword(user, newPassword);
    await this.repo.revokeAllSessions(user.id, this.now());
  }

  // ---------------------------------------------------------------- first-time password

  async firstTime(email: string, language: Language): Promise<CodeDeliveryResponse> {
    this.validationHook(email);
    await this.countSend(`email:${email}`);
    const user = await this.repo.userByEmail(email);
    if (!user) {
      if (!this.prevent) throw new AppError('UserNotFoundException');
      await this.simulateCode({ email }, 'first_time');
      return this.emailDetails(email);
    }
    if (user.status === USER_STATUS.confirmed) {
      // Same answer as for a new member; the owner of the mailbox is told to sign in instead.
      if (this.prevent) await this.simulateCode({ userId: user.id }, 'first_time');
      const texts = IDENTITY_TEXTS[language].alreadyConfirmed;
      await this.delivery.send({
        channel: 'email',
        to: user.email,
        subject: texts.subject,
        body: texts.body({ code: '', minutes: 0 }),
        language,
      });
      return this.emailDetails(email);
    }
    await this.sendCode(user, 'first_time', { channel: 'email', to: user.email, language });
    return this.emailDetails(email);
  }

  async firstTimeConfirm(
    email: string,
    code: string,
    newPassword: string,
    language: Language,
  ): Promise<SignInResult> {
    this.checkPolicy(newPassword);
    const user = await this.repo.userByEmail(email);
    if (!user) {
      if (!this.prevent) throw new AppError('UserNotFoundException');
      return this.useSimulatedCode(email, 'first_time', code);
    }
    const confirmed = user.status === USER_STATUS.confirmed;
    // With user-existence errors prevented, a confirmed account is told so only with a valid code
    // (sent before it was confirmed); until then it answers as an unknown email (decision 041).
    if (confirmed && !this.prevent) throw new AppError('UsernameExistsException');
    await this.useCode(await this.repo.latestCode(user.id, 'first_time'), code, () =>
      confirmed ? Promise.reject(new AppError('UsernameExistsException')) : Promise.resolve(),
    );
    await this.storePassword(user, newPassword);
    const updated = (await this.repo.userById(user.id)) ?? user;
    return this.completeSignIn(updated, language);
  }

  /**
   * Silent sign-up (for the application flow): a member with a generated 32-character password
   * who sets a real one through first-time login.
   */
  async silentSignUp(input: { email: string; phoneNumber?: string }): Promise<UserRow> {
    this.validationHook(input.email);
    const phone = input.phoneNumber === undefined ? null : normalizeHkPhone(input.phoneNumber);
    if (input.phoneNumber !== undefined && phone === null) {
      throw new AppError('InvalidParameterException', { message: 'Invalid phone number' });
    }
    const created = await this.repo.createUser({
      email: input.email,
      passwordHash: await hashPassword(generatePassword()),
      status: USER_STATUS.mustSetPassword,
      phoneNumber: phone,
    });
    if (!created) throw new AppError('UsernameExistsException');
    return created;
  }

  /** A confirmed user with a known password (development and test data only). */
  async createConfirmedUser(input: {
    email: string;
    password: string;
    phoneNumber?: string;
  }): Promise<UserRow> {
    this.checkPolicy(input.password);
    const phone = input.phoneNumber === undefined ? null : normalizeHkPhone(input.phoneNumber);
    const created = await this.repo.createUser({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      status: USER_STATUS.confirmed,
      phoneNumber: phone,
      phoneVerified: phone !== null,
    });
    if (!created) throw new AppError('UsernameExistsException');
    return created;
  }

  // ---------------------------------------------------------------- phone, password change

  async sendPhoneVerification(
    userId: string,
    phoneInput: string,
    language: Language,
  ): Promise<CodeDeliveryResponse> {
    const phone = normalizeHkPhone(phoneInput);
    if (phone === null || !isHkMobile(phone)) {
      throw new AppError('InvalidParameterException', {
        message: 'phone_number is not a Hong Kong mobile number',
      });
    }
    const user = await this.repo.userById(userId);
    if (!user) throw new AppError('NotAuthorizedException');
    if (await this.repo.phoneVerifiedElsewhere(phone, user.id)) {
      throw new AppError('AliasExistsException');
    }
    await this.sendCode(user, 'phone', { channel: 'sms', to: phone, language, payload: { phone } });
    return {
      code_delivery_details: {
        destination: maskPhone(phone),
        delivery_medium: 'SMS',
        attribute_name: 'phone_number',
      },
    };
  }

  async confirmPhoneVerification(userId: string, code: string): Promise<void> {
    const row = await this.repo.latestCode(userId, 'phone');
    const phone = row?.payload?.phone;
    const used = await this.useCode(row, code, async () => {
      if (phone === undefined || (await this.repo.phoneVerifiedElsewhere(phone, userId))) {
        throw new AppError('AliasExistsException');
      }
    });
    if (!(await this.repo.setPhone(userId, used.payload?.phone ?? '', this.now()))) {
      throw new AppError('AliasExistsException');
    }
  }

  /**
   * Changes the password and signs every other session out (their access and refresh tokens
   * stop working); the caller's own session, `keepSessionId`, stays signed in (decision 143).
   */
  async changePassword(
    userId: string,
    current: string,
    next: string,
    keepSessionId: string | null = null,
  ): Promise<void> {
    const user = await this.repo.userById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, current))) {
      throw new AppError('NotAuthorizedException');
    }
    this.checkPolicy(next);
    await this.checkHistory(user, next);
    await this.storePassword(user, next);
    await this.repo.revokeOtherSessions(user.id, keepSessionId, this.now());
  }
}
