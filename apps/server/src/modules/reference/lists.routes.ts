// GET /underwriting/occupations, /incorporation-type, /stakeholder-role, /environment-setting,
// /nationality, /bank and /body-check (decision 133) (spec platform-layer §7 "Reference data and others"): public reads,
// lists answered `{ results, pagination }` with `Content-Range`.
import { NO_PAGINATION_CAP } from '@clinicpass/shared/api-client/pagination';
import { referenceContract as contract } from '@clinicpass/shared/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requestLanguage } from '../../plugins/errors';
import { pageOf, pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './lists.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const referenceListRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.listOccupations, async (request, reply) =>
    pageOf(reply, request.query, await service.listOccupations(app.db, requestLanguage(request))),
  );

  route(app, contract.listIncorporationTypes, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listIncorporationTypes(app.db, requestLanguage(request)),
    ),
  );

  route(app, contract.listStakeholderRoles, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listStakeholderRoles(app.db, requestLanguage(request)),
    ),
  );

  route(app, contract.getBodyCheckInfo, async (request) =>
    service.bodyCheckInfo(app.db, requestLanguage(request)),
  );

  route(app, contract.listEnvironmentSettings, async (request, reply) =>
    pageOf(reply, request.query, await service.listEnvironmentSettings(app.db)),
  );

  route(app, contract.listNationalities, async (request, reply) =>
    pageOf(reply, request.query, await service.listNationalities(app.db, requestLanguage(request))),
  );

  route(app, contract.listBanks, async (request, reply) => {
    const q = request.query;
    const filters = {
      isActive: q.is_active,
      ordering: (q.ordering ?? 'sequence').split(',').map((part) => part.trim()),
    };
    if (q.no_pagination) {
      const { items, total } = await service.listBanks(app.db, filters, {
        offset: 0,
        limit: NO_PAGINATION_CAP,
      });
      return pageReply(reply, { page: 1, page_size: Math.max(items.length, 1) }, items, total);
    }
    const { items, total } = await service.listBanks(app.db, filters, pageWindow(q));
    return pageReply(reply, q, items, total);
  });
};
