// Announcements (`content`): drafts composed in both languages, edited, published and
// withdrawn; each change audited with the fields before and after.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import { ANNOUNCEMENT_TAGS, MESSAGE_TYPES } from '@clinicpass/shared/schemas/outpatient';
import * as announcements from '../../announcement/announcement.service';
import type { WorkKit } from './work-kit';

type AnnouncementRow = announcements.AnnouncementRow;

function announcementOf(row: AnnouncementRow) {
  return {
    id: row.id,
    content_en: row.contentEn,
    content_zh: row.contentZh,
    is_dismissable: row.isDismissable,
    message_type: MESSAGE_TYPES.find((type) => type === row.messageType) ?? 'info',
    tags: ANNOUNCEMENT_TAGS.filter((tag) => row.tags.includes(tag)),
    published: row.isActive,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    update_date: row.updateDate.toISOString(),
  };
}

/** What the audit log keeps of an announcement (no personal data). */
const announcementFields = (row: AnnouncementRow) => {
  const { update_date: _updated, ...fields } = announcementOf(row);
  return fields;
};

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

export function announcementRoutes({ db, route, audit, change }: WorkKit): void {
  route(opsContract.listAnnouncements, async () => ({
    items: (await announcements.listAllAnnouncements(db)).map(announcementOf),
  }));

  route(opsContract.createAnnouncement, async (request) => {
    const body = request.body;
    const row = await announcements.createAnnouncement(db, {
      contentEn: body.content_en,
      contentZh: body.content_zh,
      tags: body.tags,
      messageType: body.message_type,
      isDismissable: body.is_dismissable,
      startsAt: dateOf(body.starts_at),
      endsAt: dateOf(body.ends_at),
      published: false,
    });
    await audit(request, {
      action: 'announcement.create',
      targetKind: 'announcement',
      targetId: String(row.id),
      after: announcementFields(row),
    });
    return announcementOf(row);
  });

  route(opsContract.updateAnnouncement, async (request) => {
    const body = request.body;
    const id = request.params.id;
    const row = await change(request, {
      read: (tx) => announcements.getAnnouncementRow(tx, id),
      apply: (tx) =>
        announcements.editAnnouncement(tx, id, {
          ...(body.content_en === undefined ? {} : { contentEn: body.content_en }),
          ...(body.content_zh === undefined ? {} : { contentZh: body.content_zh }),
          ...(body.tags === undefined ? {} : { tags: body.tags }),
          ...(body.message_type === undefined ? {} : { messageType: body.message_type }),
          ...(body.is_dismissable === undefined ? {} : { isDismissable: body.is_dismissable }),
          ...(body.starts_at === undefined ? {} : { startsAt: dateOf(body.starts_at) }),
          ...(body.ends_at === undefined ? {} : { endsAt: dateOf(body.ends_at) }),
        }),
      record: (before, after) => ({
        action: 'announcement.update',
        targetKind: 'announcement',
        targetId: String(id),
        before: announcementFields(before),
        after: announcementFields(after),
      }),
    });
    return announcementOf(row);
  });

  for (const [contract, published] of [
    [opsContract.publishAnnouncement, true],
    [opsContract.withdrawAnnouncement, false],
  ] as const) {
    route(contract, async (request) => {
      const id = request.params.id;
      const row = await change(request, {
        read: (tx) => announcements.getAnnouncementRow(tx, id),
        apply: (tx) => announcements.setAnnouncementPublished(tx, id, published),
        record: (before, after) => ({
          action: published ? 'announcement.publish' : 'announcement.withdraw',
          targetKind: 'announcement',
          targetId: String(id),
          before: { published: before.isActive },
          after: { published: after.isActive },
        }),
      });
      return announcementOf(row);
    });
  }
}
