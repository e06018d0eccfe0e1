// GET /application-case/{id}/product-option and POST /outpatient/submit/{id} (spec
// platform-layer §7): the signed-in customer's own outpatient application cases. A guest gets
// 401 `unauthenticated`; another customer's id answers 404 `not_found`.
import { applicationCaseContract as contract } from '@clinicpass/shared/contracts/application-case';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageOf } from '../platform-common/pagination';
import * as service from './application-case.service';

const SIGN_IN_MESSAGE = 'Sign in to see your applications';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const applicationCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.listApplicationCaseProductOptions, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listCaseProductOptions(
        app.db,
        request.requireCaller(SIGN_IN_MESSAGE).userId,
        request.now.today,
        request.params.id,
      ),
    ),
  );

  route(app, contract.submitOutpatientCase, async (request) => {
    request.requireCaller(SIGN_IN_MESSAGE);
    return idempotentWrite(request, (tx, { caller, now }) =>
      service.submitCase(tx, caller.userId, request.params.id, now.instant, now.today),
    );
  });
};
