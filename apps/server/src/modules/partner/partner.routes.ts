// GET /partner/me and POST /heals/login (spec platform-layer §7 "Outpatient and partner"): for
// a signed-in user (401 `unauthenticated` for a guest). `/partner/me` is served in the
// partnership area and, as the typed client calls it, in the customer area (decision 088).
import { partnerContract as contract } from '@clinicpass/shared/contracts/partner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import * as service from './partner.service';

const SIGN_IN_FIRST = 'Sign in first';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getPartner, async (request) =>
    service.partnerOf(app.db, request.requireCaller(SIGN_IN_FIRST).userId),
  );
};

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const healsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.healsLogin, async (request) =>
    service.healsLogin(
      app.db,
      request.requireCaller(SIGN_IN_FIRST).userId,
      request.body.policy_number,
      app.config.secretKey,
      request.now.instant,
    ),
  );
};
