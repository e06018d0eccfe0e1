// Route table: the generated documents (issue 20, decision 197). Each answers a PDF built from
// the data on request (`application/pdf`, no JSON schema), in `?language=` or else the caller's
// Accept-Language. The customer's documents reach only their owner: another customer's id is
// 404, a guest 401. Library files (product literature, product and group documents) are public.
import { z } from 'zod';
import { DocumentQuerySchema } from '../platform/documents';
import { IdParamsSchema } from '../platform/params';
import { defineRoute } from './route';

const tags = ['documents'] as const;
const area = 'customer';
const OWN = ['validation_error', 'unauthenticated', 'not_found'] as const;
const PDF = 'Answers application/pdf (inline, with a file name); errors are JSON.';

/** A library file's name under `/library/`: letters, digits, `-`, `_` and `.`, ending in .pdf. */
export const LibraryParamsSchema = z.object({
  file: z
    .string()
    .max(200)
    .regex(
      /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.pdf$/,
      'must be a library file name ending in .pdf',
    ),
});

export const documentContract = {
  invoiceDocument: defineRoute({
    method: 'GET',
    area,
    path: '/invoice/:id/document',
    params: IdParamsSchema,
    query: DocumentQuerySchema,
    responses: {},
    errors: OWN,
    auth: 'customer',
    tags,
    summary: "One of the caller's invoices as a PDF",
    description: PDF,
  }),
  taxReportDocument: defineRoute({
    method: 'GET',
    area,
    path: '/tax-report/:id/document',
    params: IdParamsSchema,
    query: DocumentQuerySchema,
    responses: {},
    errors: OWN,
    auth: 'customer',
    tags,
    summary: "A premium statement for tax of one of the caller's policies, as a PDF",
    description: PDF,
  }),
  renewalDocument: defineRoute({
    method: 'GET',
    area,
    path: '/policy-renewal/:id/document',
    params: IdParamsSchema,
    query: DocumentQuerySchema,
    responses: {},
    errors: OWN,
    auth: 'customer',
    tags,
    summary: "The renewal notice of one of the caller's policies, once issued, as a PDF",
    description: PDF,
  }),
  policyScheduleDocument: defineRoute({
    method: 'GET',
    area,
    path: '/policy/:id/schedule-document',
    params: IdParamsSchema,
    query: DocumentQuerySchema,
    responses: {},
    errors: OWN,
    auth: 'customer',
    tags,
    summary: "The policy schedule of one of the caller's policies, as a PDF",
    description: PDF,
  }),
  libraryDocument: defineRoute({
    method: 'GET',
    area,
    path: '/library/:file',
    params: LibraryParamsSchema,
    query: DocumentQuerySchema,
    responses: {},
    errors: ['validation_error', 'not_found'],
    auth: 'none',
    tags,
    summary:
      'A file of the document library a product, product document or group document names, as a PDF',
    description: PDF,
  }),
} as const;
