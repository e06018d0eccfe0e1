import { and, arrayContains, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announcement } from '../../db/schema';

export type AnnouncementRow = typeof announcement.$inferSelect;

/** The published announcements of a tag shown at `now` (between their start and end). */
export async function listActiveByTag(
  db: Database,
  tag: string,
  now: Date = new Date(),
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcement)
    .where(
      and(
        eq(announcement.isActive, true),
        arrayContains(announcement.tags, [tag]),
        or(isNull(announcement.startsAt), lte(announcement.startsAt, now)),
        or(isNull(announcement.endsAt), gt(announcement.endsAt, now)),
      ),
    )
    .orderBy(asc(announcement.id));
}

/** Every announcement, published or not, newest first (the back office). */
export async function listAll(db: Database): Promise<AnnouncementRow[]> {
  return db.select().from(announcement).orderBy(desc(announcement.id));
}

export async function findAnnouncement(db: Database, id: number): Promise<AnnouncementRow | null> {
  const [row] = await db.select().from(announcement).where(eq(announcement.id, id)).limit(1);
  return row ?? null;
}

export async function updateAnnouncement(
  db: Database,
  id: number,
  patch: Partial<typeof announcement.$inferInsert>,
): Promise<AnnouncementRow | null> {
  const [row] = await db
    .update(announcement)
    .set({ ...patch, updateDate: new Date() })
    .where(eq(announcement.id, id))
    .returning();
  return row ?? null;
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
