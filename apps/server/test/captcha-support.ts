// Solving the app's captcha in a test, as the browser widget does: fetch a challenge, find the
// counter, send base64 `{ challenge, solution }` in X-Captcha.
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

export const CHALLENGE_URL = '/api/customer/captcha/challenge';

export async function fetchChallenge(
  app: FastifyInstance,
  difficulty?: number,
): Promise<Challenge> {
  const url =
    difficulty === undefined ? CHALLENGE_URL : `${CHALLENGE_URL}?difficulty=${difficulty}`;
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode}`);
  return response.json<Challenge>();
}

export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh solved payload (of the base difficulty, or the one given). */
export async function solvedCaptcha(app: FastifyInstance, difficulty?: number): Promise<string> {
  return solve(await fetchChallenge(app, difficulty));
}

/** The X-Captcha header of a fresh solved payload (of the base difficulty, or the one given). */
export async function captchaHeader(
  app: FastifyInstance,
  difficulty?: number,
): Promise<Record<string, string>> {
  return { [CAPTCHA_HEADER]: await solvedCaptcha(app, difficulty) };
}
