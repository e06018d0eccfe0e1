import { announcementContract } from '@clinicpass/shared/contracts/announcement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requestLanguage } from '../../plugins/errors';
import { listAnnouncements } from './announcement.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, announcementContract.listAnnouncements, async (request) => {
    const tag = request.query.tag ?? (request.caller === null ? 'guest' : 'customer');
    return { results: await listAnnouncements(app.db, tag, requestLanguage(request)) };
  });
};
