// Route table: the signed-in customer's stakeholders (spec platform-layer §7 "Reference data
// and others"). Another customer's id answers 404 `not_found` with no data.
import { z } from 'zod';
import { PaginatedSchema } from '../api-client/pagination';
import { StakeholderBodySchema, StakeholderPatchBodySchema } from '../platform/bodies';
import { StakeholderSchema } from '../platform/entities/reference';
import { IdParamsSchema } from '../platform/params';
import { PageOnlyQuerySchema } from '../platform/queries';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['stakeholders'] as const;
const area = 'customer';
const auth = 'customer';

const READ_ONE = ['validation_error', 'unauthenticated', 'not_found'] as const;

export const stakeholderContract = {
  listStakeholders: defineRoute({
    method: 'GET',
    area,
    path: '/stakeholder',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(StakeholderSchema) },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "The caller's stakeholders",
  }),
  createStakeholder: defineRoute({
    method: 'POST',
    area,
    path: '/stakeholder',
    headers: IdempotencyHeadersSchema,
    body: StakeholderBodySchema,
    responses: { 200: StakeholderSchema },
    errors: ['validation_error', 'unauthenticated', 'idempotency_key_reused', 'conflict'],
    auth,
    tags,
    summary: 'Add a stakeholder (the document number is validated, kept hashed and masked)',
  }),
  getStakeholder: defineRoute({
    method: 'GET',
    area,
    path: '/stakeholder/:id',
    params: IdParamsSchema,
    responses: { 200: StakeholderSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'One of the caller’s stakeholders',
  }),
  updateStakeholder: defineRoute({
    method: 'PATCH',
    area,
    path: '/stakeholder/:id',
    params: IdParamsSchema,
    body: StakeholderPatchBodySchema,
    responses: { 200: StakeholderSchema },
    errors: [...READ_ONE, 'conflict'],
    auth,
    tags,
    summary: 'Change the fields named of one of the caller’s stakeholders',
  }),
  deleteStakeholder: defineRoute({
    method: 'DELETE',
    area,
    path: '/stakeholder/:id',
    params: IdParamsSchema,
    responses: { 204: z.null() },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'Remove one of the caller’s stakeholders',
  }),
} as const;
