// Forgot password: a code by email (with a link) or SMS, then the new password.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { CodeDeliveryResponse, DeliveryMedium } from '@clinicpass/shared/schemas/identity';
import { emailDetails, type Codes } from './codes';
import { SMS_DESTINATION, type IdentityContext } from './identity-context';
import { IDENTITY_TEXTS } from './messages';
import type { PasswordRules } from './password-rules';

export class PasswordReset {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly codes: Codes,
    private readonly rules: PasswordRules,
  ) {}

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
      new URL(this.ctx.config.publicUrl).origin,
      ...this.ctx.config.identity.redirectAllowlist,
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

  private async noDeliveryMethod(): Promise<AppError> {
    const phone = await this.ctx.repo.customerServicePhone(
      this.ctx.config.identity.customerServicePhone,
    );
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
    this.rules.validationHook(input.email);
    await this.codes.countSend(`email:${input.email}`);
    const user = await this.ctx.repo.userByEmail(input.email);
    if (!user) {
      if (!this.ctx.prevent) throw new AppError('UserNotFoundException');
      // Simulated delivery: the same answer a known email gets, and a code its guesses meet.
      await this.codes.simulateCode({ email: input.email }, 'reset');
      return input.delivery === 'SMS' ? this.smsDetails() : emailDetails(input.email);
    }
    if (input.delivery === 'SMS') {
      if (!user.phoneVerified || !user.phoneNumber) {
        // Answered as if sent; the mailbox's owner alone is told there is no SMS method
        // (spec §8's text), and guesses meet a code no 6-digit code matches (decision 142).
        if (!this.ctx.prevent) throw await this.noDeliveryMethod();
        await this.codes.simulateCode({ userId: user.id }, 'reset');
        const texts = IDENTITY_TEXTS[input.language].noSmsMethod;
        await this.ctx.delivery.send({
          channel: 'email',
          to: user.email,
          subject: texts.subject,
          body: texts.body({
            code: '',
            minutes: 0,
            phone: await this.ctx.repo.customerServicePhone(
              this.ctx.config.identity.customerServicePhone,
            ),
          }),
          language: input.language,
        });
        return this.smsDetails();
      }
      await this.codes.sendCode(user, 'reset', {
        channel: 'sms',
        to: user.phoneNumber,
        language: input.language,
      });
      return this.smsDetails();
    }
    await this.codes.sendCode(user, 'reset', {
      channel: 'email',
      to: user.email,
      language: input.language,
      link,
    });
    return emailDetails(user.email);
  }

  /** Sets the new password and signs the user out everywhere. */
  async confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void> {
    this.rules.checkPolicy(newPassword);
    const user = await this.ctx.repo.userByEmail(email);
    if (!user) {
      if (!this.ctx.prevent) throw new AppError('UserNotFoundException');
      return this.codes.useSimulatedCode(email, 'reset', code);
    }
    await this.codes.useCode(await this.ctx.repo.latestCode(user.id, 'reset'), code, () =>
      this.rules.checkHistory(user, newPassword),
    );
    await this.rules.storePassword(user, newPassword);
    await this.ctx.repo.revokeAllSessions(user.id, this.ctx.now());
  }
}
