import type { ApiClient } from '../../api-client/client';
import { applicationCaseContract as contract } from '../../contracts/application-case';
import type { CallOptions } from './call';
import { callPlatformRoute as callRoute } from './route';

/** Application case calls (spec platform-layer §7), by the route table (contracts/application-case.ts). */
export function applicationCaseCalls(api: ApiClient) {
  return {
    /** GET /application-case/{id}/product-option */
    listApplicationCaseProductOptions: (id: number, options?: CallOptions) =>
      callRoute(api, contract.listApplicationCaseProductOptions, { params: { id }, ...options }),
    /** POST /outpatient/submit/{id} (empty body) */
    submitOutpatientCase: (id: number, options?: CallOptions) =>
      callRoute(api, contract.submitOutpatientCase, { params: { id }, ...options }),
  };
}
