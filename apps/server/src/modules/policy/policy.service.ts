// The policy module's service, one file per concern: ownership (another customer's policy is
// not found), the entity shapes, reads, the premium projection, moves (termination, retention
// selling, beneficiaries) and product options. Routes and other modules import this file only.

// What billing, service requests and application cases read or record of a policy. Other
// modules reach the policy module only through its services (decision 170), never its
// repositories.
export {
  addEvent,
  countOwnInForceSelfCover,
  findOwnedPolicy,
  findOwnedPolicyByNumber,
  lockOwnedPolicy,
  toSpecStatus,
  type PolicyRow,
} from './policy.repository';

export { lockPolicy, refuseMove, requirePolicy, type Caller, type Now } from './policy-ownership';
export { partiesOf, toPolicies } from './policy-shapes';
export {
  getCoverage,
  getPolicyDetail,
  listCoupons,
  listEvents,
  listPolicies,
  listProductDocuments,
} from './policy-reads';
export { getBulkProjection, getProjection, projectPremium } from './policy-projection';
export { acceptSelling, setBeneficiaries, startRetentionSelling, terminate } from './policy-moves';
export { listProductOptions } from './policy-product-options';
