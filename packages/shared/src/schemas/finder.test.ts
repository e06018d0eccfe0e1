import { describe, expect, it } from 'vitest';

import {
  DistrictCodesSchema,
  ServicePointArgumentsSchema,
  ServicePointQuerySchema,
} from './finder';

describe('the finder list filters, one schema for the address, REST and GraphQL (decision 326)', () => {
  it('reads a comma list once, from text or a list, into the same deduplicated codes', () => {
    const fromText = ServicePointQuerySchema.parse({ district_codes: ' A, B,A ' });
    const fromList = ServicePointArgumentsSchema.parse({ district_codes: ['A', 'B', 'A'] });
    expect(fromText.district_codes).toEqual(['A', 'B']);
    expect(fromList.district_codes).toEqual(['A', 'B']);
    expect(ServicePointQuerySchema.parse({ district_codes: '' }).district_codes).toBeUndefined();
    expect(DistrictCodesSchema.parse([])).toBeUndefined();
  });

  it('refuses a bad district code with a message naming it, as text or as a list', () => {
    const message = "must be a comma-separated list of district codes; 'A B' is not one";
    const fromText = ServicePointQuerySchema.safeParse({ district_codes: 'A,A B' });
    const fromList = ServicePointArgumentsSchema.safeParse({ district_codes: ['A', 'A B'] });
    expect(fromText.success).toBe(false);
    expect(fromList.success).toBe(false);
    expect(fromText.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['district_codes'], message],
    ]);
    expect(fromList.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['district_codes'], message],
    ]);
  });

  it('reads service ids as GraphQL gives them (text or numbers) and refuses a non-id', () => {
    expect(ServicePointArgumentsSchema.parse({ service_ids: ['3', 4, 3] }).service_ids).toEqual([
      3, 4,
    ]);
    expect(ServicePointQuerySchema.parse({ service_ids: '3,4' }).service_ids).toEqual([3, 4]);
    expect(ServicePointArgumentsSchema.safeParse({ service_ids: ['0'] }).success).toBe(false);
    expect(ServicePointArgumentsSchema.parse({ open_now: true }).open_now).toBe(true);
  });
});
