import {
  EligibilitySchema,
  ProductBenefitSchema,
  ProductDocumentSchema,
  ProductGroupSchema,
  ProductOptionSchema,
  PolicyProductOptionSchema,
  ProductSchema,
  ReleaseContentSchema,
  ServiceTypeSchema,
  SumAssuredRangeSchema,
} from '../entities/product';
import type {
  OutpatientProductQuery,
  ProductBenefitQuery,
  ProductListQuery,
  PageOnlyQuery,
} from '../queries';
import { segment } from './call';
import type { CallOptions, Caller } from './call';

/** Product calls (spec platform-layer §7 "Products"). */
export function productCalls(call: Caller) {
  return {
    /** GET /product */
    listProducts: (query?: ProductListQuery, options?: CallOptions) =>
      call.list({ path: '/product', query }, ProductSchema, options),
    /** GET /product/{id} */
    getProduct: (id: number, options?: CallOptions) =>
      call.get({ path: `/product/${segment(id)}` }, ProductSchema, options),
    /** GET /product/option */
    listProductOptions: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/product/option', query }, ProductOptionSchema, options),
    /** GET /product/group */
    listProductGroups: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/product/group', query }, ProductGroupSchema, options),
    /** GET /product/release-content */
    listReleaseContents: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/product/release-content', query }, ReleaseContentSchema, options),
    /** GET /service-type */
    listServiceTypes: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/service-type', query }, ServiceTypeSchema, options),
    /** GET /outpatient/product?application_case_id */
    listOutpatientProducts: (query?: OutpatientProductQuery, options?: CallOptions) =>
      call.list({ path: '/outpatient/product', query }, ProductSchema, options),
    /** GET /product/{id}/eligibility */
    listProductEligibility: (id: number, options?: CallOptions) =>
      call.list({ path: `/product/${segment(id)}/eligibility` }, EligibilitySchema, options),
    /** GET /product/{id}/benefit?evaluation_date */
    listProductBenefits: (id: number, query?: ProductBenefitQuery, options?: CallOptions) =>
      call.list({ path: `/product/${segment(id)}/benefit`, query }, ProductBenefitSchema, options),
    /** GET /product/{id}/sum-assured-ranges */
    listSumAssuredRanges: (id: number, options?: CallOptions) =>
      call.list(
        { path: `/product/${segment(id)}/sum-assured-ranges` },
        SumAssuredRangeSchema,
        options,
      ),
    /** GET /application-case/{id}/product-option */
    listApplicationCaseProductOptions: (id: number, options?: CallOptions) =>
      call.list(
        { path: `/application-case/${segment(id)}/product-option` },
        PolicyProductOptionSchema,
        options,
      ),
    /** GET /policy/{id}/product-option: the options with eligibility for this policy. */
    listPolicyProductOptions: (id: number, options?: CallOptions) =>
      call.list(
        { path: `/policy/${segment(id)}/product-option` },
        PolicyProductOptionSchema,
        options,
      ),
    /** GET /policy/{id}/product-document */
    listPolicyProductDocuments: (id: number, options?: CallOptions) =>
      call.list(
        { path: `/policy/${segment(id)}/product-document` },
        ProductDocumentSchema,
        options,
      ),
  };
}
