// One-time codes: sent (counted per hour), simulated where none may be sent, and checked.
import { randomUUID } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { CodeDeliveryResponse } from '@clinicpass/shared/schemas/identity';
import { generateCode, generateToken, keyedHash, maskEmail, sameHash } from '../../lib/crypto';
import { IDENTITY_LIMITS, MINUTE, type IdentityContext } from './identity-context';
import type { CodePurpose, CodeRow, UserRow } from './identity.repository';
import { IDENTITY_TEXTS } from './messages';

/** Where an email code went, as Cognito answers it. */
export function emailDetails(email: string): CodeDeliveryResponse {
  return {
    code_delivery_details: {
      destination: maskEmail(email),
      delivery_medium: 'EMAIL',
      attribute_name: 'email',
    },
  };
}

export class Codes {
  constructor(private readonly ctx: IdentityContext) {}

  async countSend(key: string): Promise<void> {
    const count = await this.ctx.repo.countInWindow(
      `send:${keyedHash(this.ctx.lookupKey, key)}`,
      60 * MINUTE,
      this.ctx.now(),
    );
    if (count > this.ctx.config.identity.codeSendsPerHour)
      throw new AppError('LimitExceededException');
  }

  async sendCode(
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
    await this.issueAndSend({ userId: user.id, countKey: `user:${user.id}` }, purpose, options);
  }

  /**
   * A code for an account outside the user pool (a back-office staff member, decision 304),
   * named by `ownerKey`: issued, counted per hour, limited in attempts and sent through the
   * outbox exactly as a customer's code.
   */
  async sendOutsideCode(
    ownerKey: string,
    purpose: CodePurpose,
    options: Parameters<Codes['sendCode']>[2],
  ): Promise<void> {
    await this.issueAndSend(
      { userId: null, emailKey: this.outsideKey(ownerKey), countKey: `outside:${ownerKey}` },
      purpose,
      options,
    );
  }

  /** The key an outside account's codes are stored under (never the owner's own id). */
  outsideKey(ownerKey: string): string {
    return keyedHash(this.ctx.lookupKey, `outside:${ownerKey}`);
  }

  private async issueAndSend(
    owner: { userId: string | null; emailKey?: string; countKey: string },
    purpose: CodePurpose,
    options: Parameters<Codes['sendCode']>[2],
  ): Promise<void> {
    await this.countSend(owner.countKey);
    const now = this.ctx.now();
    const minutes = IDENTITY_LIMITS.codeLifetimeMinutes[purpose];
    const id = randomUUID();
    const code = generateCode();
    const texts =
      IDENTITY_TEXTS[options.language][purpose === 'first_time' ? 'firstTime' : purpose];
    // The code and its message are stored together: the message is queued in the code's
    // transaction and delivered by the job runner (decision 281).
    await this.ctx.repo.issueCode(
      {
        id,
        userId: owner.userId,
        ...(owner.emailKey === undefined ? {} : { emailKey: owner.emailKey }),
        purpose,
        codeHash: keyedHash(this.ctx.codeKey, `${id}:${code}`),
        challengeHash: options.challengeHash,
        payload: options.payload,
        expiresAt: new Date(now.getTime() + minutes * MINUTE),
        now,
      },
      (tx) =>
        this.ctx.delivery.send(
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
  async simulateCode(
    owner: { userId: string } | { email: string },
    purpose: CodePurpose,
  ): Promise<void> {
    const now = this.ctx.now();
    const id = randomUUID();
    await this.ctx.repo.issueCode({
      id,
      userId: 'userId' in owner ? owner.userId : null,
      ...('email' in owner ? { emailKey: this.simulatedKey(owner.email) } : {}),
      purpose,
      codeHash: keyedHash(this.ctx.codeKey, `${id}:${generateToken()}`),
      expiresAt: new Date(now.getTime() + IDENTITY_LIMITS.codeLifetimeMinutes[purpose] * MINUTE),
      now,
    });
  }

  private simulatedKey(email: string): string {
    return keyedHash(this.ctx.lookupKey, `code:${email.toLowerCase()}`);
  }

  /** Checks a code against the simulated one of an email without an account: never matches. */
  async useSimulatedCode(email: string, purpose: CodePurpose, code: string): Promise<never> {
    await this.useCode(
      await this.ctx.repo.latestSimulatedCode(this.simulatedKey(email), purpose),
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
  async useCode(
    row: CodeRow | null,
    code: string,
    beforeUse?: () => Promise<void>,
  ): Promise<CodeRow> {
    if (!row || row.usedAt !== null || row.expiresAt <= this.ctx.now()) {
      throw new AppError('ExpiredCodeException');
    }
    const attempts = await this.ctx.repo.takeAttempt(row.id, IDENTITY_LIMITS.maxCodeAttempts);
    if (attempts === null) {
      // Used meanwhile by a parallel request, or out of attempts.
      const latest = await this.ctx.repo.codeById(row.id);
      if (latest && latest.usedAt !== null && latest.attempts < IDENTITY_LIMITS.maxCodeAttempts) {
        throw new AppError('ExpiredCodeException');
      }
      throw new AppError('TooManyFailedAttemptsException');
    }
    if (!sameHash(keyedHash(this.ctx.codeKey, `${row.id}:${code}`), row.codeHash)) {
      throw new AppError('CodeMismatchException');
    }
    if (beforeUse) await beforeUse();
    if (!(await this.ctx.repo.consumeCode(row.id, this.ctx.now()))) {
      throw new AppError('ExpiredCodeException');
    }
    return row;
  }
}
