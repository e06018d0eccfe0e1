// Runs the captcha's proof of work (captcha-worker.ts) in Web Workers (decision 207): a few
// workers on interleaved counters, the first answer wins and all of them stop. The worker is a
// file of our origin (worker-src falls back to script-src 'self': no blob: workers).
import type { CaptchaChallenge } from '@clinicpass/shared/schemas/captcha';

/** What a worker is asked to do: try counters start, start + step, … for at most `timeout` ms. */
export interface SolveRequest {
  parameters: Pick<
    CaptchaChallenge['parameters'],
    'nonce' | 'salt' | 'keyPrefix' | 'cost' | 'keyLength'
  >;
  start: number;
  step: number;
  timeout: number;
}

/** A worker's answer: the counter and the derived key it found, or null (timed out, failed). */
export type SolveResult = { counter: number; derivedKey: string; time: number } | null;

/** As many workers as the device has cores, within 1–8. */
const workerCount = () => Math.min(8, Math.max(1, navigator.hardwareConcurrency || 1));

/** Solves a challenge, or null when no worker found a counter within the timeout. */
export function solveInWorkers(challenge: CaptchaChallenge, timeout: number): Promise<SolveResult> {
  const count = workerCount();
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' }),
  );
  const { nonce, salt, keyPrefix, cost, keyLength } = challenge.parameters;
  return new Promise((resolve) => {
    let open = count;
    let done = false;
    const finish = (result: SolveResult) => {
      if (done) return;
      done = true;
      for (const worker of workers) worker.terminate();
      resolve(result);
    };
    const fail = () => {
      open -= 1;
      if (open === 0) finish(null);
    };
    workers.forEach((worker, start) => {
      worker.onmessage = (event: MessageEvent<SolveResult>) => {
        if (event.data === null) fail();
        else finish(event.data);
      };
      worker.onerror = fail;
      const request: SolveRequest = {
        parameters: { nonce, salt, keyPrefix, cost, keyLength },
        start,
        step: count,
        timeout,
      };
      worker.postMessage(request);
    });
  });
}
