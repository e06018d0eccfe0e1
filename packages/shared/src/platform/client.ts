// The typed platform client: one function per call of spec platform-layer §7 and member-app §7,
// on the shared client core. Each function takes typed parameters, validates the answer with
// its zod schema and throws the core's `ApiError` on an error answer.
import type { ApiClient } from '../api-client/client';
import { applicationCaseCalls } from './client/application-cases';
import { createCaller } from './client/call';
import { networkCalls } from './client/network';
import { paymentCalls } from './client/payments';
import { policyCalls } from './client/policies';
import { productCalls } from './client/products';
import { referenceCalls } from './client/reference';
import { serviceRequestCalls } from './client/service-requests';
import { stakeholderCalls } from './client/stakeholders';

/**
 * The platform client over a client core (`createApiClient`): `listPolicies(query)`,
 * `getPolicy(id)`, `terminatePolicy(id, body, { idempotencyKey })`, … Lists resolve to
 * `{ results, pagination }`, with the pagination read from `Content-Range`.
 */
export function createPlatformClient(api: ApiClient) {
  const call = createCaller(api);
  return {
    ...productCalls(api),
    ...policyCalls(api),
    ...serviceRequestCalls(api),
    ...paymentCalls(api),
    ...applicationCaseCalls(api),
    ...stakeholderCalls(api),
    ...referenceCalls(call),
    ...networkCalls(call),
  };
}
export type PlatformClient = ReturnType<typeof createPlatformClient>;
