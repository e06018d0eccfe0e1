import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceSession } from '../../db/identity-schema';

/** Marks a known id seen; false when the id is unknown. */
export async function touch(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(deviceSession)
    .set({ lastSeenAt: now })
    .where(eq(deviceSession.id, id))
    .returning({ id: deviceSession.id });
  return rows.length === 1;
}

export async function create(db: Database, id: string, code: string, now: Date): Promise<void> {
  await db.insert(deviceSession).values({ id, code, createdAt: now, lastSeenAt: now });
}

/** Deletes the sessions last seen before `before`; answers how many. */
export async function deleteUnseenSince(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(deviceSession)
    .where(lt(deviceSession.lastSeenAt, before))
    .returning({ id: deviceSession.id });
  return rows.length;
}
