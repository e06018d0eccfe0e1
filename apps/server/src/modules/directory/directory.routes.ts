// HTTP of the directory's upkeep (customer area): a member's report of wrong details on a card.
// A guest solves the captcha first; a signed-in customer does not, and is counted per account
// besides (decision 256). Counted per client address.
import { directoryContract } from '@clinicpass/shared/contracts/directory';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requireCaptcha } from '../captcha/captcha.plugin';
import { submitReport } from './directory.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = requireCaptcha(app);
  route(
    app,
    directoryContract.reportServicePoint,
    async (request, reply) => {
      const receipt = await submitReport(
        { db: app.db, secretKey: app.config.secretKey },
        {
          servicePointId: request.params.id,
          kind: request.body.kind,
          note: request.body.note,
          address: request.ip,
          perAddressPerDay: app.config.directory.reportsPerAddressPerDay,
          userId: request.caller?.userId ?? null,
          perAccountPerDay: app.config.directory.reportsPerAccountPerDay,
        },
        request.now.instant,
      );
      return reply.status(201).send(receipt);
    },
    // Guests pay a solved captcha, checked once the body is valid (as the look-up does).
    {
      preHandler: async (request: FastifyRequest) => {
        if (request.caller === null) await captcha(request);
      },
    },
  );
};
