// Announcements (member-app §2.5, §3, §6): banners for signed-in customers (`customer` tag) and
// everyone else (`guest`), created by an operator command; text sanitised on store and on show.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import {
  ANNOUNCEMENT_TAGS,
  MESSAGE_TYPES,
  type Announcement,
  type AnnouncementTag,
} from '@clinicpass/shared/schemas/outpatient';
import type { Database } from '../../db/client';
import * as repo from './announcement.repository';

export type { AnnouncementRow } from './announcement.repository';
import { sanitizeAnnouncementText } from './sanitize';

type MessageType = (typeof MESSAGE_TYPES)[number];

function isMessageType(value: string): value is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(value);
}

function isTag(value: string): value is AnnouncementTag {
  return (ANNOUNCEMENT_TAGS as readonly string[]).includes(value);
}

export async function listAnnouncements(
  db: Database,
  tag: AnnouncementTag,
  language: Language,
  now: Date = new Date(),
): Promise<Announcement[]> {
  const rows = await repo.listActiveByTag(db, tag, now);
  return rows.map((row) => {
    const contentEn = sanitizeAnnouncementText(row.contentEn);
    const contentZh = sanitizeAnnouncementText(row.contentZh);
    return {
      id: row.id,
      content_en: contentEn,
      content_zh: contentZh,
      content: language === 'zh-HK' ? contentZh || contentEn : contentEn,
      is_dismissable: row.isDismissable,
      message_type: isMessageType(row.messageType) ? row.messageType : 'info',
      tags: row.tags.filter(isTag),
    };
  });
}

export interface NewAnnouncement {
  contentEn: string;
  contentZh: string;
  isDismissable: boolean;
  messageType: string;
  tags: string[];
  /** Shown from / until (decision 297); null or absent: no bound. */
  startsAt?: Date | null;
  endsAt?: Date | null;
  /** Published at once (the operator command), or a draft (the back office); default true. */
  published?: boolean;
}

/** Sanitised texts and checked values of an announcement; refuses empty text or unknown values. */
function checkedAnnouncement(input: NewAnnouncement) {
  const contentEn = sanitizeAnnouncementText(input.contentEn);
  const contentZh = sanitizeAnnouncementText(input.contentZh);
  if (contentEn === '' || contentZh === '') {
    const path = contentEn === '' ? 'content_en' : 'content_zh';
    throw validationError([{ path, message: 'is required', key: 'required' }], {
      message: 'Both the English and the Chinese text are required',
    });
  }
  if (!isMessageType(input.messageType)) {
    throw validationError(
      [
        {
          path: 'message_type',
          message: `is not one of ${MESSAGE_TYPES.join(', ')}`,
          key: 'invalid',
        },
      ],
      { message: `message type must be one of ${MESSAGE_TYPES.join(', ')}` },
    );
  }
  if (input.tags.length === 0 || !input.tags.every(isTag)) {
    throw validationError(
      [{ path: 'tags', message: `must be among ${ANNOUNCEMENT_TAGS.join(', ')}`, key: 'invalid' }],
      { message: `tags must be among ${ANNOUNCEMENT_TAGS.join(', ')}` },
    );
  }
  const startsAt = input.startsAt ?? null;
  const endsAt = input.endsAt ?? null;
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    throw validationError(
      [{ path: 'ends_at', message: 'must be after starts_at', key: 'invalid' }],
      {
        message: 'An announcement must end after it starts',
      },
    );
  }
  return {
    contentEn,
    contentZh,
    isDismissable: input.isDismissable,
    messageType: input.messageType,
    tags: input.tags,
    startsAt,
    endsAt,
  };
}

/** Stores a sanitised announcement (the operator command and the back office). */
export async function createAnnouncement(db: Database, input: NewAnnouncement) {
  return repo.insertAnnouncement(db, {
    ...checkedAnnouncement(input),
    isActive: input.published ?? true,
  });
}

function missing(id: number): AppError {
  return new AppError('not_found', { message: `No announcement ${id}` });
}

export async function getAnnouncementRow(db: Database, id: number) {
  const row = await repo.findAnnouncement(db, id);
  if (row === null) throw missing(id);
  return row;
}

export function listAllAnnouncements(db: Database) {
  return repo.listAll(db);
}

/** Edits an announcement: the fields given replace its own, checked as a new one is. */
export async function editAnnouncement(
  db: Database,
  id: number,
  change: Partial<Omit<NewAnnouncement, 'published'>>,
) {
  const row = await getAnnouncementRow(db, id);
  const checked = checkedAnnouncement({
    contentEn: change.contentEn ?? row.contentEn,
    contentZh: change.contentZh ?? row.contentZh,
    isDismissable: change.isDismissable ?? row.isDismissable,
    messageType: change.messageType ?? row.messageType,
    tags: change.tags ?? row.tags,
    startsAt: change.startsAt === undefined ? row.startsAt : change.startsAt,
    endsAt: change.endsAt === undefined ? row.endsAt : change.endsAt,
  });
  const updated = await repo.updateAnnouncement(db, id, checked);
  if (updated === null) throw missing(id);
  return updated;
}

/** Publishes (shown between its start and end) or withdraws an announcement. */
export async function setAnnouncementPublished(db: Database, id: number, published: boolean) {
  const updated = await repo.updateAnnouncement(db, id, { isActive: published });
  if (updated === null) throw missing(id);
  return updated;
}

export async function deactivateAnnouncement(db: Database, id: number): Promise<void> {
  if (!(await repo.deactivateAnnouncement(db, id))) throw missing(id);
}
