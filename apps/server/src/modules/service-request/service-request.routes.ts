// Service requests of the signed-in customer (spec platform-layer §7 "Service requests").
// Another customer's request answers 404 with no data; an illegal move is 409, nothing changed.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { EmptyBodySchema, ServiceRequestBodySchema } from '@clinicpass/shared/platform/bodies';
import {
  DiscountProjectionSchema,
  PolicyServiceRequestSchema,
  ServiceRequestFlowPageSchema,
} from '@clinicpass/shared/platform/entities/policy';
import {
  ProjectionYearsQuerySchema,
  ServiceRequestQuerySchema,
} from '@clinicpass/shared/platform/queries';
import { hkToday } from '@clinicpass/shared/time/clock';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import * as service from './service-request.service';

const tags = ['service requests'];

const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

function callerOf(request: FastifyRequest): service.Caller {
  if (request.identity === null) {
    throw new AppError('unauthenticated', { message: 'Sign in to change your policies' });
  }
  return { userId: request.identity.userId };
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = (): service.Now => ({ today: hkToday(app.clock), instant: app.clock.now() });
  const base = '/policy/service-request';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "The caller's service requests, newest first unless `ordering` says otherwise",
        querystring: ServiceRequestQuerySchema,
        response: { 200: PaginatedSchema(PolicyServiceRequestSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listRequests(
        app.db,
        callerOf(request),
        q,
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary:
          'Creates a draft request: a product change to an eligible option (an upgrade opens its underwriting case) or an identity document change. Honours Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: ServiceRequestBodySchema,
        response: { 200: PolicyServiceRequestSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.createRequest(tx, caller, at, request.body, app.config.secretKey),
      );
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'A service request',
        params: IdParamsSchema,
        response: { 200: PolicyServiceRequestSchema },
      },
    },
    async (request) => service.getRequest(app.db, callerOf(request), request.params.id),
  );

  app.post(
    `${base}/:id/submit`,
    {
      schema: {
        tags,
        summary:
          'Submits a draft (an upgrade needs its health questions decided). Honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: EmptyBodySchema,
        response: { 200: PolicyServiceRequestSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.submitRequest(tx, caller, at, request.params.id),
      );
    },
  );

  app.post(
    `${base}/:id/cancel`,
    {
      schema: {
        tags,
        summary:
          'Cancels a request that is draft, open or offered (empty body). Honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: EmptyBodySchema,
        response: { 200: PolicyServiceRequestSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.cancelRequest(tx, caller, at, request.params.id),
      );
    },
  );

  app.get(
    `${base}/:id/flow-page`,
    {
      schema: {
        tags,
        summary: "Where the request stands in its type's ordered pages",
        params: IdParamsSchema,
        response: { 200: ServiceRequestFlowPageSchema },
      },
    },
    async (request) =>
      service.getFlowPage(app.db, callerOf(request), now().today, request.params.id),
  );

  app.get(
    `${base}/:id/projection`,
    {
      schema: {
        tags,
        summary: 'Premium projection of the proposed product option for the next N years',
        params: IdParamsSchema,
        querystring: ProjectionYearsQuerySchema,
        response: { 200: DiscountProjectionSchema },
      },
    },
    async (request) =>
      service.getProjection(
        app.db,
        callerOf(request),
        now().today,
        request.params.id,
        request.query.projection_years,
      ),
  );
};
