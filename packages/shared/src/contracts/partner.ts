// Route table: partner calls (spec platform-layer §7 "Outpatient and partner"), for a signed-in
// user. `/partner/me` is served in the partnership area and, as the typed client calls it, in
// the customer area (decision 088).
import { HealsLoginBodySchema } from '../platform/bodies';
import { HealthServicesLoginSchema, PartnerSchema } from '../platform/entities/reference';
import { defineRoute } from './route';

const tags = ['partner'] as const;

export const partnerContract = {
  getPartner: defineRoute({
    method: 'GET',
    area: 'customer',
    alsoIn: ['partnership'],
    path: '/partner/me',
    responses: { 200: PartnerSchema },
    errors: ['unauthenticated', 'not_found'],
    auth: 'customer',
    tags,
    summary: 'The partner the signed-in user acts for (404 when none)',
  }),
  healsLogin: defineRoute({
    method: 'POST',
    area: 'customer',
    path: '/heals/login',
    body: HealsLoginBodySchema,
    responses: { 200: HealthServicesLoginSchema },
    errors: ['validation_error', 'unauthenticated', 'not_found'],
    auth: 'customer',
    tags,
    summary: 'Sign in to the health-services provider for one of the caller’s policies',
  }),
} as const;
