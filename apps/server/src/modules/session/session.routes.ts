import {
  DeviceSessionResponseSchema,
  SESSION_ID_HEADER,
} from '@clinicpass/shared/schemas/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openSession } from './session.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['session'],
        summary: 'Open or resume a device session (optional `session-id` header)',
        response: { 200: DeviceSessionResponseSchema },
      },
    },
    async (request) => {
      const header = request.headers[SESSION_ID_HEADER];
      return openSession(app.db, app.clock.now(), Array.isArray(header) ? header[0] : header);
    },
  );
};
