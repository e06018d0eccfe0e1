/**
 * The ALTCHA proof-of-work check without the ALTCHA widget (decision 207): the challenge fetched
 * through the app's API client (which tells a network failure apart), solved in Web Workers of
 * our own (captcha-solver.ts), and the payload the server reads from `X-Captcha`: base64 of
 * `{ challenge, solution }`, as the widget sent it.
 */
import { API_AREAS, isApiError } from '@clinicpass/shared/api-client/client';
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { captchaContract } from '@clinicpass/shared/contracts/captcha';
import { CAPTCHA_CHALLENGE_PATH, type CaptchaChallenge } from '@clinicpass/shared/schemas/captcha';

import { api } from './api';
import { solveInWorkers } from './captcha-solver';

/** The spec's "timeout" error: a solve taking longer than this gives up. */
export const CAPTCHA_SOLVE_TIMEOUT_MS = 30_000;

/** The challenge's address (the API client's area and path). */
export const CHALLENGE_URL = `${API_AREAS.customer}${CAPTCHA_CHALLENGE_PATH}`;

/** The difficulty the next challenge is asked at (a `captcha_required` answer's); null: base. */
let difficulty: number | null = null;

/** Asks the challenges fetched from now on at this difficulty (decision 150); null: the base. */
export function setChallengeDifficulty(value: number | null): void {
  difficulty = value;
}

/** The difficulty the next challenge is asked at; null: the server's base. */
export function challengeDifficulty(): number | null {
  return difficulty;
}

/** Why a check could not be solved: the spec's "network" and "timeout" errors. */
export type SolveFailure = 'network' | 'timeout';

/**
 * A fetched challenge and the device time (ms) at which it stops being accepted: its signed
 * lifetime counted from when it arrived, so a device clock that is wrong does not matter
 * (decision 090); null if it has none.
 */
export interface FetchedChallenge {
  challenge: CaptchaChallenge;
  deadline: number | null;
}

/**
 * Fetches a challenge (at the difficulty set, if any). A failure to reach the server (no
 * network, or a 5xx) is 'network'; the server refusing (a 4xx) is 'timeout', the error the
 * widget showed for it.
 */
export async function fetchChallenge(): Promise<FetchedChallenge | SolveFailure> {
  try {
    const received = Date.now();
    const challenge = await callRoute(api, captchaContract.getChallenge, {
      query: difficulty === null ? {} : { difficulty: String(difficulty) },
    });
    const lifetime = challenge.parameters.data;
    const deadline =
      typeof lifetime?.expires_at === 'number' && typeof lifetime.issued_at === 'number'
        ? received + (lifetime.expires_at - lifetime.issued_at) * 1000
        : null;
    return { challenge, deadline };
  } catch (error) {
    const unreachable = !isApiError(error) || error.code === 'network_error' || error.status >= 500;
    return unreachable ? 'network' : 'timeout';
  }
}

/** A solved check: the `X-Captcha` payload and when (device time, ms) it lapses. */
export interface SolvedCaptcha {
  payload: string;
  deadline: number | null;
}

/** Fetches a challenge and solves it: the payload, or why not. */
export async function solveCaptcha(): Promise<SolvedCaptcha | SolveFailure> {
  const fetched = await fetchChallenge();
  if (typeof fetched === 'string') return fetched;
  try {
    const solution = await solveInWorkers(fetched.challenge, CAPTCHA_SOLVE_TIMEOUT_MS);
    if (solution === null) return 'timeout';
    // Hex, digits and the server's plain data: ASCII, so btoa takes it as it is.
    const payload = btoa(JSON.stringify({ challenge: fetched.challenge, solution }));
    return { payload, deadline: fetched.deadline };
  } catch {
    // No worker could be started.
    return 'network';
  }
}
