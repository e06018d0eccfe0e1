// Route table: service requests of the signed-in customer (spec platform-layer §7 "Service
// requests"). Another customer's request answers 404 with no data; an illegal move is 409,
// nothing changed.
import { PaginatedSchema } from '../api-client/pagination';
import { EmptyBodySchema, ServiceRequestBodySchema } from '../platform/bodies';
import {
  DiscountProjectionSchema,
  PolicyServiceRequestSchema,
  ServiceRequestFlowPageSchema,
} from '../platform/entities/policy';
import { IdParamsSchema } from '../platform/params';
import { ProjectionYearsQuerySchema, ServiceRequestQuerySchema } from '../platform/queries';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['service requests'] as const;
const area = 'customer';
const auth = 'customer';
const base = '/policy/service-request';

const READ_ONE = ['validation_error', 'unauthenticated', 'not_found'] as const;
const MOVE = [...READ_ONE, 'idempotency_key_reused', 'invalid_state_transition'] as const;

export const serviceRequestContract = {
  listServiceRequests: defineRoute({
    method: 'GET',
    area,
    path: base,
    query: ServiceRequestQuerySchema,
    responses: { 200: PaginatedSchema(PolicyServiceRequestSchema) },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "The caller's service requests, newest first unless `ordering` says otherwise",
  }),
  createServiceRequest: defineRoute({
    method: 'POST',
    area,
    path: base,
    headers: IdempotencyHeadersSchema,
    body: ServiceRequestBodySchema,
    responses: { 200: PolicyServiceRequestSchema },
    errors: [
      ...MOVE,
      'service_request_in_progress',
      'invalid_proposed_effective_date',
      'proposed_effective_date_not_allowed',
    ],
    auth,
    tags,
    summary:
      'Creates a draft request: a product change to an eligible option (an upgrade opens its underwriting case) or an identity document change. Honours Idempotency-Key',
  }),
  getServiceRequest: defineRoute({
    method: 'GET',
    area,
    path: `${base}/:id`,
    params: IdParamsSchema,
    responses: { 200: PolicyServiceRequestSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'A service request',
  }),
  submitServiceRequest: defineRoute({
    method: 'POST',
    area,
    path: `${base}/:id/submit`,
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: EmptyBodySchema,
    responses: { 200: PolicyServiceRequestSchema },
    errors: [
      ...MOVE,
      'missing_underwriting_case',
      'incomplete_underwriting_case',
      'postponed_underwriting_case',
      'rejected_underwriting_case',
      'proposed_effective_date_not_allowed',
    ],
    auth,
    tags,
    summary:
      'Submits a draft (an upgrade needs its health questions decided). Honours Idempotency-Key',
  }),
  cancelServiceRequest: defineRoute({
    method: 'POST',
    area,
    path: `${base}/:id/cancel`,
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: EmptyBodySchema,
    responses: { 200: PolicyServiceRequestSchema },
    errors: MOVE,
    auth,
    tags,
    summary:
      'Cancels a request that is draft, open or offered (empty body). Honours Idempotency-Key',
  }),
  getServiceRequestFlowPage: defineRoute({
    method: 'GET',
    area,
    path: `${base}/:id/flow-page`,
    params: IdParamsSchema,
    responses: { 200: ServiceRequestFlowPageSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: "Where the request stands in its type's ordered pages",
  }),
  getServiceRequestProjection: defineRoute({
    method: 'GET',
    area,
    path: `${base}/:id/projection`,
    params: IdParamsSchema,
    query: ProjectionYearsQuerySchema,
    responses: { 200: DiscountProjectionSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'Premium projection of the proposed product option for the next N years',
  }),
} as const;
