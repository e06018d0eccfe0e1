import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announcement } from '../../db/schema';

export type AnnouncementRow = typeof announcement.$inferSelect;

export async function listActiveByTag(db: Database, tag: string): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcement)
    .where(and(eq(announcement.isActive, true), arrayContains(announcement.tags, [tag])))
    .orderBy(asc(announcement.id));
}

export async function insertAnnouncement(
  db: Database,
  row: typeof announcement.$inferInsert,
): Promise<AnnouncementRow> {
  const [inserted] = await db.insert(announcement).values(row).returning();
  if (!inserted) throw new Error('announcement not inserted');
  return inserted;
}

export async function deactivateAnnouncement(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(announcement)
    .set({ isActive: false, updateDate: new Date() })
    .where(eq(announcement.id, id))
    .returning({ id: announcement.id });
  return rows.length > 0;
}
