// GET /application-case/{id}/product-option and POST /outpatient/submit/{id} (spec
// platform-layer §7): the signed-in customer's own outpatient application cases. A guest gets
// 401 `unauthenticated`; another customer's id answers 404 `not_found`.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { EmptyBodySchema } from '@clinicpass/shared/platform/bodies';
import { PolicyProductOptionSchema } from '@clinicpass/shared/platform/entities/product';
import { OutpatientCaseSchema } from '@clinicpass/shared/platform/entities/results';
import { PageOnlyQuerySchema } from '@clinicpass/shared/platform/queries';
import { hkToday } from '@clinicpass/shared/time/clock';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../platform-common/idempotency';
import { pageOf } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import * as service from './application-case.service';

const tags = ['application cases'];
const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

function userOf(request: FastifyRequest): string {
  if (request.identity === null) {
    throw new AppError('unauthenticated', { message: 'Sign in to see your applications' });
  }
  return request.identity.userId;
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const applicationCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/application-case/:id/product-option',
    {
      schema: {
        tags,
        summary: 'The product options from the product of one of the caller’s application cases',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(PolicyProductOptionSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listCaseProductOptions(
          app.db,
          userOf(request),
          hkToday(app.clock),
          request.params.id,
        ),
      ),
  );

  app.post(
    '/outpatient/submit/:id',
    {
      schema: {
        tags,
        summary: 'Submits one of the caller’s outpatient application cases (draft → submitted)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: EmptyBodySchema.nullish(),
        response: { 200: OutpatientCaseSchema },
      },
    },
    async (request) => {
      const userId = userOf(request);
      const now = app.clock.now();
      return idempotent(app.db, request, userId, now, (tx) =>
        service.submitCase(tx, userId, request.params.id, now, hkToday(app.clock)),
      );
    },
  );
};
