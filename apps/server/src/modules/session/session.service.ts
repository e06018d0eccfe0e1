// Session service (spec §7): a browser asks for its device/session id once and keeps it in
// local storage; it is sent as `X-Device-Id` and logged with each request. The `code` says what
// happened to the id the browser sent (docs/decisions/042).
import { randomBytes } from 'node:crypto';
import type { DeviceSessionResponse } from '@clinicpass/shared/schemas/identity';
import type { Database } from '../../db/client';
import * as repo from './session.repository';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Resumes the id the browser sent when it is known, else opens a new one. */
export async function openSession(
  db: Database,
  now: Date,
  sentId: string | undefined,
): Promise<DeviceSessionResponse> {
  if (sentId !== undefined && SESSION_ID_PATTERN.test(sentId)) {
    if (await repo.touch(db, sentId, now)) return { session_id: sentId, code: 'resumed' };
  }
  const code = sentId === undefined ? 'created' : 'renewed';
  const id = randomBytes(18).toString('base64url');
  await repo.create(db, id, code, now);
  return { session_id: id, code };
}
