// Session service (spec §7): a browser asks for its device/session id once and keeps it in
// local storage; it is sent as `X-Device-Id` and logged with each request. The `code` says what
// happened to the id the browser sent (docs/decisions/042).
import { randomBytes } from 'node:crypto';
import type { Clock } from '@clinicpass/shared/time/clock';
import type { DeviceSessionResponse } from '@clinicpass/shared/schemas/identity';
import type { SessionRepository } from './session.repository';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export class SessionService {
  constructor(
    private readonly repository: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async open(sentId: string | undefined): Promise<DeviceSessionResponse> {
    const now = this.clock.now();
    if (sentId !== undefined && SESSION_ID_PATTERN.test(sentId)) {
      if (await this.repository.touch(sentId, now)) return { session_id: sentId, code: 'resumed' };
    }
    const code = sentId === undefined ? 'created' : 'renewed';
    const id = randomBytes(18).toString('base64url');
    await this.repository.create(id, code, now);
    return { session_id: id, code };
  }
}
