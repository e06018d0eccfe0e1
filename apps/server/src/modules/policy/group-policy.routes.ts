// Group policies and member policies (spec platform-layer §7 "Policies"): removing members,
// their movement date range, group product documents, and redeeming a member policy with the
// one-time code of its letter. Registered inside policyRoutes, whose hook refuses guests.
import { NO_PAGINATION_CAP, PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import {
  GroupPolicyRemoveBodySchema,
  RedeemPolicyBodySchema,
} from '@clinicpass/shared/platform/bodies';
import {
  MemberMovementDateRangeSchema,
  RedeemedPolicySchema,
} from '@clinicpass/shared/platform/entities/policy';
import { ProductDocumentSchema } from '@clinicpass/shared/platform/entities/product';
import { GroupPolicyRemoveResultSchema } from '@clinicpass/shared/platform/entities/results';
import { PolicyProductDocumentQuerySchema } from '@clinicpass/shared/platform/queries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import * as service from './group-policy.service';
import { callerOf, IdempotencyHeadersSchema, nowOf } from './policy-http';
import { limitRedeemAttempt } from './redeem-limits';

const tags = ['policies'];

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const groupPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/group-policy/:id/remove',
    {
      schema: {
        tags,
        summary:
          'Removes members (with their dependants) from a group policy the caller administers; honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: GroupPolicyRemoveBodySchema,
        response: { 200: GroupPolicyRemoveResultSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = nowOf(app);
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.removeMembers(tx, caller, at, request.params.id, request.body),
      );
    },
  );

  app.get(
    '/group-member-policy/:id/movement-date-range',
    {
      schema: {
        tags,
        summary: 'The dates a member’s removal may take effect',
        params: IdParamsSchema,
        response: { 200: MemberMovementDateRangeSchema },
      },
    },
    async (request) =>
      service.getMovementDateRange(app.db, callerOf(request), nowOf(app).today, request.params.id),
  );

  app.get(
    '/policy-product-document',
    {
      schema: {
        tags,
        summary: 'Documents in force of the group policies the caller administers or belongs to',
        querystring: PolicyProductDocumentQuerySchema,
        response: { 200: PaginatedSchema(ProductDocumentSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = q.no_pagination ? { page: 1, page_size: NO_PAGINATION_CAP } : q;
      const { items, total } = await service.listGroupDocuments(
        app.db,
        callerOf(request),
        nowOf(app).today,
        { groupPolicyNumber: q.group_policy_number, category: q.category, platform: q.platform },
        pageWindow(page),
      );
      return pageReply(reply, page, items, total);
    },
  );

  app.post(
    '/policy/redeem-validation',
    {
      schema: {
        tags,
        summary:
          'Checks a welcome letter’s redeem code: the policy and dependants it brings; X-Captcha after 3 failures (per user or address), 429 after 10',
        body: RedeemPolicyBodySchema,
        response: { 200: RedeemedPolicySchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return limitRedeemAttempt(app, request, caller.userId, () =>
        service.validateRedeem(app.db, app.config.secretKey, nowOf(app).today, request.body),
      );
    },
  );

  app.post(
    '/policy/redeem',
    {
      schema: {
        tags,
        summary:
          'Redeems a welcome letter once: its policy and dependants join the caller’s account; honours Idempotency-Key; X-Captcha after 3 failures (per user or address), 429 after 10',
        headers: IdempotencyHeadersSchema,
        body: RedeemPolicyBodySchema,
        response: { 200: RedeemedPolicySchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = nowOf(app);
      return limitRedeemAttempt(app, request, caller.userId, () =>
        idempotent(app.db, request, caller.userId, at.instant, (tx) =>
          service.redeem(tx, app.config.secretKey, caller, at, request.body),
        ),
      );
    },
  );
};
