// Group policies and member policies (spec platform-layer §7 "Policies"): removing members,
// their movement date range, group product documents, and redeeming a member policy with the
// one-time code of its letter. Registered inside policyRoutes, whose hook refuses guests.
import { NO_PAGINATION_CAP } from '@clinicpass/shared/api-client/pagination';
import { policyContract as contract } from '@clinicpass/shared/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './group-policy.service';
import { limitRedeemAttempt } from './redeem-limits';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const groupPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.removeGroupPolicyMembers, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.removeMembers(tx, caller, now, request.params.id, request.body),
    ),
  );

  route(app, contract.getMovementDateRange, async (request) =>
    service.getMovementDateRange(
      app.db,
      request.requireCaller(),
      request.now.today,
      request.params.id,
    ),
  );

  route(app, contract.listGroupProductDocuments, async (request, reply) => {
    const q = request.query;
    const page = q.no_pagination ? { page: 1, page_size: NO_PAGINATION_CAP } : q;
    const { items, total } = await service.listGroupDocuments(
      app.db,
      request.requireCaller(),
      request.now.today,
      { groupPolicyNumber: q.group_policy_number, category: q.category, platform: q.platform },
      pageWindow(page),
    );
    return pageReply(reply, page, items, total);
  });

  route(app, contract.validateRedeem, async (request) => {
    const caller = request.requireCaller();
    return limitRedeemAttempt(app, request, caller.userId, () =>
      service.validateRedeem(app.db, app.config.secretKey, request.now.today, request.body),
    );
  });

  route(app, contract.redeemPolicy, async (request) => {
    const caller = request.requireCaller();
    return limitRedeemAttempt(app, request, caller.userId, () =>
      idempotentWrite(request, (tx, { now }) =>
        service.redeem(tx, app.config.secretKey, caller, now, request.body),
      ),
    );
  });
};
