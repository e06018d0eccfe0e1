// GET /api/customer/country-region and GET /api/customer/health/healthcare-service.
import { formatContentRange } from '@clinicpass/shared/api-client/pagination';
import {
  CountryRegionListSchema,
  HealthcareServiceListSchema,
  HealthcareServiceQuerySchema,
} from '@clinicpass/shared/schemas/finder';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../plugins/errors';
import type { ReferenceService } from './reference.service';

/* eslint-disable @typescript-eslint/require-await -- Fastify plugins are async by contract */
export const referenceRoutes: FastifyPluginAsyncZod<{ service: ReferenceService }> = async (
  app,
  { service },
) => {
  app.get(
    '/country-region',
    {
      schema: {
        tags: ['finder'],
        summary: 'Country regions with their districts',
        response: { 200: CountryRegionListSchema },
      },
    },
    async (request, reply) => {
      const list = await service.countryRegions(requestLanguage(request));
      reply.header('content-range', formatContentRange(list.pagination));
      return list;
    },
  );

  app.get(
    '/health/healthcare-service',
    {
      schema: {
        tags: ['finder'],
        summary: 'The services a panel lists, with their specialties',
        querystring: HealthcareServiceQuerySchema,
        response: { 200: HealthcareServiceListSchema },
      },
    },
    async (request, reply) => {
      const list = await service.healthcareServices(
        request.query.provision_slug,
        requestLanguage(request),
      );
      reply.header('content-range', formatContentRange(list.pagination));
      return list;
    },
  );
};
/* eslint-enable @typescript-eslint/require-await */
