// The policy module's caller and clock, and ownership: another customer's policy is not found.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Database } from '../../db/client';
import * as repo from './policy.repository';

export interface Caller {
  userId: string;
}

/** What the service needs of "now": the Hong Kong date and the instant. */
export interface Now {
  today: string;
  instant: Date;
}

export function notFound(what: string): AppError {
  return new AppError('not_found', { message: `No ${what}` });
}

export async function requirePolicy(
  db: Database,
  caller: Caller,
  id: number,
): Promise<repo.PolicyRow> {
  const row = await repo.findOwnedPolicy(db, caller.userId, id);
  if (!row) throw notFound(`policy ${id}`);
  return row;
}

/** Locks the caller's policy for a move and reads it; another customer's is not found. */
export async function lockPolicy(
  db: Database,
  caller: Caller,
  id: number,
): Promise<repo.PolicyRow> {
  if (!(await repo.lockOwnedPolicy(db, caller.userId, id))) throw notFound(`policy ${id}`);
  return requirePolicy(db, caller, id);
}

export function refuseMove(action: string, status: string): AppError {
  return new AppError('invalid_state_transition', {
    message: `A policy cannot be ${action} while it is ${status}`,
    details: { status },
  });
}
