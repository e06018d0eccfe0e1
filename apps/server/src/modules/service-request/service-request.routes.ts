// Service requests of the signed-in customer (spec platform-layer §7 "Service requests").
// Another customer's request answers 404 with no data; an illegal move is 409, nothing changed.
import { serviceRequestContract as contract } from '@clinicpass/shared/contracts/service-request';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './service-request.service';

/** What a guest is told (the module's hook refuses guests before any route). */
const SIGN_IN_MESSAGE = 'Sign in to change your policies';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.listServiceRequests, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listRequests(
      app.db,
      request.requireCaller(SIGN_IN_MESSAGE),
      q,
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.createServiceRequest, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.createRequest(tx, caller, now, request.body, app.config.secretKey),
    ),
  );

  route(app, contract.getServiceRequest, async (request) =>
    service.getRequest(app.db, request.requireCaller(SIGN_IN_MESSAGE), request.params.id),
  );

  route(app, contract.submitServiceRequest, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.submitRequest(tx, caller, now, request.params.id),
    ),
  );

  route(app, contract.cancelServiceRequest, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.cancelRequest(tx, caller, now, request.params.id),
    ),
  );

  route(app, contract.getServiceRequestFlowPage, async (request) =>
    service.getFlowPage(
      app.db,
      request.requireCaller(SIGN_IN_MESSAGE),
      request.now.today,
      request.params.id,
    ),
  );

  route(app, contract.getServiceRequestProjection, async (request) =>
    service.getProjection(
      app.db,
      request.requireCaller(SIGN_IN_MESSAGE),
      request.now.today,
      request.params.id,
      request.query.projection_years,
    ),
  );
};
