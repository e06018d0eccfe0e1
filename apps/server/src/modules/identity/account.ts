// A signed-in member's account changes: verifying a phone, changing the password.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { isHkMobile, maskPhone, normalizeHkPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { CodeDeliveryResponse } from '@clinicpass/shared/schemas/identity';
import { verifyPassword } from '../../lib/passwords';
import type { Codes } from './codes';
import type { IdentityContext } from './identity-context';
import type { PasswordRules } from './password-rules';

export class AccountChanges {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly codes: Codes,
    private readonly rules: PasswordRules,
  ) {}

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
    const user = await this.ctx.repo.userById(userId);
    if (!user) throw new AppError('NotAuthorizedException');
    if (await this.ctx.repo.phoneVerifiedElsewhere(phone, user.id)) {
      throw new AppError('AliasExistsException');
    }
    await this.codes.sendCode(user, 'phone', {
      channel: 'sms',
      to: phone,
      language,
      payload: { phone },
    });
    return {
      code_delivery_details: {
        destination: maskPhone(phone),
        delivery_medium: 'SMS',
        attribute_name: 'phone_number',
      },
    };
  }

  async confirmPhoneVerification(userId: string, code: string): Promise<void> {
    const row = await this.ctx.repo.latestCode(userId, 'phone');
    const phone = row?.payload?.phone;
    const used = await this.codes.useCode(row, code, async () => {
      if (phone === undefined || (await this.ctx.repo.phoneVerifiedElsewhere(phone, userId))) {
        throw new AppError('AliasExistsException');
      }
    });
    if (!(await this.ctx.repo.setPhone(userId, used.payload?.phone ?? '', this.ctx.now()))) {
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
    const user = await this.ctx.repo.userById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, current))) {
      throw new AppError('NotAuthorizedException');
    }
    this.rules.checkPolicy(next);
    await this.rules.checkHistory(user, next);
    await this.rules.storePassword(user, next);
    await this.ctx.repo.revokeOtherSessions(user.id, keepSessionId, this.ctx.now());
  }
}
