import type { ServiceRequestBody, UnderwritingAnswersBody } from '../bodies';
import {
  DiscountProjectionSchema,
  PolicyServiceRequestSchema,
  ServiceRequestFlowPageSchema,
} from '../entities/policy';
import { UnderwritingCaseSchema, UnderwritingQuestionSchema } from '../entities/underwriting';
import type { ProjectionYearsQuery, ServiceRequestQuery } from '../queries';
import { segment } from './call';
import type { CallOptions, Caller } from './call';

const base = '/policy/service-request';

/** Service request and underwriting calls (spec platform-layer §7). */
export function serviceRequestCalls(call: Caller) {
  return {
    /** GET /policy/service-request */
    listServiceRequests: (query?: ServiceRequestQuery, options?: CallOptions) =>
      call.list({ path: base, query }, PolicyServiceRequestSchema, options),
    /** POST /policy/service-request */
    createServiceRequest: (body: ServiceRequestBody, options?: CallOptions) =>
      call.send('POST', { path: base }, body, PolicyServiceRequestSchema, options),
    /** GET /policy/service-request/{id} */
    getServiceRequest: (id: number, options?: CallOptions) =>
      call.get({ path: `${base}/${segment(id)}` }, PolicyServiceRequestSchema, options),
    /** POST /policy/service-request/{id}/submit */
    submitServiceRequest: (id: number, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `${base}/${segment(id)}/submit` },
        {},
        PolicyServiceRequestSchema,
        options,
      ),
    /** POST /policy/service-request/{id}/cancel (empty body) */
    cancelServiceRequest: (id: number, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `${base}/${segment(id)}/cancel` },
        {},
        PolicyServiceRequestSchema,
        options,
      ),
    /** GET /policy/service-request/{id}/flow-page */
    getServiceRequestFlowPage: (id: number, options?: CallOptions) =>
      call.get({ path: `${base}/${segment(id)}/flow-page` }, ServiceRequestFlowPageSchema, options),
    /** GET /policy/service-request/{id}/projection?projection_years */
    getServiceRequestProjection: (
      id: number,
      query?: ProjectionYearsQuery,
      options?: CallOptions,
    ) =>
      call.get(
        { path: `${base}/${segment(id)}/projection`, query },
        DiscountProjectionSchema,
        options,
      ),

    /** GET /policy/underwriting/{id} */
    getUnderwritingCase: (id: number, options?: CallOptions) =>
      call.get({ path: `/policy/underwriting/${segment(id)}` }, UnderwritingCaseSchema, options),
    /** GET /policy/underwriting/{id}/questions */
    listUnderwritingQuestions: (id: number, options?: CallOptions) =>
      call.list(
        { path: `/policy/underwriting/${segment(id)}/questions` },
        UnderwritingQuestionSchema,
        options,
      ),
    /** POST /policy/underwriting/{id}/answer */
    answerUnderwriting: (id: number, body: UnderwritingAnswersBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/underwriting/${segment(id)}/answer` },
        body,
        UnderwritingCaseSchema,
        options,
      ),
    /** POST /policy/underwriting/{id}/result (empty body): calculates the decision. */
    calculateUnderwritingResult: (id: number, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/policy/underwriting/${segment(id)}/result` },
        {},
        UnderwritingCaseSchema,
        options,
      ),
  };
}
