// Policy records of the signed-in customer (spec platform-layer §7 "Policies"): claim balance
// and benefit allocation, tax reports, renewals, survey attempts and profile mappings. Registered
// inside policyRoutes, whose hook refuses guests.
import { policyContract as contract } from '@clinicpass/shared/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './policy-records.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const policyRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getPolicyClaimBalance, async (request) =>
    service.getClaimBalance(app.db, request.requireCaller(), request.now.today, request.params.id),
  );

  route(app, contract.allocateBenefit, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.allocateBenefit(tx, caller, now, request.params.id, request.body),
    ),
  );

  route(app, contract.listTaxReports, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listTaxReports(
      app.db,
      request.requireCaller(),
      q.policy_number,
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.listPolicyRenewals, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listRenewals(
      app.db,
      request.requireCaller(),
      q.policy_number,
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.createSurveyAttempt, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.createSurveyAttempt(tx, caller, now, request.body),
    ),
  );

  route(app, contract.listPolicyProfileMappings, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listProfileMappings(
      app.db,
      request.requireCaller(),
      { policyNumber: q.policy_number, role: q.role },
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.getPolicyProfileMapping, async (request) =>
    service.getProfileMapping(app.db, request.requireCaller(), request.params.id),
  );

  route(app, contract.createPolicyProfileMapping, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.createProfileMapping(tx, caller, now, request.body),
    ),
  );

  route(app, contract.deletePolicyProfileMapping, async (request, reply) => {
    const caller = request.requireCaller();
    await app.db.transaction((tx) => service.deleteProfileMapping(tx, caller, request.params.id));
    return reply.status(204).send(null);
  });
};
