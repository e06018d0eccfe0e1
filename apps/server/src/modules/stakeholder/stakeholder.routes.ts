// /stakeholder and /stakeholder/{id} (spec platform-layer §7 "Reference data and others"): the
// signed-in customer's stakeholders. A guest gets 401 `unauthenticated`; another customer's id
// answers 404 `not_found` with no data.
import { stakeholderContract as contract } from '@clinicpass/shared/contracts/stakeholder';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './stakeholder.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const stakeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller as the service takes it: with the key its document numbers are hashed with. */
  const stakeholderCaller = (request: FastifyRequest): service.Caller => ({
    ...request.requireCaller('Sign in to see your stakeholders'),
    secretKey: app.config.secretKey,
  });

  route(app, contract.listStakeholders, async (request, reply) => {
    const { items, total } = await service.listStakeholders(
      app.db,
      stakeholderCaller(request),
      pageWindow(request.query),
    );
    return pageReply(reply, request.query, items, total);
  });

  route(app, contract.createStakeholder, async (request) => {
    const caller = stakeholderCaller(request);
    return idempotentWrite(request, (tx, { now }) =>
      service.createStakeholder(tx, caller, request.body, now.instant),
    );
  });

  route(app, contract.getStakeholder, async (request) =>
    service.getStakeholder(app.db, stakeholderCaller(request), request.params.id),
  );

  route(app, contract.updateStakeholder, async (request) => {
    const caller = stakeholderCaller(request);
    return app.db.transaction((tx) =>
      service.updateStakeholder(tx, caller, request.params.id, request.body, request.now.instant),
    );
  });

  route(app, contract.deleteStakeholder, async (request, reply) => {
    await service.deleteStakeholder(app.db, stakeholderCaller(request), request.params.id);
    return reply.status(204).send(null);
  });
};
