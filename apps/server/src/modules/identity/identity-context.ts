// What every flow of the identity service shares: its dependencies, the keys derived from the
// secret, the clock, the limits (issue 5) and the shapes it answers with.
import type { Clock } from '@clinicpass/shared/time/clock';
import type { Config } from '../../config';
import type { CaptchaService } from '../captcha/captcha.service';
import { deriveKey } from '../../lib/crypto';
import type { Delivery } from './delivery';
import type { IdentityRepository } from './identity.repository';

export const MINUTE = 60_000;
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

export class IdentityContext {
  readonly repo: IdentityRepository;
  readonly delivery: Delivery;
  readonly config: Config;
  readonly clock: Clock;
  readonly captcha: Pick<CaptchaService, 'check'>;
  readonly codeKey: Buffer;
  readonly tokenKey: Buffer;
  readonly lookupKey: Buffer;
  readonly accessKey: Uint8Array;

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

  now(): Date {
    return this.clock.now();
  }

  get prevent(): boolean {
    return this.config.identity.preventUserExistenceErrors;
  }
}
