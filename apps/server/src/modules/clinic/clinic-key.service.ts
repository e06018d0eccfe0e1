// Clinic API keys (decision 106): issued by an operator command for one venue, shown once,
// stored as SHA-256, revocable. A clinic counter sends its key as `X-Clinic-Key` (or
// `Authorization: Bearer cpk_…`) on every call of the clinic area.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { Clock } from '@clinicpass/shared/time/clock';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { hitCounter } from '../finder/finder.rate-limit';
import { addFailures, releaseFailures } from '../outpatient/outpatient.repository';
import { hashToken } from '../outpatient/tokens';
import * as repo from './clinic-key.repository';

export const CLINIC_KEY_HEADER = 'x-clinic-key';
const KEY_PREFIX = 'cpk_';
/** 32 random bytes: 256 bits, base64url (43 characters) after the `cpk_` prefix. */
const KEY_PATTERN = /^cpk_[A-Za-z0-9_-]{43}$/;
/** Failed key attempts per client address in the window before every key call is refused. */
export const CLINIC_KEY_FAILURE_LIMIT = 10;
export const CLINIC_KEY_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Calls per key per minute (a counter checks a few tickets a minute at most). */
export const CLINIC_KEY_CALLS_PER_MINUTE = 120;

export interface ClinicDeps {
  db: Database;
  clock: Clock;
}

export interface IssuedClinicKey {
  id: number;
  venueId: number;
  label: string;
  keyPrefix: string;
  /** The key itself: shown once, never stored. */
  key: string;
}

/** The clinic a request was authenticated as. */
export interface ClinicCaller {
  keyId: number;
  venueId: number;
}

export async function issueClinicKey(
  deps: Pick<ClinicDeps, 'db'>,
  venueId: number,
  label: string,
): Promise<IssuedClinicKey> {
  if (!(await repo.venueExists(deps.db, venueId))) {
    throw new AppError('not_found', { message: `No venue with id ${venueId}` });
  }
  const cleanLabel = label.trim();
  if (cleanLabel === '') {
    throw validationError([{ path: 'label', message: 'is required', key: 'required' }], {
      message: 'label is required',
    });
  }
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertKey(deps.db, {
    venueId,
    label: cleanLabel,
    keyPrefix: key.slice(0, KEY_PREFIX.length + 8),
    keyHash: hashToken(key),
  });
  return { ...row, key };
}

export async function revokeClinicKey(deps: ClinicDeps, id: number): Promise<void> {
  if (!(await repo.revokeKey(deps.db, id, deps.clock.now()))) {
    throw new AppError('not_found', { message: `No clinic key with id ${id}` });
  }
}

export async function listClinicKeys(deps: Pick<ClinicDeps, 'db'>) {
  return repo.listKeys(deps.db);
}

/** The key a request carries: `X-Clinic-Key`, else a `cpk_` bearer token; null when none. */
export function presentedKey(headers: {
  [CLINIC_KEY_HEADER]?: string | string[] | undefined;
  authorization?: string | undefined;
}): string | null {
  const header = headers[CLINIC_KEY_HEADER];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const bearer = /^Bearer\s+(cpk_\S*)$/i.exec(headers.authorization?.trim() ?? '')?.[1];
  return bearer ?? null;
}

/**
 * Authenticates a clinic call. No key → `clinic_key_missing`; a key that is malformed or unknown
 * → `clinic_key_invalid`; a revoked one → `clinic_key_revoked` (all 401). Each attempt counts
 * against the client address first (taken back when the key is good), so past
 * CLINIC_KEY_FAILURE_LIMIT failures in the window the address gets `limit_exceeded` whatever it
 * sends; a good key is also limited to CLINIC_KEY_CALLS_PER_MINUTE.
 */
export async function authenticateClinic(
  deps: ClinicDeps,
  key: string | null,
  address: string,
): Promise<ClinicCaller> {
  if (key === null) throw new AppError('clinic_key_missing');
  const addressKey = `clinic-key:address:${address}`;
  const [failures = 0] = await addFailures(
    deps.db,
    [addressKey],
    deps.clock.now(),
    CLINIC_KEY_FAILURE_WINDOW_MS,
  );
  if (failures > CLINIC_KEY_FAILURE_LIMIT) throw new AppError('limit_exceeded');
  const row = KEY_PATTERN.test(key) ? await repo.findKeyByHash(deps.db, hashToken(key)) : null;
  if (row === null) throw new AppError('clinic_key_invalid');
  if (row.revokedAt !== null) throw new AppError('clinic_key_revoked');
  await releaseFailures(deps.db, [addressKey]);
  const calls = await hitCounter(deps.db, `clinic-key:${row.id}`, 60_000);
  if (calls.current > CLINIC_KEY_CALLS_PER_MINUTE) throw new AppError('limit_exceeded');
  return { keyId: row.id, venueId: row.venueId };
}
