// /stakeholder and /stakeholder/{id} (spec platform-layer §7 "Reference data and others"): the
// signed-in customer's stakeholders. A guest gets 401 `unauthenticated`; another customer's id
// answers 404 `not_found` with no data.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import {
  StakeholderBodySchema,
  StakeholderPatchBodySchema,
} from '@clinicpass/shared/platform/bodies';
import { StakeholderSchema } from '@clinicpass/shared/platform/entities/reference';
import { PageOnlyQuerySchema } from '@clinicpass/shared/platform/queries';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import * as service from './stakeholder.service';

const tags = ['stakeholders'];
const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const stakeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest): service.Caller => {
    if (request.identity === null) {
      throw new AppError('unauthenticated', { message: 'Sign in to see your stakeholders' });
    }
    return { userId: request.identity.userId, secretKey: app.config.secretKey };
  };

  app.get(
    '/stakeholder',
    {
      schema: {
        tags,
        summary: "The caller's stakeholders",
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(StakeholderSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listStakeholders(
        app.db,
        callerOf(request),
        pageWindow(request.query),
      );
      return pageReply(reply, request.query, items, total);
    },
  );

  app.post(
    '/stakeholder',
    {
      schema: {
        tags,
        summary: 'Add a stakeholder (the document number is validated, kept hashed and masked)',
        headers: IdempotencyHeadersSchema,
        body: StakeholderBodySchema,
        response: { 200: StakeholderSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const now = app.clock.now();
      return idempotent(app.db, request, caller.userId, now, (tx) =>
        service.createStakeholder(tx, caller, request.body, now),
      );
    },
  );

  app.get(
    '/stakeholder/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s stakeholders',
        params: IdParamsSchema,
        response: { 200: StakeholderSchema },
      },
    },
    async (request) => service.getStakeholder(app.db, callerOf(request), request.params.id),
  );

  app.patch(
    '/stakeholder/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields named of one of the caller’s stakeholders',
        params: IdParamsSchema,
        body: StakeholderPatchBodySchema,
        response: { 200: StakeholderSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return app.db.transaction((tx) =>
        service.updateStakeholder(tx, caller, request.params.id, request.body, app.clock.now()),
      );
    },
  );

  app.delete(
    '/stakeholder/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of the caller’s stakeholders',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteStakeholder(app.db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
