import { sessionContract } from '@clinicpass/shared/contracts/identity';
import { SESSION_ID_HEADER } from '@clinicpass/shared/schemas/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { openSession } from './session.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, sessionContract.openSession, async (request) => {
    const header = request.headers[SESSION_ID_HEADER];
    return openSession(app.db, request.now.instant, Array.isArray(header) ? header[0] : header, {
      address: request.ip,
      newPerHour: app.config.guestLimits.sessionsPerAddressPerHour,
    });
  });
};
