// Route table: announcements (spec member-app §7).
import { z } from 'zod';
import { ANNOUNCEMENT_TAGS, AnnouncementsResponseSchema } from '../schemas/outpatient';
import { defineRoute } from './route';

export const announcementContract = {
  listAnnouncements: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/announcement',
    query: z.object({ tag: z.enum(ANNOUNCEMENT_TAGS).optional() }),
    responses: { 200: AnnouncementsResponseSchema },
    errors: ['validation_error'],
    auth: 'optional',
    tags: ['Announcement'],
    summary: 'Active announcements for a tag; without one, `customer` when signed in, else `guest`',
  }),
} as const;
