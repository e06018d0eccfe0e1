// Route table: the signed-in customer's own outpatient application cases (spec platform-layer
// §7): their product options, and submitting one. Another customer's id answers 404.
import { PaginatedSchema } from '../api-client/pagination';
import { EmptyBodySchema } from '../platform/bodies';
import { PolicyProductOptionSchema } from '../platform/entities/product';
import { OutpatientCaseSchema } from '../platform/entities/results';
import { IdParamsSchema } from '../platform/params';
import { PageOnlyQuerySchema } from '../platform/queries';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['application cases'] as const;
const area = 'customer';
const auth = 'customer';

export const applicationCaseContract = {
  listApplicationCaseProductOptions: defineRoute({
    method: 'GET',
    area,
    path: '/application-case/:id/product-option',
    params: IdParamsSchema,
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(PolicyProductOptionSchema) },
    errors: ['validation_error', 'unauthenticated', 'not_found'],
    auth,
    tags,
    summary: 'The product options from the product of one of the caller’s application cases',
  }),
  /** A case that fails its checks answers `validation_error` with every failing code. */
  submitOutpatientCase: defineRoute({
    method: 'POST',
    area,
    path: '/outpatient/submit/:id',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: EmptyBodySchema.nullish(),
    responses: { 200: OutpatientCaseSchema },
    errors: [
      'validation_error',
      'unauthenticated',
      'not_found',
      'idempotency_key_reused',
      'invalid_state_transition',
    ],
    auth,
    tags,
    summary: 'Submits one of the caller’s outpatient application cases (draft → submitted)',
  }),
} as const;
