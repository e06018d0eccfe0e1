// Route table: underwriting of the signed-in customer (spec platform-layer §7 "Underwriting").
// Another customer's case answers 404 with no data.
import { PaginatedSchema } from '../api-client/pagination';
import { EmptyBodySchema, UnderwritingAnswersBodySchema } from '../platform/bodies';
import {
  UnderwritingCaseSchema,
  UnderwritingQuestionSchema,
} from '../platform/entities/underwriting';
import { IdParamsSchema } from '../platform/params';
import { PageOnlyQuerySchema } from '../platform/queries';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['underwriting'] as const;
const area = 'customer';
const auth = 'customer';

const READ_ONE = ['validation_error', 'unauthenticated', 'not_found'] as const;
const MOVE = [...READ_ONE, 'idempotency_key_reused', 'invalid_state_transition'] as const;

export const underwritingContract = {
  getUnderwritingCase: defineRoute({
    method: 'GET',
    area,
    path: '/policy/underwriting/:id',
    params: IdParamsSchema,
    responses: { 200: UnderwritingCaseSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'An underwriting case: answers, follow-ups, status and the decision',
  }),
  listUnderwritingQuestions: defineRoute({
    method: 'GET',
    area,
    path: '/policy/underwriting/:id/questions',
    params: IdParamsSchema,
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(UnderwritingQuestionSchema) },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'The health questions of a case, in order, with their input configuration',
  }),
  answerUnderwriting: defineRoute({
    method: 'POST',
    area,
    path: '/policy/underwriting/:id/answer',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: UnderwritingAnswersBodySchema,
    responses: { 200: UnderwritingCaseSchema },
    errors: MOVE,
    auth,
    tags,
    summary:
      'Answers every asked question (replacing earlier answers); 400 names a wrong answer. Honours Idempotency-Key',
  }),
  calculateUnderwritingResult: defineRoute({
    method: 'POST',
    area,
    path: '/policy/underwriting/:id/result',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: EmptyBodySchema,
    responses: { 200: UnderwritingCaseSchema },
    errors: [...MOVE, 'incomplete_underwriting_case'],
    auth,
    tags,
    summary:
      'Calculates the decision from the submitted answers (empty body). Honours Idempotency-Key',
  }),
} as const;
