import { announcementContract } from '@clinicpass/shared/contracts/announcement';
import { ANNOUNCEMENT_TAG_HEADER } from '@clinicpass/shared/schemas/outpatient';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requestLanguage } from '../../plugins/errors';
import { listAnnouncements } from './announcement.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, announcementContract.listAnnouncements, async (request, reply) => {
    const tag = request.query.tag ?? (request.caller === null ? 'guest' : 'customer');
    // The tag the answer is for, chosen here when the request named none: the web keeps the
    // answer under it, so learning the sign-in state later costs no second request (decision 239).
    void reply.header(ANNOUNCEMENT_TAG_HEADER, tag);
    return {
      results: await listAnnouncements(app.db, tag, requestLanguage(request), request.now.instant),
    };
  });
};
