import { billingContract } from '@clinicpass/shared/contracts/billing';
import { policyContract } from '@clinicpass/shared/contracts/policy';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, expectSameRoute } from '../../../test/route-stubs';

import { fetchInvoices, fetchPolicies, LANDING_ROUTES } from './landing-routes';

const entries = {
  listPolicies: policyContract.listPolicies,
  listInvoices: billingContract.listInvoices,
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the portal landing’s calls made without their route tables', () => {
  it.each(Object.keys(entries) as (keyof typeof entries)[])(
    '%s sends what its route-table entry says and validates with its answer schema',
    (name) => {
      expectSameRoute(LANDING_ROUTES[name], entries[name]);
    },
  );

  it('asks /policy with the page size, reads Content-Range, and refuses an answer that does not match', async () => {
    const fetch = answer(
      { results: [], pagination: { start: 0, end: -1, total: 0 } },
      { 'content-range': 'items 100-99/100' },
    );
    await expect(fetchPolicies({ page_size: 100 })).resolves.toEqual({
      results: [],
      pagination: { start: 100, end: 99, total: 100 },
    });
    expect(fetch.mock.calls[0]?.[0]).toMatch(/\/api\/customer\/policy\?page_size=100$/);
    answer({ results: [{ id: 'x' }], pagination: { start: 0, end: 0, total: 1 } });
    await expect(fetchPolicies({ page_size: 100 })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('asks /invoice with the policy, statuses, ordering and page size', async () => {
    const fetch = answer({ results: [], pagination: { start: 0, end: -1, total: 0 } });
    await fetchInvoices({
      policy_number: 'OP1000001',
      status: 'open,partially-paid',
      ordering: 'due_date',
      page_size: 1,
    });
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toMatch(/\/api\/customer\/invoice$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      policy_number: 'OP1000001',
      status: 'open,partially-paid',
      ordering: 'due_date',
      page_size: '1',
    });
  });
});
