// The clinic counter's guard rails (issue 18, decision 185): who the clinic caller is (a staff
// member bound to venues, or a clinic key of one venue), which venue a call acts for, the limit
// on failed verifications per caller and per client address, and the audit line of every
// verification and recording step (clinic, user or key, step, ticket type, outcome; never the
// token or number).
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { VerificationOutcome } from '@clinicpass/shared/schemas/clinic';
import type { Database } from '../../db/client';
import { clinicVerificationLog } from '../../db/clinic-schema';
import { addFailures, releaseFailures } from '../../plugins/limits';

/** Failed verifications allowed per caller (staff member or key) in the window. */
export const CLINIC_VERIFY_FAILURE_LIMIT = 10;
/** Failed verifications allowed per client address in the window (a clinic's shared line). */
export const CLINIC_VERIFY_ADDRESS_LIMIT = 30;
export const CLINIC_VERIFY_WINDOW_MS = 15 * 60 * 1000;

/**
 * The outcome that counts as a failure: a token or number that matches no ticket, what guessing
 * produces (decision 185). The other refusals (expired, not yet effective, wrong type…) are
 * members' tickets that exist, shown at a counter for real.
 */
const FAILURES: readonly (VerificationOutcome | 'replayed')[] = ['unknown'];

/** Who is calling the clinic area. */
export interface ClinicActor {
  kind: 'user' | 'key';
  userId: string | null;
  keyId: number | null;
  email: string | null;
  /** The venues the caller may act for (a key: its one venue). */
  venueIds: number[];
}

/** The venue a call acts for: the one named (if the caller may), else the caller's only one. */
export function chooseVenue(actor: ClinicActor, venueId: number | undefined): number {
  if (venueId === undefined) {
    const [only] = actor.venueIds;
    if (actor.venueIds.length === 1 && only !== undefined) return only;
    throw validationError([{ path: 'venue_id', message: 'is required', key: 'required' }], {
      message: 'venue_id is required: this account acts for several clinics',
    });
  }
  if (!actor.venueIds.includes(venueId)) {
    throw new AppError('forbidden', { message: `This caller does not act for venue ${venueId}` });
  }
  return venueId;
}

function limitKeys(actor: ClinicActor, address: string): [string, string] {
  const caller =
    actor.kind === 'user' ? `user:${actor.userId ?? ''}` : `key:${String(actor.keyId ?? 0)}`;
  return [`clinic-verify:${caller}`, `clinic-verify:ip:${address}`];
}

/** What a guarded step tells the guard about the ticket it saw. */
export interface StepSeen {
  outcome: VerificationOutcome | 'replayed';
  ticketType: string | null;
}

/**
 * Runs a verification or recording step under the failure limits and writes its audit line.
 * A failure is reserved on the caller and the address before the ticket is looked up (so
 * parallel guesses cannot pass the limit) and given back unless no ticket matched; past either
 * limit the answer is 429 `limit_exceeded` whatever is sent.
 */
export async function guardedStep<Result>(
  db: Database,
  context: {
    actor: ClinicActor;
    venueId: number;
    address: string;
    step: string;
    method: 'qr' | 'number';
    now: Date;
  },
  run: () => Promise<{ result: Result; seen: StepSeen }>,
): Promise<Result> {
  const keys = limitKeys(context.actor, context.address);
  const [callerCount = 0, addressCount = 0] = await addFailures(
    db,
    keys,
    context.now,
    CLINIC_VERIFY_WINDOW_MS,
  );
  if (callerCount > CLINIC_VERIFY_FAILURE_LIMIT || addressCount > CLINIC_VERIFY_ADDRESS_LIMIT) {
    throw new AppError('limit_exceeded', {
      message: 'Too many failed verifications: try again in 15 minutes',
    });
  }
  let seen: StepSeen | null = null;
  try {
    const { result, seen: found } = await run();
    seen = found;
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'ticket_not_accepted') {
      const details = (error.details ?? {}) as { outcome?: VerificationOutcome; ticket_type?: string };
      seen = { outcome: details.outcome ?? 'unknown', ticketType: details.ticket_type ?? null };
    }
    throw error;
  } finally {
    const failed = seen !== null && FAILURES.includes(seen.outcome);
    if (!failed) await releaseFailures(db, keys);
    if (seen !== null) {
      await db.insert(clinicVerificationLog).values({
        venueId: context.venueId,
        userId: context.actor.userId,
        keyId: context.actor.keyId,
        step: context.step,
        method: context.method,
        ticketType: seen.ticketType,
        outcome: seen.outcome,
        createDate: context.now,
      });
    }
  }
}
