import {
  ANNOUNCEMENT_TAGS,
  AnnouncementsResponseSchema,
} from '@clinicpass/shared/schemas/outpatient';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../plugins/errors';
import { listAnnouncements } from './announcement.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/announcement',
    {
      schema: {
        tags: ['Announcement'],
        summary:
          'Active announcements for a tag; without one, `customer` when signed in, else `guest`',
        querystring: z.object({ tag: z.enum(ANNOUNCEMENT_TAGS).optional() }),
        response: { 200: AnnouncementsResponseSchema },
      },
    },
    async (request) => {
      const tag = request.query.tag ?? (request.identity === null ? 'guest' : 'customer');
      return { results: await listAnnouncements(app.db, tag, requestLanguage(request)) };
    },
  );
};
