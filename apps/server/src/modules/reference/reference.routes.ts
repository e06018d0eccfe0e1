// GET /api/customer/country-region and GET /api/customer/health/healthcare-service.
import { formatContentRange } from '@clinicpass/shared/api-client/pagination';
import { referenceContract as contract } from '@clinicpass/shared/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requestLanguage } from '../../plugins/errors';
import type { ReferenceService } from './reference.service';

/* eslint-disable @typescript-eslint/require-await -- Fastify plugins are async by contract */
export const referenceRoutes: FastifyPluginAsyncZod<{ service: ReferenceService }> = async (
  app,
  { service },
) => {
  route(app, contract.listCountryRegions, async (request, reply) => {
    const list = await service.countryRegions(requestLanguage(request));
    reply.header('content-range', formatContentRange(list.pagination));
    return list;
  });

  route(app, contract.listHealthcareServices, async (request, reply) => {
    const list = await service.healthcareServices(
      request.query.provision_slug,
      requestLanguage(request),
    );
    reply.header('content-range', formatContentRange(list.pagination));
    return list;
  });
};
/* eslint-enable @typescript-eslint/require-await */
