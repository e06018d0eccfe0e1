// Route table: the product catalogue (spec platform-layer §7 "Products"): public reads, no
// sign-in needed.
import { PaginatedSchema } from '../api-client/pagination';
import {
  EligibilitySchema,
  ProductBenefitSchema,
  ProductGroupSchema,
  ProductOptionSchema,
  ProductSchema,
  ReleaseContentSchema,
  ServiceTypeSchema,
  SumAssuredRangeSchema,
} from '../platform/entities/product';
import { IdParamsSchema } from '../platform/params';
import {
  OutpatientProductQuerySchema,
  PageOnlyQuerySchema,
  ProductBenefitQuerySchema,
  ProductListQuerySchema,
} from '../platform/queries';
import { defineRoute } from './route';

const tags = ['products'] as const;
const area = 'customer';
const auth = 'none';

const READ_ONE = ['validation_error', 'not_found'] as const;

export const productContract = {
  listProducts: defineRoute({
    method: 'GET',
    area,
    path: '/product',
    query: ProductListQuerySchema,
    responses: { 200: PaginatedSchema(ProductSchema) },
    errors: ['validation_error'],
    auth,
    tags,
    summary: 'Products, filtered by product type and code',
  }),
  listProductOptions: defineRoute({
    method: 'GET',
    area,
    path: '/product/option',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(ProductOptionSchema) },
    errors: ['validation_error'],
    auth,
    tags,
    summary: 'Product options (switches, cross-sells, supplements)',
  }),
  listProductGroups: defineRoute({
    method: 'GET',
    area,
    path: '/product/group',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(ProductGroupSchema) },
    errors: ['validation_error'],
    auth,
    tags,
    summary: 'Product groups',
  }),
  listReleaseContents: defineRoute({
    method: 'GET',
    area,
    path: '/product/release-content',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(ReleaseContentSchema) },
    errors: ['validation_error'],
    auth,
    tags,
    summary: 'Release notes of the products',
  }),
  listServiceTypes: defineRoute({
    method: 'GET',
    area,
    path: '/service-type',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(ServiceTypeSchema) },
    errors: ['validation_error'],
    auth,
    tags,
    summary: 'Service types the products cover',
  }),
  /** With `application_case_id`: the product of one of the caller's own cases (decision 087). */
  listOutpatientProducts: defineRoute({
    method: 'GET',
    area,
    path: '/outpatient/product',
    query: OutpatientProductQuerySchema,
    responses: { 200: PaginatedSchema(ProductSchema) },
    errors: READ_ONE,
    auth: 'optional',
    tags,
    summary: 'Outpatient products (of an application case when one is named)',
  }),
  getProduct: defineRoute({
    method: 'GET',
    area,
    path: '/product/:id',
    params: IdParamsSchema,
    responses: { 200: ProductSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'One product',
  }),
  listProductEligibility: defineRoute({
    method: 'GET',
    area,
    path: '/product/:id/eligibility',
    params: IdParamsSchema,
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(EligibilitySchema) },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'Eligibility groups of a product: issue ages and the birth dates they allow today',
  }),
  listProductBenefits: defineRoute({
    method: 'GET',
    area,
    path: '/product/:id/benefit',
    params: IdParamsSchema,
    query: ProductBenefitQuerySchema.extend(PageOnlyQuerySchema.shape),
    responses: { 200: PaginatedSchema(ProductBenefitSchema) },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'Benefits of a product as of an evaluation date (today when absent)',
  }),
  listSumAssuredRanges: defineRoute({
    method: 'GET',
    area,
    path: '/product/:id/sum-assured-ranges',
    params: IdParamsSchema,
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(SumAssuredRangeSchema) },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'Sum-assured ranges of a product by issue age',
  }),
} as const;
