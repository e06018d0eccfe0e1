// The body-check centres as the back office edits them (decision 303): added, changed and
// withdrawn (`is_active` false: gone from the member's page, kept for the record), in the order
// of `sequence`. The member's `GET /body-check` reads the same rows, so a change shows at once.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Database } from '../../db/client';
import * as repo from './lists.repository';

export type BodyCheckCentreRow = repo.BodyCheckCentreRow;

export function listAllBodyCheckCentres(db: Database): Promise<BodyCheckCentreRow[]> {
  return repo.allBodyCheckCentres(db);
}

export async function addBodyCheckCentre(
  db: Database,
  input: Omit<repo.BodyCheckCentreFields, 'sequence'> & {
    code: string;
    sequence?: number | undefined;
  },
  now: Date,
): Promise<BodyCheckCentreRow> {
  const row = await repo.insertBodyCheckCentre(db, {
    ...input,
    sequence: input.sequence ?? (await repo.nextBodyCheckSequence(db)),
    createDate: now,
    updateDate: now,
  });
  if (row === null) {
    throw new AppError('conflict', { message: `A body-check centre ${input.code} exists already` });
  }
  return row;
}

/** The centre of `code` before a change, locked in the caller's transaction. */
export async function bodyCheckCentreForChange(
  db: Database,
  code: string,
): Promise<BodyCheckCentreRow> {
  const row = await repo.lockBodyCheckCentre(db, code);
  if (row === null) throw new AppError('not_found', { message: `No body-check centre ${code}` });
  return row;
}

export async function editBodyCheckCentre(
  db: Database,
  code: string,
  change: Partial<repo.BodyCheckCentreFields>,
  now: Date,
): Promise<BodyCheckCentreRow> {
  const row = await repo.updateBodyCheckCentre(db, code, { ...change, updateDate: now });
  if (row === null) throw new AppError('not_found', { message: `No body-check centre ${code}` });
  return row;
}
