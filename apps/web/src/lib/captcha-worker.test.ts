// The worker's proof of work against altcha-lib, the library the server makes and verifies
// challenges with (decision 207): what the worker finds, the server accepts.
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';

import type { CaptchaChallenge } from '@clinicpass/shared/schemas/captcha';

import { solve } from './captcha-worker';

const SECRET = 'a test secret of thirty-two chars';
const KEY_SECRET = 'another test secret, 32 chars ok';

async function challengeAt(counter: number): Promise<CaptchaChallenge> {
  return (await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 50,
    counter,
    deriveKey,
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  })) as CaptchaChallenge;
}

describe('the captcha worker', () => {
  it.each([
    [1, 0],
    [2, 1],
  ])('finds a counter the server accepts (%i workers, worker %i)', async (step, start) => {
    // Counters 0, 1, 2, … (one worker) or 1, 3, 5, 7 (the second of two) both reach 7.
    const challenge = await challengeAt(7);
    const solution = await solve({
      parameters: challenge.parameters,
      start,
      step,
      timeout: 30_000,
    });
    if (solution === null) throw new Error('not solved');
    expect(solution.counter).toBe(7);
    const verified = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: KEY_SECRET,
    });
    expect(verified.verified).toBe(true);
  });

  it('gives up after its timeout', async () => {
    const challenge = await challengeAt(5_000);
    const solution = await solve({
      parameters: challenge.parameters,
      start: 0,
      step: 1,
      timeout: 0,
    });
    expect(solution).toBeNull();
  });
});
