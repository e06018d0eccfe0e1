/**
 * A stand-in for the captcha's solve in jsdom (no Web Workers, no server): the outcome of the
 * next solve chosen by the test. The browser journeys solve real challenges in real workers.
 */
import { challengeDifficulty, type SolvedCaptcha, type SolveFailure } from '../lib/altcha';

export type StandInOutcome = 'solved' | SolveFailure;

export const standIn = {
  next: 'solved' as StandInOutcome,
  solved: 0,
  /** The difficulty each solve asked its challenge at (null: the base). */
  difficulties: [] as (number | null)[],
  /** How long (ms) a solved check lasts; null: no lifetime. */
  lifetime: null as number | null,
};

export async function standInSolve(): Promise<SolvedCaptcha | SolveFailure> {
  standIn.difficulties.push(challengeDifficulty());
  await Promise.resolve();
  const outcome = standIn.next;
  if (outcome !== 'solved') return outcome;
  standIn.solved += 1;
  return {
    payload: `stand-in-payload-${standIn.solved}`,
    deadline: standIn.lifetime === null ? null : Date.now() + standIn.lifetime,
  };
}
