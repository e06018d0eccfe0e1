// Policy records of the signed-in customer (spec platform-layer §7 "Policies"): claim balance
// and benefit allocation, tax reports, renewals, survey attempts and profile mappings. Registered
// inside policyRoutes, whose hook refuses guests.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import {
  AllocateBenefitBodySchema,
  PolicyProfileMappingBodySchema,
  PolicySurveyAttemptBodySchema,
} from '@clinicpass/shared/platform/bodies';
import {
  PolicyClaimBalanceSchema,
  PolicyProfileMappingSchema,
  PolicySurveyAttemptSchema,
  RenewalSchema,
  TaxReportSchema,
} from '@clinicpass/shared/platform/entities/policy';
import {
  PolicyNumberQuerySchema,
  PolicyProfileMappingQuerySchema,
} from '@clinicpass/shared/platform/queries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import { callerOf, IdempotencyHeadersSchema, nowOf } from './policy-http';
import * as service from './policy-records.service';

const tags = ['policies'];

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const policyRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/policy/:id/claim-balance',
    {
      schema: {
        tags,
        summary: 'What is left of each benefit this policy year, and of the annual limits',
        params: IdParamsSchema,
        response: { 200: PolicyClaimBalanceSchema },
      },
    },
    async (request) =>
      service.getClaimBalance(app.db, callerOf(request), nowOf(app).today, request.params.id),
  );

  app.post(
    '/policy/:id/allocate-benefit',
    {
      schema: {
        tags,
        summary:
          'Earmarks part of the cash balance for a benefit this policy year; honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: AllocateBenefitBodySchema,
        response: { 200: PolicyClaimBalanceSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = nowOf(app);
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.allocateBenefit(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.get(
    '/tax-report',
    {
      schema: {
        tags,
        summary: 'Premium statements for tax of the caller’s policies, latest first',
        querystring: PolicyNumberQuerySchema,
        response: { 200: PaginatedSchema(TaxReportSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listTaxReports(
        app.db,
        callerOf(request),
        q.policy_number,
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.get(
    '/policy-renewal',
    {
      schema: {
        tags,
        summary: 'Renewals of the caller’s policies (with the notice once issued), latest first',
        querystring: PolicyNumberQuerySchema,
        response: { 200: PaginatedSchema(RenewalSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listRenewals(
        app.db,
        callerOf(request),
        q.policy_number,
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.post(
    '/policy-survey-attempt',
    {
      schema: {
        tags,
        summary:
          'Records a survey attempt on one of the caller’s policies; honours Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: PolicySurveyAttemptBodySchema,
        response: { 200: PolicySurveyAttemptSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = nowOf(app);
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.createSurveyAttempt(tx, caller, at, request.body),
      );
    },
  );

  app.get(
    '/policy-profile-mapping',
    {
      schema: {
        tags,
        summary: 'Who is mapped to the caller’s policies, in which role',
        querystring: PolicyProfileMappingQuerySchema,
        response: { 200: PaginatedSchema(PolicyProfileMappingSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listProfileMappings(
        app.db,
        callerOf(request),
        { policyNumber: q.policy_number, role: q.role },
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.get(
    '/policy-profile-mapping/:id',
    {
      schema: {
        tags,
        summary: 'A profile mapping of one of the caller’s policies',
        params: IdParamsSchema,
        response: { 200: PolicyProfileMappingSchema },
      },
    },
    async (request) => service.getProfileMapping(app.db, callerOf(request), request.params.id),
  );

  app.post(
    '/policy-profile-mapping',
    {
      schema: {
        tags,
        summary: 'Maps a party of the caller’s policy to a role; honours Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: PolicyProfileMappingBodySchema,
        response: { 200: PolicyProfileMappingSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = nowOf(app);
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.createProfileMapping(tx, caller, at, request.body),
      );
    },
  );

  app.delete(
    '/policy-profile-mapping/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a profile mapping (a policy keeps one policyholder mapping)',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await app.db.transaction((tx) => service.deleteProfileMapping(tx, caller, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
