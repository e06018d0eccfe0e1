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
): Promise<Announcement[]> {
  const rows = await repo.listActiveByTag(db, tag);
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
}

/** Operator command: stores a sanitised announcement; refuses empty text or unknown values. */
export async function createAnnouncement(db: Database, input: NewAnnouncement) {
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
  return repo.insertAnnouncement(db, {
    contentEn,
    contentZh,
    isDismissable: input.isDismissable,
    messageType: input.messageType,
    tags: input.tags,
  });
}

export async function deactivateAnnouncement(db: Database, id: number): Promise<void> {
  if (!(await repo.deactivateAnnouncement(db, id))) {
    throw new AppError('not_found', { message: `No announcement ${id}` });
  }
}
