// The identity service (a Cognito user pool as the front end sees it), one file per flow:
// sign-in (sign-in.ts), sessions and tokens (sessions.ts), one-time codes (codes.ts), forgot
// password (password-reset.ts), registration (registration.ts) and account changes (account.ts),
// sharing identity-context.ts and password-rules.ts. Throws AppError with Cognito's exception
// names; knows nothing of HTTP (cookies are the routes' business). This class is the module's
// one entry: each method hands the call to its flow.
import { AccountChanges } from './account';
import { Codes } from './codes';
import { IdentityContext, type IdentityServiceDeps } from './identity-context';
import { OutsideChallenges } from './outside-challenge';
import { PasswordReset } from './password-reset';
import { PasswordRules } from './password-rules';
import { Registration } from './registration';
import { Sessions } from './sessions';
import { SignIn } from './sign-in';

export type { OutsideChallenge, OutsideChallenges } from './outside-challenge';
export {
  IDENTITY_LIMITS,
  SMS_DESTINATION,
  USER_STATUS,
  type IdentityServiceDeps,
  type SignInResult,
  type Tokens,
} from './identity-context';

export class IdentityService {
  readonly accessKey: Uint8Array;
  private readonly sessions: Sessions;
  private readonly signInFlow: SignIn;
  private readonly reset: PasswordReset;
  private readonly registration: Registration;
  private readonly account: AccountChanges;
  /** The SMS second factor of accounts outside the user pool (the back office's staff). */
  readonly outsideChallenges: OutsideChallenges;

  constructor(deps: IdentityServiceDeps) {
    const ctx = new IdentityContext(deps);
    const codes = new Codes(ctx);
    const rules = new PasswordRules(ctx);
    this.accessKey = ctx.accessKey;
    this.sessions = new Sessions(ctx);
    this.signInFlow = new SignIn(ctx, codes, this.sessions);
    this.reset = new PasswordReset(ctx, codes, rules);
    this.registration = new Registration(ctx, codes, rules, this.signInFlow);
    this.account = new AccountChanges(ctx, codes, rules);
    this.outsideChallenges = new OutsideChallenges(ctx, codes);
  }

  // ---------------------------------------------------------------- sign-in

  signIn(...args: Parameters<SignIn['signIn']>): ReturnType<SignIn['signIn']> {
    return this.signInFlow.signIn(...args);
  }

  respondToChallenge(
    ...args: Parameters<SignIn['respondToChallenge']>
  ): ReturnType<SignIn['respondToChallenge']> {
    return this.signInFlow.respondToChallenge(...args);
  }

  // ---------------------------------------------------------------- sessions

  authenticate(
    ...args: Parameters<Sessions['authenticate']>
  ): ReturnType<Sessions['authenticate']> {
    return this.sessions.authenticate(...args);
  }

  refresh(...args: Parameters<Sessions['refresh']>): ReturnType<Sessions['refresh']> {
    return this.sessions.refresh(...args);
  }

  renewAccess(...args: Parameters<Sessions['renewAccess']>): ReturnType<Sessions['renewAccess']> {
    return this.sessions.renewAccess(...args);
  }

  signOut(...args: Parameters<Sessions['signOut']>): ReturnType<Sessions['signOut']> {
    return this.sessions.signOut(...args);
  }

  me(...args: Parameters<Sessions['me']>): ReturnType<Sessions['me']> {
    return this.sessions.me(...args);
  }

  // ---------------------------------------------------------------- forgot password

  forgotPassword(
    ...args: Parameters<PasswordReset['forgotPassword']>
  ): ReturnType<PasswordReset['forgotPassword']> {
    return this.reset.forgotPassword(...args);
  }

  confirmForgotPassword(
    ...args: Parameters<PasswordReset['confirmForgotPassword']>
  ): ReturnType<PasswordReset['confirmForgotPassword']> {
    return this.reset.confirmForgotPassword(...args);
  }

  // ---------------------------------------------------------------- registration

  firstTime(...args: Parameters<Registration['firstTime']>): ReturnType<Registration['firstTime']> {
    return this.registration.firstTime(...args);
  }

  firstTimeConfirm(
    ...args: Parameters<Registration['firstTimeConfirm']>
  ): ReturnType<Registration['firstTimeConfirm']> {
    return this.registration.firstTimeConfirm(...args);
  }

  silentSignUp(
    ...args: Parameters<Registration['silentSignUp']>
  ): ReturnType<Registration['silentSignUp']> {
    return this.registration.silentSignUp(...args);
  }

  createConfirmedUser(
    ...args: Parameters<Registration['createConfirmedUser']>
  ): ReturnType<Registration['createConfirmedUser']> {
    return this.registration.createConfirmedUser(...args);
  }

  // ---------------------------------------------------------------- account changes

  sendPhoneVerification(
    ...args: Parameters<AccountChanges['sendPhoneVerification']>
  ): ReturnType<AccountChanges['sendPhoneVerification']> {
    return this.account.sendPhoneVerification(...args);
  }

  confirmPhoneVerification(
    ...args: Parameters<AccountChanges['confirmPhoneVerification']>
  ): ReturnType<AccountChanges['confirmPhoneVerification']> {
    return this.account.confirmPhoneVerification(...args);
  }

  changePassword(
    ...args: Parameters<AccountChanges['changePassword']>
  ): ReturnType<AccountChanges['changePassword']> {
    return this.account.changePassword(...args);
  }
}
