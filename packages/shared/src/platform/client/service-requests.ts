import type { ApiClient } from '../../api-client/client';
import { serviceRequestContract as contract } from '../../contracts/service-request';
import { underwritingContract } from '../../contracts/underwriting';
import type { ServiceRequestBody, UnderwritingAnswersBody } from '../bodies';
import type { ProjectionYearsQuery, ServiceRequestQuery } from '../queries';
import type { CallOptions } from './call';
import { callPlatformRoute as callRoute } from './route';

/**
 * Service request and underwriting calls (spec platform-layer §7), by the route table
 * (contracts/service-request.ts, contracts/underwriting.ts).
 */
export function serviceRequestCalls(api: ApiClient) {
  return {
    /** GET /policy/service-request */
    listServiceRequests: (query?: ServiceRequestQuery, options?: CallOptions) =>
      callRoute(api, contract.listServiceRequests, { query, ...options }),
    /** POST /policy/service-request */
    createServiceRequest: (body: ServiceRequestBody, options?: CallOptions) =>
      callRoute(api, contract.createServiceRequest, { body, ...options }),
    /** GET /policy/service-request/{id} */
    getServiceRequest: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getServiceRequest, { params: { id }, ...options }),
    /** POST /policy/service-request/{id}/submit */
    submitServiceRequest: (id: number, options?: CallOptions) =>
      callRoute(api, contract.submitServiceRequest, { params: { id }, ...options }),
    /** POST /policy/service-request/{id}/cancel (empty body) */
    cancelServiceRequest: (id: number, options?: CallOptions) =>
      callRoute(api, contract.cancelServiceRequest, { params: { id }, ...options }),
    /** GET /policy/service-request/{id}/flow-page */
    getServiceRequestFlowPage: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getServiceRequestFlowPage, { params: { id }, ...options }),
    /** GET /policy/service-request/{id}/projection?projection_years */
    getServiceRequestProjection: (
      id: number,
      query?: ProjectionYearsQuery,
      options?: CallOptions,
    ) =>
      callRoute(api, contract.getServiceRequestProjection, { params: { id }, query, ...options }),

    /** GET /policy/underwriting/{id} */
    getUnderwritingCase: (id: number, options?: CallOptions) =>
      callRoute(api, underwritingContract.getUnderwritingCase, { params: { id }, ...options }),
    /** GET /policy/underwriting/{id}/questions */
    listUnderwritingQuestions: (id: number, options?: CallOptions) =>
      callRoute(api, underwritingContract.listUnderwritingQuestions, {
        params: { id },
        ...options,
      }),
    /** POST /policy/underwriting/{id}/answer */
    answerUnderwriting: (id: number, body: UnderwritingAnswersBody, options?: CallOptions) =>
      callRoute(api, underwritingContract.answerUnderwriting, {
        params: { id },
        body,
        ...options,
      }),
    /** POST /policy/underwriting/{id}/result (empty body): calculates the decision. */
    calculateUnderwritingResult: (id: number, options?: CallOptions) =>
      callRoute(api, underwritingContract.calculateUnderwritingResult, {
        params: { id },
        ...options,
      }),
  };
}
