// Policies of the signed-in customer (spec platform-layer §7 "Policies"). Every route needs a
// signed-in customer (401 `unauthenticated` for a guest) and reaches only the caller's own
// policies: another customer's id answers 404 with no data.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { policyContract as contract } from '@clinicpass/shared/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageOf, pageReply, pageWindow } from '../platform-common/pagination';
import type { EventFilters } from './policy.repository';
import { groupPolicyRoutes } from './group-policy.routes';
import { policyRecordRoutes } from './policy-records.routes';
import * as service from './policy.service';

const DATE_OPS = [
  ['', '='],
  ['__gt', '>'],
  ['__gte', '>='],
  ['__lt', '<'],
  ['__lte', '<='],
] as const;

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.identity === null) {
      done(new AppError('unauthenticated', { message: 'Sign in to see your policies' }));
      return;
    }
    done();
  });

  route(app, contract.listPolicies, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listPolicies(
      app.db,
      request.requireCaller(),
      request.now.today,
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
  });

  route(app, contract.getBulkProjection, async (request) =>
    service.getBulkProjection(app.db, request.requireCaller(), request.now.today, request.query),
  );

  route(app, contract.getPolicy, async (request) =>
    service.getPolicyDetail(app.db, request.requireCaller(), request.now.today, request.params.id),
  );

  route(app, contract.getPolicyCoverage, async (request) =>
    service.getCoverage(app.db, request.requireCaller(), request.params.id),
  );

  route(app, contract.listPolicyCoupons, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listCoupons(app.db, request.requireCaller(), request.params.id),
    ),
  );

  route(app, contract.listPolicyProductDocuments, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listProductDocuments(
        app.db,
        request.requireCaller(),
        request.now.today,
        request.params.id,
      ),
    ),
  );

  route(app, contract.listPolicyProductOptions, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listProductOptions(
        app.db,
        request.requireCaller(),
        request.now.today,
        request.params.id,
      ),
    ),
  );

  route(app, contract.getPolicyProjection, async (request) =>
    service.getProjection(
      app.db,
      request.requireCaller(),
      request.now.today,
      request.params.id,
      request.query,
    ),
  );

  route(app, contract.projectPremium, async (request) =>
    service.projectPremium(
      app.db,
      request.requireCaller(),
      request.now.today,
      request.params.number,
      request.body,
    ),
  );

  route(app, contract.terminatePolicy, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.terminate(tx, caller, now, request.params.id, request.body),
    ),
  );

  route(app, contract.startRetentionSelling, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.startRetentionSelling(tx, caller, now, request.params.id, request.body),
    ),
  );

  route(app, contract.acceptPolicySelling, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.acceptSelling(tx, caller, now, request.params.id),
    ),
  );

  route(app, contract.setBeneficiaries, async (request) => {
    const caller = request.requireCaller();
    return app.db.transaction((tx) =>
      service.setBeneficiaries(tx, caller, request.now, request.params.id, request.body),
    );
  });

  route(app, contract.listPolicyEvents, async (request, reply) => {
    const q = request.query as typeof request.query & Record<string, string | undefined>;
    const createDate: EventFilters['createDate'] = [];
    for (const [suffix, op] of DATE_OPS) {
      const value = q[`create_date${suffix}`];
      if (typeof value === 'string') createDate.push({ op, date: value });
    }
    const { items, total } = await service.listEvents(
      app.db,
      request.requireCaller(),
      { policyNumber: q.policy_number, eventType: q.event_type, createDate },
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  // Registered after the hook above, so it guards them too.
  await app.register(policyRecordRoutes);
  await app.register(groupPolicyRoutes);
};
