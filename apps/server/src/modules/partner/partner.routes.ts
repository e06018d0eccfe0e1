// GET /partner/me and POST /heals/login (spec platform-layer §7 "Outpatient and partner"): for
// a signed-in user (401 `unauthenticated` for a guest). `/partner/me` is served in the
// partnership area and, as the typed client calls it, in the customer area (decision 088).
import { AppError } from '@clinicpass/shared/errors/app-error';
import { HealsLoginBodySchema } from '@clinicpass/shared/platform/bodies';
import {
  HealthServicesLoginSchema,
  PartnerSchema,
} from '@clinicpass/shared/platform/entities/reference';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './partner.service';

function userOf(request: FastifyRequest): string {
  if (request.identity === null)
    throw new AppError('unauthenticated', { message: 'Sign in first' });
  return request.identity.userId;
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partner/me',
    {
      schema: {
        tags: ['partner'],
        summary: 'The partner the signed-in user acts for (404 when none)',
        response: { 200: PartnerSchema },
      },
    },
    async (request) => service.partnerOf(app.db, userOf(request)),
  );
};

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const healsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/heals/login',
    {
      schema: {
        tags: ['partner'],
        summary: 'Sign in to the health-services provider for one of the caller’s policies',
        body: HealsLoginBodySchema,
        response: { 200: HealthServicesLoginSchema },
      },
    },
    async (request) =>
      service.healsLogin(
        app.db,
        userOf(request),
        request.body.policy_number,
        app.config.secretKey,
        app.clock.now(),
      ),
  );
};
