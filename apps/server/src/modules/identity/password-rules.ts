// The rules a new password and a new account's email meet, and storing a password.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { meetsPasswordPolicy } from '@clinicpass/shared/schemas/identity';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { IDENTITY_LIMITS, type IdentityContext } from './identity-context';
import type { UserRow } from './identity.repository';

export class PasswordRules {
  constructor(private readonly ctx: IdentityContext) {}

  checkPolicy(password: string): void {
    if (!meetsPasswordPolicy(password)) throw new AppError('InvalidPasswordException');
  }

  /** The new password may be none of the last 5 (the current one and 4 before it). */
  async checkHistory(user: UserRow, password: string): Promise<void> {
    const previous = await this.ctx.repo.previousPasswordHashes(
      user.id,
      IDENTITY_LIMITS.passwordHistory - 1,
    );
    for (const hash of [user.passwordHash, ...previous]) {
      if (await verifyPassword(hash, password)) {
        throw new AppError('PasswordHistoryPolicyViolationException');
      }
    }
  }

  async storePassword(user: UserRow, password: string): Promise<void> {
    await this.ctx.repo.setPassword(user, await hashPassword(password), this.ctx.now());
  }

  /** The configurable pre-sign-up / pre-reset validation hook (a Cognito Lambda trigger). */
  validationHook(email: string): void {
    const domain = email.split('@')[1] ?? '';
    if (this.ctx.config.identity.blockedEmailDomains.includes(domain)) {
      throw new AppError('UserLambdaValidationException', {
        message: 'PreSignUp failed with error: the email domain is not accepted',
      });
    }
  }
}
