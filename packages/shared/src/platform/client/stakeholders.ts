import type { ApiClient } from '../../api-client/client';
import { stakeholderContract as contract } from '../../contracts/stakeholder';
import type { StakeholderBody, StakeholderPatchBody } from '../bodies';
import type { PageOnlyQuery } from '../queries';
import type { CallOptions } from './call';
import { callPlatformRoute as callRoute } from './route';

/** Stakeholder calls (spec platform-layer §7), by the route table (contracts/stakeholder.ts). */
export function stakeholderCalls(api: ApiClient) {
  return {
    /** GET /stakeholder */
    listStakeholders: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(api, contract.listStakeholders, { query, ...options }),
    /** POST /stakeholder */
    createStakeholder: (body: StakeholderBody, options?: CallOptions) =>
      callRoute(api, contract.createStakeholder, { body, ...options }),
    /** GET /stakeholder/{id} */
    getStakeholder: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getStakeholder, { params: { id }, ...options }),
    /** PATCH /stakeholder/{id} */
    updateStakeholder: (id: number, body: StakeholderPatchBody, options?: CallOptions) =>
      callRoute(api, contract.updateStakeholder, { params: { id }, body, ...options }),
    /** DELETE /stakeholder/{id} */
    deleteStakeholder: async (id: number, options?: CallOptions): Promise<void> => {
      await callRoute(api, contract.deleteStakeholder, { params: { id }, ...options });
    },
  };
}
