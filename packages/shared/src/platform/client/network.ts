import {
  CountryRegionSchema,
  HealthcareServiceSchema,
  ServicePointSchema,
  SessionSchema,
} from '../entities/network';
import type { finderContract } from '../../contracts/finder';
import type { HealthcareServiceQuerySchema, ServicePointQuerySchema } from '../../schemas/finder';
import { segment } from './call';
import type { CallOptions, Caller, QueryArguments } from './call';

/** The finder's queries, as the client functions take them (schemas/finder.ts, contracts/finder.ts). */
export type HealthcareServiceQuery = QueryArguments<typeof HealthcareServiceQuerySchema>;
export type ServicePointQuery = QueryArguments<typeof ServicePointQuerySchema>;
export type GroupServicePointQuery = QueryArguments<typeof finderContract.searchGroupPolicy.query>;

/** The session service's request header carrying a known session id. */
export const SESSION_ID_HEADER = 'session-id';

/** The member app's REST calls (spec member-app §7): the medical network and the session. */
export function networkCalls(call: Caller) {
  return {
    /** GET /country-region */
    listCountryRegions: (options?: CallOptions) =>
      call.list({ path: '/country-region' }, CountryRegionSchema, options),
    /** GET /health/healthcare-service?no_pagination&provision_slug */
    listHealthcareServices: (query: HealthcareServiceQuery, options?: CallOptions) =>
      call.list({ path: '/health/healthcare-service', query }, HealthcareServiceSchema, options),
    /** GET /policy/service-point: the primary panel. */
    listServicePoints: (query?: ServicePointQuery, options?: CallOptions) =>
      call.list({ path: '/policy/service-point', query }, ServicePointSchema, options),
    /** GET /policy/service-point/{product}-go: the second panel of a product. */
    listGoServicePoints: (product: string, query?: ServicePointQuery, options?: CallOptions) =>
      call.list(
        { path: `/policy/service-point/${segment(product)}-go`, query },
        ServicePointSchema,
        options,
      ),
    /** GET /group-policy/service-point */
    listGroupServicePoints: (query?: GroupServicePointQuery, options?: CallOptions) =>
      call.list({ path: '/group-policy/service-point', query }, ServicePointSchema, options),
    /** POST /session/ (session service), sending the stored session id when there is one. */
    createSession: (sessionId?: string, options?: CallOptions) =>
      call.send(
        'POST',
        {
          area: 'session',
          path: '/',
          ...(sessionId === undefined ? {} : { headers: { [SESSION_ID_HEADER]: sessionId } }),
        },
        {},
        SessionSchema,
        options,
      ),
  };
}
