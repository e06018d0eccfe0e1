// Product catalogue (spec platform-layer §7 "Products"): public reads, no sign-in needed.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import {
  EligibilitySchema,
  ProductBenefitSchema,
  ProductGroupSchema,
  ProductOptionSchema,
  ProductSchema,
  ReleaseContentSchema,
  ServiceTypeSchema,
  SumAssuredRangeSchema,
} from '@clinicpass/shared/platform/entities/product';
import {
  OutpatientProductQuerySchema,
  PageOnlyQuerySchema,
  ProductBenefitQuerySchema,
  ProductListQuerySchema,
} from '@clinicpass/shared/platform/queries';
import { hkToday } from '@clinicpass/shared/time/clock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCase } from '../application-case/application-case.service';
import { pageOf } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import * as service from './product.service';

const tags = ['products'];

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => hkToday(app.clock);

  app.get(
    '/product',
    {
      schema: {
        tags,
        summary: 'Products, filtered by product type and code',
        querystring: ProductListQuerySchema,
        response: { 200: PaginatedSchema(ProductSchema) },
      },
    },
    async (request, reply) => {
      const { product_type, code } = request.query;
      const items = await service.listProducts(app.db, today(), {
        productType: product_type,
        code,
      });
      return pageOf(reply, request.query, items);
    },
  );

  app.get(
    '/product/option',
    {
      schema: {
        tags,
        summary: 'Product options (switches, cross-sells, supplements)',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(ProductOptionSchema) },
      },
    },
    async (request, reply) => pageOf(reply, request.query, await service.listOptions(app.db)),
  );

  app.get(
    '/product/group',
    {
      schema: {
        tags,
        summary: 'Product groups',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(ProductGroupSchema) },
      },
    },
    async (request, reply) => pageOf(reply, request.query, await service.listGroups(app.db)),
  );

  app.get(
    '/product/release-content',
    {
      schema: {
        tags,
        summary: 'Release notes of the products',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(ReleaseContentSchema) },
      },
    },
    async (request, reply) =>
      pageOf(reply, request.query, await service.listReleaseContents(app.db)),
  );

  app.get(
    '/service-type',
    {
      schema: {
        tags,
        summary: 'Service types the products cover',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(ServiceTypeSchema) },
      },
    },
    async (request, reply) => pageOf(reply, request.query, await service.listServiceTypes(app.db)),
  );

  app.get(
    '/outpatient/product',
    {
      schema: {
        tags,
        summary: 'Outpatient products (of an application case when one is named)',
        querystring: OutpatientProductQuerySchema,
        response: { 200: PaginatedSchema(ProductSchema) },
      },
    },
    async (request, reply) => {
      const caseId = request.query.application_case_id;
      let code: string | undefined;
      if (caseId !== undefined) {
        // The product of one of the caller's own application cases (decision 087); a guest
        // has none, so any case id is not found.
        if (request.identity === null) {
          throw new AppError('not_found', { message: `No application case ${caseId}` });
        }
        code = (await requireCase(app.db, request.identity.userId, caseId)).productCode;
      }
      const items = await service.listProducts(app.db, today(), {
        productType: 'outpatient',
        code,
      });
      return pageOf(reply, { page: 1, page_size: Math.max(1, items.length) }, items);
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'One product',
        params: IdParamsSchema,
        response: { 200: ProductSchema },
      },
    },
    async (request) => service.getProduct(app.db, today(), request.params.id),
  );

  app.get(
    '/product/:id/eligibility',
    {
      schema: {
        tags,
        summary: 'Eligibility groups of a product: issue ages and the birth dates they allow today',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(EligibilitySchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listEligibility(app.db, today(), request.params.id),
      ),
  );

  app.get(
    '/product/:id/benefit',
    {
      schema: {
        tags,
        summary: 'Benefits of a product as of an evaluation date (today when absent)',
        params: IdParamsSchema,
        querystring: ProductBenefitQuerySchema.extend(PageOnlyQuerySchema.shape),
        response: { 200: PaginatedSchema(ProductBenefitSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listBenefits(
          app.db,
          request.params.id,
          request.query.evaluation_date ?? today(),
        ),
      ),
  );

  app.get(
    '/product/:id/sum-assured-ranges',
    {
      schema: {
        tags,
        summary: 'Sum-assured ranges of a product by issue age',
        params: IdParamsSchema,
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(SumAssuredRangeSchema) },
      },
    },
    async (request, reply) =>
      pageOf(reply, request.query, await service.listSumAssuredRanges(app.db, request.params.id)),
  );
};
