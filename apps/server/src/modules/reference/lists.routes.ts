// GET /underwriting/occupations, /incorporation-type, /stakeholder-role, /environment-setting,
// /nationality, /bank and /body-check (decision 133) (spec platform-layer §7 "Reference data and others"): public reads,
// lists answered `{ results, pagination }` with `Content-Range`.
import { NO_PAGINATION_CAP, PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import {
  BankSchema,
  BodyCheckInfoSchema,
  EnvironmentSettingSchema,
  IncorporationTypeSchema,
  NationalitySchema,
  OccupationSchema,
  StakeholderRoleSchema,
} from '@clinicpass/shared/platform/entities/reference';
import { BankQuerySchema, PageOnlyQuerySchema } from '@clinicpass/shared/platform/queries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../plugins/errors';
import { pageOf, pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './lists.service';

const tags = ['reference data'];

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const referenceListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/underwriting/occupations',
    {
      schema: {
        tags,
        summary: 'Occupations with their industry, in both languages',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(OccupationSchema) },
      },
    },
    async (request, reply) =>
      pageOf(reply, request.query, await service.listOccupations(app.db, requestLanguage(request))),
  );

  app.get(
    '/incorporation-type',
    {
      schema: {
        tags,
        summary: 'Types of incorporation of a business customer',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(IncorporationTypeSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listIncorporationTypes(app.db, requestLanguage(request)),
      ),
  );

  app.get(
    '/stakeholder-role',
    {
      schema: {
        tags,
        summary: 'Roles a stakeholder may hold',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(StakeholderRoleSchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listStakeholderRoles(app.db, requestLanguage(request)),
      ),
  );

  app.get(
    '/body-check',
    {
      schema: {
        tags,
        summary: 'The body-check centres with their hours, and the booking line',
        response: { 200: BodyCheckInfoSchema },
      },
    },
    async (request) => service.bodyCheckInfo(app.db, requestLanguage(request)),
  );

  app.get(
    '/environment-setting',
    {
      schema: {
        tags,
        summary: 'Operator settings, among them the read-only and maintenance switches',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(EnvironmentSettingSchema) },
      },
    },
    async (request, reply) =>
      pageOf(reply, request.query, await service.listEnvironmentSettings(app.db)),
  );

  app.get(
    '/nationality',
    {
      schema: {
        tags,
        summary: 'Nationalities, in their display order',
        querystring: PageOnlyQuerySchema,
        response: { 200: PaginatedSchema(NationalitySchema) },
      },
    },
    async (request, reply) =>
      pageOf(
        reply,
        request.query,
        await service.listNationalities(app.db, requestLanguage(request)),
      ),
  );

  app.get(
    '/bank',
    {
      schema: {
        tags,
        summary: 'Licensed banks with their clearing codes (filter is_active; ordering)',
        querystring: BankQuerySchema,
        response: { 200: PaginatedSchema(BankSchema) },
      },
    },
    async (request, reply) => {
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
    },
  );
};
