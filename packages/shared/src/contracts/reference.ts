// Route table: reference data (customer area, public reads). The finder's lists (country
// regions, healthcare services) and the platform's (spec platform-layer §7 "Reference data and
// others"), answered `{ results, pagination }` with `Content-Range`.
import { PaginatedSchema } from '../api-client/pagination';
import {
  BankSchema,
  BodyCheckInfoSchema,
  EnvironmentSettingSchema,
  IncorporationTypeSchema,
  NationalitySchema,
  OccupationSchema,
  StakeholderRoleSchema,
} from '../platform/entities/reference';
import { BankQuerySchema, PageOnlyQuerySchema } from '../platform/queries';
import {
  CountryRegionListSchema,
  HealthcareServiceListSchema,
  HealthcareServiceQuerySchema,
} from '../schemas/finder';
import { defineRoute } from './route';

const tags = ['reference data'] as const;

export const referenceContract = {
  listCountryRegions: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/country-region',
    responses: { 200: CountryRegionListSchema },
    errors: ['limit_exceeded'],
    auth: 'none',
    tags: ['finder'],
    summary: 'Country regions with their districts',
  }),
  listHealthcareServices: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/health/healthcare-service',
    query: HealthcareServiceQuerySchema,
    responses: { 200: HealthcareServiceListSchema },
    errors: ['validation_error', 'limit_exceeded'],
    auth: 'none',
    tags: ['finder'],
    summary: 'The services a panel lists, with their specialties',
  }),
  listOccupations: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/underwriting/occupations',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(OccupationSchema) },
    errors: ['validation_error'],
    auth: 'none',
    tags,
    summary: 'Occupations with their industry, in both languages',
  }),
  listIncorporationTypes: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/incorporation-type',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(IncorporationTypeSchema) },
    errors: ['validation_error'],
    auth: 'none',
    tags,
    summary: 'Types of incorporation of a business customer',
  }),
  listStakeholderRoles: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/stakeholder-role',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(StakeholderRoleSchema) },
    errors: ['validation_error'],
    auth: 'none',
    tags,
    summary: 'Roles a stakeholder may hold',
  }),
  getBodyCheckInfo: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/body-check',
    responses: { 200: BodyCheckInfoSchema },
    errors: [],
    auth: 'none',
    tags,
    summary: 'The body-check centres with their hours, and the booking line',
  }),
  listEnvironmentSettings: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/environment-setting',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(EnvironmentSettingSchema) },
    errors: ['validation_error'],
    auth: 'none',
    tags,
    summary: 'Operator settings, among them the read-only and maintenance switches',
  }),
  listNationalities: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/nationality',
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(NationalitySchema) },
    errors: ['validation_error'],
    auth: 'none',
    tags,
    summary: 'Nationalities, in their display order',
  }),
  listBanks: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/bank',
    query: BankQuerySchema,
    responses: { 200: PaginatedSchema(BankSchema) },
    errors: ['validation_error'],
    auth: 'none',
    tags,
    summary: 'Licensed banks with their clearing codes (filter is_active; ordering)',
  }),
} as const;
