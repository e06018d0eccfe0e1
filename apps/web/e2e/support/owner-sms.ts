// The demo owner's SMS codes are read from the shared outbox by journeys in both browser-test
// workers. Between noting the outbox's last message and reading "the next SMS to the owner's
// phone", the other worker may send one too, and the code read is then the wrong one. Journeys
// that sign the owner in with an SMS code hold this lock (a directory, atomic across processes)
// for that window.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `work` while no other worker of this test run reads an SMS code sent to the owner. */
export async function withOwnerSms<T>(work: () => Promise<T>): Promise<T> {
  // Both workers are children of the one test runner: its id names this run's lock.
  const lock = join(tmpdir(), `clinicpass-e2e-owner-sms-${process.ppid}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
