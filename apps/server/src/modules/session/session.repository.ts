import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceSession } from '../../db/identity-schema';

export class SessionRepository {
  constructor(private readonly db: Database) {}

  /** Marks a known id seen; false when the id is unknown. */
  async touch(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(deviceSession)
      .set({ lastSeenAt: now })
      .where(eq(deviceSession.id, id))
      .returning({ id: deviceSession.id });
    return rows.length === 1;
  }

  async create(id: string, code: string, now: Date): Promise<void> {
    await this.db.insert(deviceSession).values({ id, code, createdAt: now, lastSeenAt: now });
  }
}
