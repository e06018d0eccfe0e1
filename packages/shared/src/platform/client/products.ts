import type { ApiClient } from '../../api-client/client';
import { policyContract } from '../../contracts/policy';
import { productContract as contract } from '../../contracts/product';
import type {
  OutpatientProductQuery,
  ProductBenefitQuery,
  ProductListQuery,
  PageOnlyQuery,
} from '../queries';
import type { CallOptions } from './call';
import { callPlatformRoute as callRoute } from './route';

/** Product calls (spec platform-layer §7 "Products"), by the route table (contracts/product.ts). */
export function productCalls(api: ApiClient) {
  return {
    /** GET /product */
    listProducts: (query?: ProductListQuery, options?: CallOptions) =>
      callRoute(api, contract.listProducts, { query, ...options }),
    /** GET /product/{id} */
    getProduct: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getProduct, { params: { id }, ...options }),
    /** GET /product/option */
    listProductOptions: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(api, contract.listProductOptions, { query, ...options }),
    /** GET /product/group */
    listProductGroups: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(api, contract.listProductGroups, { query, ...options }),
    /** GET /product/release-content */
    listReleaseContents: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(api, contract.listReleaseContents, { query, ...options }),
    /** GET /service-type */
    listServiceTypes: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(api, contract.listServiceTypes, { query, ...options }),
    /** GET /outpatient/product?application_case_id */
    listOutpatientProducts: (query?: OutpatientProductQuery, options?: CallOptions) =>
      callRoute(api, contract.listOutpatientProducts, { query, ...options }),
    /** GET /product/{id}/eligibility */
    listProductEligibility: (id: number, options?: CallOptions) =>
      callRoute(api, contract.listProductEligibility, { params: { id }, ...options }),
    /** GET /product/{id}/benefit?evaluation_date */
    listProductBenefits: (id: number, query?: ProductBenefitQuery, options?: CallOptions) =>
      callRoute(api, contract.listProductBenefits, { params: { id }, query, ...options }),
    /** GET /product/{id}/sum-assured-ranges */
    listSumAssuredRanges: (id: number, options?: CallOptions) =>
      callRoute(api, contract.listSumAssuredRanges, { params: { id }, ...options }),
    /** GET /policy/{id}/product-option: the options with eligibility for this policy. */
    listPolicyProductOptions: (id: number, options?: CallOptions) =>
      callRoute(api, policyContract.listPolicyProductOptions, { params: { id }, ...options }),
    /** GET /policy/{id}/product-document */
    listPolicyProductDocuments: (id: number, options?: CallOptions) =>
      callRoute(api, policyContract.listPolicyProductDocuments, { params: { id }, ...options }),
  };
}
