// A second factor by SMS for accounts outside the user pool — the back office's staff (decision
// 304) — on the customers' own path: the same codes (6 digits, hashed, single use, 3 minutes,
// 5 attempts), the same sends-per-hour limit, and the same outbox delivery. The caller proves
// the password first; this sends the code and checks it against the challenge session handed
// back, answering whose challenge it was.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { generateToken, keyedHash } from '../../lib/crypto';
import type { Codes } from './codes';
import { IDENTITY_LIMITS, type IdentityContext } from './identity-context';

export interface OutsideChallenge {
  /** Handed to the client; the code is checked against it. */
  session: string;
  /** The phone masked as the customers' challenge shows it. */
  destination: string;
  expiresInSeconds: number;
}

export class OutsideChallenges {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly codes: Codes,
  ) {}

  private challengeHash(session: string): string {
    return keyedHash(this.ctx.tokenKey, `outside-challenge:${session}`);
  }

  /** Sends a sign-in code by SMS to `phone` for the account `owner` (LimitExceededException). */
  async send(owner: string, phone: string, language: Language): Promise<OutsideChallenge> {
    const session = generateToken();
    await this.codes.sendOutsideCode(owner, 'mfa', {
      channel: 'sms',
      to: phone,
      language,
      challengeHash: this.challengeHash(session),
      payload: { owner },
    });
    return {
      session,
      destination: maskPhone(phone),
      expiresInSeconds: IDENTITY_LIMITS.codeLifetimeMinutes.mfa * 60,
    };
  }

  /**
   * The account whose challenge `session` is, once `code` matches: NotAuthorizedException for
   * an unknown session, else the customers' code answers (CodeMismatchException,
   * TooManyFailedAttemptsException, ExpiredCodeException).
   */
  async check(session: string, code: string): Promise<string> {
    const row = await this.ctx.repo.codeByChallenge(this.challengeHash(session));
    const owner = row?.payload?.owner;
    if (row === null || row.userId !== null || owner === undefined) {
      throw new AppError('NotAuthorizedException', { message: 'Invalid session for the user' });
    }
    if (row.emailKey !== this.codes.outsideKey(owner)) throw new AppError('NotAuthorizedException');
    await this.codes.useCode(row, code);
    return owner;
  }
}
