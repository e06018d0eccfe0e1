// Product catalogue (spec platform-layer §7 "Products"): public reads, no sign-in needed.
import { productContract as contract } from '@clinicpass/shared/contracts/product';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requireCase } from '../application-case/application-case.service';
import { pageOf } from '../platform-common/pagination';
import * as service from './product.service';

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.listProducts, async (request, reply) => {
    const { product_type, code } = request.query;
    const items = await service.listProducts(app.db, request.now.today, {
      productType: product_type,
      code,
    });
    return pageOf(reply, request.query, items);
  });

  route(app, contract.listProductOptions, async (request, reply) =>
    pageOf(reply, request.query, await service.listOptions(app.db)),
  );

  route(app, contract.listProductGroups, async (request, reply) =>
    pageOf(reply, request.query, await service.listGroups(app.db)),
  );

  route(app, contract.listReleaseContents, async (request, reply) =>
    pageOf(reply, request.query, await service.listReleaseContents(app.db)),
  );

  route(app, contract.listServiceTypes, async (request, reply) =>
    pageOf(reply, request.query, await service.listServiceTypes(app.db)),
  );

  route(app, contract.listOutpatientProducts, async (request, reply) => {
    const caseId = request.query.application_case_id;
    let code: string | undefined;
    if (caseId !== undefined) {
      // The product of one of the caller's own application cases (decision 087); a guest
      // has none, so any case id is not found.
      if (request.caller === null) {
        throw new AppError('not_found', { message: `No application case ${caseId}` });
      }
      code = (await requireCase(app.db, request.caller.userId, caseId)).productCode;
    }
    const items = await service.listProducts(app.db, request.now.today, {
      productType: 'outpatient',
      code,
    });
    return pageOf(reply, { page: 1, page_size: Math.max(1, items.length) }, items);
  });

  route(app, contract.getProduct, async (request) =>
    service.getProduct(app.db, request.now.today, request.params.id),
  );

  route(app, contract.listProductEligibility, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listEligibility(app.db, request.now.today, request.params.id),
    ),
  );

  route(app, contract.listProductBenefits, async (request, reply) =>
    pageOf(
      reply,
      request.query,
      await service.listBenefits(
        app.db,
        request.params.id,
        request.query.evaluation_date ?? request.now.today,
      ),
    ),
  );

  route(app, contract.listSumAssuredRanges, async (request, reply) =>
    pageOf(reply, request.query, await service.listSumAssuredRanges(app.db, request.params.id)),
  );
};
