// Registration: first-time password for a member created for them, silent sign-up, and
// confirmed users for development and test data.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { normalizeHkPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { CodeDeliveryResponse } from '@clinicpass/shared/schemas/identity';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { emailDetails, type Codes } from './codes';
import { USER_STATUS, type IdentityContext, type SignInResult } from './identity-context';
import type { UserRow } from './identity.repository';
import { IDENTITY_TEXTS } from './messages';
import type { PasswordRules } from './password-rules';
import type { SignIn } from './sign-in';

export class Registration {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly codes: Codes,
    private readonly rules: PasswordRules,
    private readonly signIn: SignIn,
  ) {}

  async firstTime(email: string, language: Language): Promise<CodeDeliveryResponse> {
    this.rules.validationHook(email);
    await this.codes.countSend(`email:${email}`);
    const user = await this.ctx.repo.userByEmail(email);
    if (!user) {
      if (!this.ctx.prevent) throw new AppError('UserNotFoundException');
      await this.codes.simulateCode({ email }, 'first_time');
      return emailDetails(email);
    }
    if (user.status === USER_STATUS.confirmed) {
      // Same answer as for a new member; the owner of the mailbox is told to sign in instead.
      if (this.ctx.prevent) await this.codes.simulateCode({ userId: user.id }, 'first_time');
      const texts = IDENTITY_TEXTS[language].alreadyConfirmed;
      await this.ctx.delivery.send({
        channel: 'email',
        to: user.email,
        subject: texts.subject,
        body: texts.body({ code: '', minutes: 0 }),
        language,
      });
      return emailDetails(email);
    }
    await this.codes.sendCode(user, 'first_time', { channel: 'email', to: user.email, language });
    return emailDetails(email);
  }

  async firstTimeConfirm(
    email: string,
    code: string,
    newPassword: string,
    language: Language,
  ): Promise<SignInResult> {
    this.rules.checkPolicy(newPassword);
    const user = await this.ctx.repo.userByEmail(email);
    if (!user) {
      if (!this.ctx.prevent) throw new AppError('UserNotFoundException');
      return this.codes.useSimulatedCode(email, 'first_time', code);
    }
    const confirmed = user.status === USER_STATUS.confirmed;
    // With user-existence errors prevented, a confirmed account is told so only with a valid code
    // (sent before it was confirmed); until then it answers as an unknown email (decision 041).
    if (confirmed && !this.ctx.prevent) throw new AppError('UsernameExistsException');
    await this.codes.useCode(await this.ctx.repo.latestCode(user.id, 'first_time'), code, () =>
      confirmed ? Promise.reject(new AppError('UsernameExistsException')) : Promise.resolve(),
    );
    await this.rules.storePassword(user, newPassword);
    const updated = (await this.ctx.repo.userById(user.id)) ?? user;
    return this.signIn.completeSignIn(updated, language);
  }

  /**
   * Silent sign-up (for the application flow): a member with a generated 32-character password
   * who sets a real one through first-time login.
   */
  async silentSignUp(input: { email: string; phoneNumber?: string }): Promise<UserRow> {
    this.rules.validationHook(input.email);
    const phone = input.phoneNumber === undefined ? null : normalizeHkPhone(input.phoneNumber);
    if (input.phoneNumber !== undefined && phone === null) {
      throw new AppError('InvalidParameterException', { message: 'Invalid phone number' });
    }
    const created = await this.ctx.repo.createUser({
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
    this.rules.checkPolicy(input.password);
    const phone = input.phoneNumber === undefined ? null : normalizeHkPhone(input.phoneNumber);
    const created = await this.ctx.repo.createUser({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      status: USER_STATUS.confirmed,
      phoneNumber: phone,
      phoneVerified: phone !== null,
    });
    if (!created) throw new AppError('UsernameExistsException');
    return created;
  }
}
