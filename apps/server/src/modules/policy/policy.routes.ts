// Policies of the signed-in customer (spec platform-layer §7 "Policies"). Every route needs a
// signed-in customer (401 `unauthenticated` for a guest) and reaches only the caller's own
// policies: another customer's id answers 404 with no data.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import {
  BeneficiariesBodySchema,
  EmptyBodySchema,
  ProjectPremiumBodySchema,
  RetentionSellingBodySchema,
  TerminateBodySchema,
} from '@clinicpass/shared/platform/bodies';
import {
  BulkProjectionSchema,
  DiscountProjectionSchema,
  PolicyCouponSchema,
  PolicyCoverageSchema,
  PolicyDetailSchema,
  PolicyEventSchema,
  PolicySchema,
  PolicySellingSchema,
} from '@clinicpass/shared/platform/entities/policy';
import {
  PolicyProductOptionSchema,
  ProductDocumentSchema,
} from '@clinicpass/shared/platform/entities/product';
import { RetentionSellingResultSchema } from '@clinicpass/shared/platform/entities/results';
import {
  BulkProjectionQuerySchema,
  PageOnlyQuerySchema,
  PolicyEventQuerySchema,
  PolicyListQuerySchema,
  ProjectionQuerySchema,
} from '@clinicpass/shared/platform/queries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idempotent } from '../platform-common/idempotency';
import { pageOf, pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema, PolicyNumberParamsSchema } from '../platform-common/params';
import type { EventFilters } from './policy.repository';
import { groupPolicyRoutes } from './group-policy.routes';
import { callerOf, IdempotencyHeadersSchema, nowOf } from './policy-http';
import { policyRecordRoutes } from './policy-records.routes';
import * as service from './policy.service';

const tags = ['policies'];

const DATE_OPS = [
  ['', '='],
  ['__gt', '>'],
  ['__gte', '>='],
  ['__lt', '<'],
  ['__lte', '<='],
] as const;

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = (): service.Now => nowOf(app);

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.identity === null) {
      done(new AppError('unauthenticated', { message: 'Sign in to see your policies' }));
      return;
    }
    done();
  });

  app.get(
    '/policy',
    {
      schema: {
        tags,
        summary: "The caller's policies",
        querystring: PolicyListQuerySchema,
        response: { 200: PaginatedSchema(PolicySchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listPolicies(
        app.db,
        callerOf(request),
        now().today,
        {
          statuses: q.status,
          productType: q.product_type,
          productCode: q.product_code,
          policyNumber: q.policy_number,
          profileId: q.profile_id,
          paymentGatewayType: q.payment_gateway_type,
        },
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.get(
    '/policy/bulk-projection',
    {
      schema: {
        tags,
        summary: 'Premium projections of several of the caller’s policies and their total discount',
        querystring: BulkProjectionQuerySchema,
        response: { 200: BulkProjectionSchema },
      },
    },
    async (request) =>
      service.getBulkProjection(app.db, callerOf(request), now().today, request.query),
  );

  app.get(
    '/policy/:id',
    {
      schema: {
        tags,
        summary: 'A policy in full: cash balance, schedule, sum assured, renewal, intentions',
        params: IdParamsSchema,
        response: { 200: PolicyDetailSchema },
      },
    },
    async (request) =>
      service.getPolicyDetail(app.db, callerOf(request), now().today, request.params.id),
  );

  app.get(
    '/policy/:id/coverage',
    {
      schema: {
        tags,
        summary: 'The total sum assured of a policy',
        params: IdParamsSchema,
        response: { 200: PolicyCoverageSchema },
      },
    },
    async (request) => service.getCoverage(app.db, callerOf(request), request.params.id),
  );

  app.get(
    '/policy/:id/coupon',
    {
      schema: {
        tags,
        summary: 'Coupons applied to a policy',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(PolicyCouponSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listCoupons(app.db, callerOf(request), request.params.id),
      ),
  );

  app.get(
    '/policy/:id/product-document',
    {
      schema: {
        tags,
        summary: 'The product documents in force for a policy',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(ProductDocumentSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listProductDocuments(
          app.db,
          callerOf(request),
          now().today,
          request.params.id,
        ),
      ),
  );

  app.get(
    '/policy/:id/product-option',
    {
      schema: {
        tags,
        summary: 'Product options open to a policy, with a quotation and the eligibility rules',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(PolicyProductOptionSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listProductOptions(app.db, callerOf(request), now().today, request.params.id),
      ),
  );

  app.get(
    '/policy/:id/projection',
    {
      schema: {
        tags,
        summary: 'Premium projection of a policy for the next N years',
        params: IdParamsSchema,
        querystring: ProjectionQuerySchema,
        response: { 200: DiscountProjectionSchema },
      },
    },
    async (request) =>
      service.getProjection(
        app.db,
        callerOf(request),
        now().today,
        request.params.id,
        request.query,
      ),
  );

  app.post(
    '/policy/:number/project-premium',
    {
      schema: {
        tags,
        summary: 'Premium projection with another frequency, product or sum assured',
        params: PolicyNumberParamsSchema,
        body: ProjectPremiumBodySchema,
        response: { 200: DiscountProjectionSchema },
      },
    },
    async (request) =>
      service.projectPremium(
        app.db,
        callerOf(request),
        now().today,
        request.params.number,
        request.body,
      ),
  );

  app.post(
    '/policy/:id/terminate',
    {
      schema: {
        tags,
        summary: 'Terminates a policy (cancels it in its free look); honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: TerminateBodySchema,
        response: { 200: PolicySchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.terminate(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.post(
    '/policy/:id/retention-selling',
    {
      schema: {
        tags,
        summary: 'Starts a termination; answers a retention offer when there is one',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: RetentionSellingBodySchema,
        response: { 200: RetentionSellingResultSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.startRetentionSelling(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.post(
    '/policy-selling/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accepts a retention offer: applies its coupon, withdraws the termination',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: EmptyBodySchema,
        response: { 200: PolicySellingSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.acceptSelling(tx, caller, at, request.params.id),
      );
    },
  );

  app.post(
    '/policy/:id/beneficiaries',
    {
      schema: {
        tags,
        summary: 'Replaces the beneficiaries of a policy (percentages add up to 100)',
        params: IdParamsSchema,
        body: BeneficiariesBodySchema,
        response: { 200: PolicyDetailSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return app.db.transaction((tx) =>
        service.setBeneficiaries(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.get(
    '/policy-event',
    {
      schema: {
        tags,
        summary: 'Events of the caller’s policies, newest first',
        querystring: PolicyEventQuerySchema,
        response: { 200: PaginatedSchema(PolicyEventSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query as z.output<typeof PolicyEventQuerySchema> &
        Record<string, string | undefined>;
      const createDate: EventFilters['createDate'] = [];
      for (const [suffix, op] of DATE_OPS) {
        const value = q[`create_date${suffix}`];
        if (typeof value === 'string') createDate.push({ op, date: value });
      }
      const { items, total } = await service.listEvents(
        app.db,
        callerOf(request),
        { policyNumber: q.policy_number, eventType: q.event_type, createDate },
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  // Registered after the hook above, so it guards them too.
  await app.register(policyRecordRoutes);
  await app.register(groupPolicyRoutes);
};
