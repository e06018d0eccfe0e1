// `servicePoints`' arguments read without zod (decision 226) give what the schema gives, and
// leave every doubtful or bad value to the schema.
import { ServicePointQuerySchema } from '@clinicpass/shared/schemas/finder';
import { describe, expect, it } from 'vitest';
import { asQueryString, parseArguments } from '../../plugins/graphql-resolvers';
import { fastServicePointQuery } from './finder.arguments';

/** What the schema makes of the arguments, as the GraphQL path validates them. */
function bySchema(args: Record<string, unknown>) {
  try {
    return {
      ok: true as const,
      query: parseArguments(ServicePointQuerySchema, asQueryString(args)),
    };
  } catch (error) {
    return { ok: false as const, error };
  }
}

/** The fast reading, when it decides, is the schema's result exactly (keys given included). */
function agree(args: Record<string, unknown>): boolean {
  const fast = fastServicePointQuery(args);
  if (fast === undefined) return false;
  const schema = bySchema(args);
  expect(schema.ok, JSON.stringify(args)).toBe(true);
  if (schema.ok) expect(fast, JSON.stringify(args)).toStrictEqual(schema.query);
  return true;
}

const VALUES: Record<string, unknown[]> = {
  policy_number: [
    'OP1000001',
    '',
    'op-1',
    ' OP1 ',
    'OP 1',
    'O'.repeat(40),
    'O'.repeat(41),
    'OP1\u0000',
    7,
    null,
  ],
  district_codes: [
    [],
    ['A1'],
    ['A1', 'B2', 'A1'],
    ['a_b-c'],
    [''],
    [' A1'],
    ['A1,B2'],
    ['-A'],
    ['x'.repeat(41)],
    'A1',
    [3],
    null,
  ],
  service_ids: [
    [],
    ['1'],
    [1, '1', 2],
    ['007'],
    ['0'],
    [0],
    [-1],
    ['2147483647'],
    ['2147483648'],
    [2147483648],
    [1.5],
    ['1e3'],
    [' 1'],
    ['1234567890123456'],
    null,
  ],
  specialty_slug: [
    [],
    ['general-practice'],
    ['a', 'a'],
    ['A'],
    ['-a'],
    ['s'.repeat(101)],
    [''],
    null,
  ],
  search: [
    '',
    '   ',
    '陳',
    ' chan  wong ',
    'x'.repeat(100),
    'x'.repeat(101),
    ` ${'x'.repeat(99)} `,
    'a\u0000b',
    '中環 dr',
    3,
    null,
  ],
  price_range: [
    '',
    ' ',
    '0,100',
    '100,0',
    '1.5,2.25',
    '1,1',
    ' 1,2',
    '1, 2',
    '1,',
    'a,b',
    '-1,2',
    '1.,2',
    null,
  ],
  page: [1, 2, 1_000_000, 1_000_001, 0, -1, 1.5, '2', null],
  page_size: [1, 20, 100, 101, 0, 2.5, '20', null],
  no_pagination: [false, 'true', null],
  expand_until_found: [true, false, 'false', 1, null],
  open_now: [true, false, null],
  open_sunday: [true, false, null],
};

/** A small seeded generator (mulberry32), so a failure names a reproducible case. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("servicePoints' arguments read without zod", () => {
  it("reads the finder screen's usual arguments itself, as the schema does", () => {
    const screen = {
      policy_number: 'OP1000001',
      page: 2,
      page_size: 20,
      district_codes: ['HK-CW', 'KL-YTM'],
      service_ids: ['12', '3'],
      search: '中環 dr',
      price_range: '0,300',
      expand_until_found: true,
    };
    expect(agree(screen)).toBe(true);
    expect(agree({})).toBe(true);
    expect(agree({ search: 'chan', open_now: true, specialty_slug: ['dermatology'] })).toBe(true);
  });

  it('leaves every value it does not read exactly to the schema', () => {
    for (const [name, values] of Object.entries(VALUES)) {
      for (const value of values) agree({ [name]: value });
    }
    // A refused value is never read: the schema answers with its validation_error.
    for (const args of [
      { page: 0 },
      { search: 'x'.repeat(101) },
      { price_range: '100,0' },
      { service_ids: ['0'] },
      { search: 'a\u0000b' },
    ]) {
      expect(fastServicePointQuery(args)).toBeUndefined();
      expect(bySchema(args).ok).toBe(false);
    }
    // Nor is an argument it does not know.
    expect(fastServicePointQuery({ unknown: 1 })).toBeUndefined();
  });

  it('agrees with the schema on 3,000 random argument sets, and reads many of the valid ones itself', () => {
    const next = random(20261128);
    let read = 0;
    let valid = 0;
    for (let i = 0; i < 3000; i += 1) {
      const args: Record<string, unknown> = {};
      for (const [name, values] of Object.entries(VALUES)) {
        if (next() < 0.5) args[name] = values[Math.floor(next() * values.length)];
      }
      if (agree(args)) read += 1;
      if (bySchema(args).ok) valid += 1;
    }
    expect(valid).toBeGreaterThan(100);
    expect(read).toBeGreaterThan(valid / 5);
  });
});
