// The self-hosted proof-of-work captcha (issue 8, decision 090): ALTCHA v2 challenges signed
// with keys derived from SECRET_KEY, accepted once within their lifetime. Throws AppError;
// knows nothing of Fastify.
import { AppError } from '@clinicpass/shared/errors/app-error';
import {
  CaptchaPayloadSchema,
  type CaptchaChallenge,
  type CaptchaPayload,
} from '@clinicpass/shared/schemas/captcha';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createHmac, randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import * as repo from './captcha.repository';

/** The key derivation each try of the solver runs, and its rounds. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const CAPTCHA_COST = 1000;
/** A header longer than this is not a payload of ours. */
const MAX_PAYLOAD_LENGTH = 4096;

export interface CaptchaSettings {
  secretKey: string;
  captcha: { difficulty: number; maxDifficulty: number; freeFailures: number; ttlSeconds: number };
}

function derivedSecret(secretKey: string, purpose: string): string {
  return createHmac('sha256', secretKey).update(`clinicpass:${purpose}:v1`).digest('hex');
}

/**
 * The challenge lifetime runs on the server's wall clock, not the app clock (decision 090). It
 * is signed into the challenge's `data` (`issued_at`, `expires_at`, Unix seconds) rather than
 * ALTCHA's `expiresAt`, which the widget compares with the device's clock: a phone whose clock
 * is a few minutes fast would see every challenge expired. The web times the lifetime from
 * when it received the challenge instead.
 */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class CaptchaService {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly db: Database,
    private readonly settings: CaptchaSettings,
  ) {
    this.signatureSecret = derivedSecret(settings.secretKey, 'captcha-signature');
    this.keySignatureSecret = derivedSecret(settings.secretKey, 'captcha-key-signature');
  }

  /**
   * The difficulty a look-up asks of an identifier with this many recent failures (decision
   * 150): the base up to CAPTCHA_FREE_FAILURES (3), then doubled per failure, up to the cap.
   */
  requiredDifficulty(failures: number): number {
    const { difficulty, maxDifficulty, freeFailures } = this.settings.captcha;
    const doublings = Math.max(0, failures - freeFailures);
    // 2 ** 31 and beyond are past any cap: stop doubling there.
    return Math.min(maxDifficulty, difficulty * 2 ** Math.min(doublings, 30));
  }

  /**
   * A new challenge: the solver must find a counter between difficulty/2 and difficulty. The
   * difficulty asked for is kept between the base and the cap, and signed into `data`.
   */
  async challenge(requested?: number): Promise<CaptchaChallenge> {
    const { difficulty: base, maxDifficulty, ttlSeconds } = this.settings.captcha;
    const difficulty = Math.min(maxDifficulty, Math.max(base, requested ?? base));
    await repo.deleteExpired(this.db, new Date());
    const challenge = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM,
      cost: CAPTCHA_COST,
      counter: randomInt(Math.ceil(difficulty / 2), difficulty + 1),
      deriveKey,
      data: { issued_at: nowSeconds(), expires_at: nowSeconds() + ttlSeconds, difficulty },
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    return challenge as CaptchaChallenge;
  }

  /**
   * Accepts the `X-Captcha` header once: missing → `captcha_required`; unreadable, tampered or a
   * wrong solution → `captcha_invalid`; past its lifetime → `captcha_expired`; seen before →
   * `captcha_used`. Answers the difficulty the solved challenge was made at.
   */
  async check(header: string | string[] | undefined): Promise<{ difficulty: number }> {
    if (header === undefined || header === '' || Array.isArray(header)) {
      throw new AppError('captcha_required');
    }
    const payload = decodePayload(header);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    if (!result.verified) throw new AppError('captcha_invalid');
    // Verified means signed by us, so `expires_at` is the one we set.
    const expiresAt = payload.challenge.parameters.data?.expires_at;
    if (typeof expiresAt !== 'number' || expiresAt < nowSeconds()) {
      throw new AppError('captcha_expired');
    }
    if (!(await repo.markUsed(this.db, payload.challenge.signature, new Date(expiresAt * 1000)))) {
      throw new AppError('captcha_used');
    }
    // Signed by us too; a challenge made before difficulties were signed was a base one.
    const difficulty = payload.challenge.parameters.data?.difficulty;
    return {
      difficulty: typeof difficulty === 'number' ? difficulty : this.settings.captcha.difficulty,
    };
  }
}

/** The base64 JSON payload the widget produces, or `captcha_invalid`. */
function decodePayload(header: string): CaptchaPayload {
  const invalid = () =>
    new AppError('captcha_invalid', { message: 'The X-Captcha header is not a solved challenge' });
  if (header.length > MAX_PAYLOAD_LENGTH) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = CaptchaPayloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) {
    throw invalid();
  }
  return parsed.data;
}
