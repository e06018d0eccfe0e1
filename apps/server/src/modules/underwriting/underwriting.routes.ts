// Underwriting of the signed-in customer (spec platform-layer §7 "Underwriting"). Another
// customer's case answers 404 with no data.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { EmptyBodySchema, UnderwritingAnswersBodySchema } from '@clinicpass/shared/platform/bodies';
import {
  UnderwritingCaseSchema,
  UnderwritingQuestionSchema,
} from '@clinicpass/shared/platform/entities/underwriting';
import { PageOnlyQuerySchema } from '@clinicpass/shared/platform/queries';
import { hkToday } from '@clinicpass/shared/time/clock';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../platform-common/idempotency';
import { pageOf } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import * as service from './underwriting.service';

const tags = ['underwriting'];

const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

function callerOf(request: FastifyRequest): service.Caller {
  if (request.identity === null) {
    throw new AppError('unauthenticated', { message: 'Sign in to answer the health questions' });
  }
  return { userId: request.identity.userId };
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const underwritingRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = (): service.Now => ({ today: hkToday(app.clock), instant: app.clock.now() });

  app.get(
    '/policy/underwriting/:id',
    {
      schema: {
        tags,
        summary: 'An underwriting case: answers, follow-ups, status and the decision',
        params: IdParamsSchema,
        response: { 200: UnderwritingCaseSchema },
      },
    },
    async (request) => service.getCase(app.db, callerOf(request), now().today, request.params.id),
  );

  app.get(
    '/policy/underwriting/:id/questions',
    {
      schema: {
        tags,
        summary: 'The health questions of a case, in order, with their input configuration',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(UnderwritingQuestionSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listQuestions(app.db, callerOf(request), request.params.id),
      ),
  );

  app.post(
    '/policy/underwriting/:id/answer',
    {
      schema: {
        tags,
        summary:
          'Answers every asked question (replacing earlier answers); 400 names a wrong answer. Honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: UnderwritingAnswersBodySchema,
        response: { 200: UnderwritingCaseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.answer(tx, caller, at, request.params.id, request.body.answers),
      );
    },
  );

  app.post(
    '/policy/underwriting/:id/result',
    {
      schema: {
        tags,
        summary:
          'Calculates the decision from the submitted answers (empty body). Honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: EmptyBodySchema,
        response: { 200: UnderwritingCaseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.calculateResult(tx, caller, at, request.params.id),
      );
    },
  );
};
