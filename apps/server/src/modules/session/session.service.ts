// Session service (spec §7): a browser asks for its device/session id once and keeps it in
// local storage; it is sent as `X-Device-Id` and logged with each request. The `code` says what
// happened to the id the browser sent (docs/decisions/042).
import { randomBytes } from 'node:crypto';
import type { DeviceSessionResponse } from '@clinicpass/shared/schemas/identity';
import type { Database } from '../../db/client';
import * as limits from '../../plugins/limits';
import * as repo from './session.repository';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
/** Days a device session may go unseen before `npm run outpatient -- prune` deletes it. */
export const DEVICE_SESSION_IDLE_DAYS = 30;

/** Who opens a session: the client address and its budget of new ids an hour (decision 251). */
export interface SessionOpener {
  address: string;
  newPerHour: number;
}

/**
 * Resumes the id the browser sent when it is known, else opens a new one: at most
 * `newPerHour` new ids an hour per client address, then 429 `limit_exceeded` (Retry-After).
 */
export async function openSession(
  db: Database,
  now: Date,
  sentId: string | undefined,
  opener: SessionOpener,
): Promise<DeviceSessionResponse> {
  if (sentId !== undefined && SESSION_ID_PATTERN.test(sentId)) {
    if (await repo.touch(db, sentId, now)) return { session_id: sentId, code: 'resumed' };
  }
  await limits.takeFromWindow(
    db,
    `session:new:ip:${opener.address}`,
    {
      limit: opener.newPerHour,
      windowMs: 3_600_000,
      message: 'Too many new sessions from this address; please try again later',
    },
    now,
  );
  const code = sentId === undefined ? 'created' : 'renewed';
  const id = randomBytes(18).toString('base64url');
  await repo.create(db, id, code, now);
  return { session_id: id, code };
}

/** Deletes device sessions unseen for DEVICE_SESSION_IDLE_DAYS; answers how many. */
export function pruneDeviceSessions(db: Database, now: Date): Promise<number> {
  return repo.deleteUnseenSince(
    db,
    new Date(now.getTime() - DEVICE_SESSION_IDLE_DAYS * 86_400_000),
  );
}
