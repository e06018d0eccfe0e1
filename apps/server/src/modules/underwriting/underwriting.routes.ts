// Underwriting of the signed-in customer (spec platform-layer §7 "Underwriting"). Another
// customer's case answers 404 with no data.
import { underwritingContract as contract } from '@clinicpass/shared/contracts/underwriting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageOf } from '../platform-common/pagination';
import * as service from './underwriting.service';

/** What a guest is told (the module's hook refuses guests before any route). */
const SIGN_IN_MESSAGE = 'Sign in to answer the health questions';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const underwritingRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getUnderwritingCase, async (request) =>
    service.getCase(
      app.db,
      request.requireCaller(SIGN_IN_MESSAGE),
      request.now.today,
      request.params.id,
    ),
  );

  route(app, contract.listUnderwritingQuestions, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listQuestions(
        app.db,
        request.requireCaller(SIGN_IN_MESSAGE),
        request.params.id,
      ),
    ),
  );

  route(app, contract.answerUnderwriting, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.answer(tx, caller, now, request.params.id, request.body.answers),
    ),
  );

  route(app, contract.calculateUnderwritingResult, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.calculateResult(tx, caller, now, request.params.id),
    ),
  );
};
