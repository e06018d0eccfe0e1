import { describe, expect, it } from 'vitest';
import {
  BulkProjectionQuerySchema,
  InvoiceQuerySchema,
  PolicyInvoiceQuerySchema,
  PolicyListQuerySchema,
  ProjectionQuerySchema,
  ServiceRequestQuerySchema,
  BankQuerySchema,
} from './queries';
import { ServicePointQuerySchema } from '../schemas/finder';

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('platform query schemas read the query text a route receives', () => {
  it('reads an invoice list query with lists, date ranges, ordering and pages', () => {
    expect(
      InvoiceQuerySchema.parse({
        status: 'open,partially-paid',
        due_date__gte: '2026-01-01',
        coverage_end_date__lt: '2027-01-01',
        ordering: '-due_date,policy_year',
        billing_company_id: '4',
        page: '2',
      }),
    ).toEqual({
      status: ['open', 'partially-paid'],
      due_date__gte: '2026-01-01',
      coverage_end_date__lt: '2027-01-01',
      ordering: '-due_date,policy_year',
      billing_company_id: 4,
      page: 2,
      page_size: 20,
    });
  });

  it('names the field that is wrong', () => {
    expect(issuePaths(InvoiceQuerySchema.safeParse({ due_date__gt: '2026-13-01' }))).toEqual([
      'due_date__gt',
    ]);
    expect(issuePaths(InvoiceQuerySchema.safeParse({ status: 'open,lost' }))).toEqual(['status']);
    expect(issuePaths(InvoiceQuerySchema.safeParse({ ordering: 'password' }))).toEqual([
      'ordering',
    ]);
    expect(issuePaths(PolicyListQuerySchema.safeParse({ page_size: '101' }))).toEqual([
      'page_size',
    ]);
    expect(issuePaths(PolicyListQuerySchema.safeParse({ profile_id: '1.5' }))).toEqual([
      'profile_id',
    ]);
    expect(issuePaths(PolicyListQuerySchema.safeParse({ page: '0' }))).toEqual(['page']);
  });

  it('takes the typed values the client sends as well as text', () => {
    expect(PolicyListQuerySchema.parse({ status: ['in-force'], page: 3 })).toMatchObject({
      status: ['in-force'],
      page: 3,
    });
    expect(BankQuerySchema.parse({ is_active: 'false', no_pagination: true })).toMatchObject({
      is_active: false,
      no_pagination: true,
    });
  });

  it('reads a policy invoice list as page 1 of 100 by default and caps it at 100', () => {
    expect(PolicyInvoiceQuerySchema.parse({})).toEqual({ page: 1, page_size: 100 });
    expect(PolicyInvoiceQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });

  it('bounds projections to 1–10 years, 5 by default', () => {
    expect(ProjectionQuerySchema.parse({})).toEqual({ mode: 'premium', projection_years: 5 });
    expect(ProjectionQuerySchema.safeParse({ projection_years: '11' }).success).toBe(false);
    expect(
      BulkProjectionQuerySchema.parse({ policy_number__in: 'OP1000001,OP1000002' })
        .policy_number__in,
    ).toEqual(['OP1000001', 'OP1000002']);
    expect(BulkProjectionQuerySchema.safeParse({ policy_number__in: '' }).success).toBe(false);
  });

  it('reads service request filters with a list of types', () => {
    expect(
      ServiceRequestQuerySchema.parse({ type__in: 'PRODUCT_UPGRADE,PRODUCT_DOWNGRADE' }).type__in,
    ).toEqual(['PRODUCT_UPGRADE', 'PRODUCT_DOWNGRADE']);
  });

  it('reads the finder query with lists of ids and the expansion flag', () => {
    expect(
      ServicePointQuerySchema.parse({
        service_ids: '1, 2',
        district_codes: 'A,B',
        expand_until_found: 'true',
        price_range: '100,500',
      }),
    ).toMatchObject({
      service_ids: [1, 2],
      district_codes: ['A', 'B'],
      expand_until_found: true,
      price_range: { min: 100, max: 500 },
    });
    expect(issuePaths(ServicePointQuerySchema.safeParse({ service_ids: '1,x' }))).toEqual([
      'service_ids',
    ]);
  });
});
