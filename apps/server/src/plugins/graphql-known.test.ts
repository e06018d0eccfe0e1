// Known queries: which documents get a plan, and the compiled argument coercion, which must give
// exactly what graphql's own `getVariableValues` + `getArgumentValues` give (or refuse what they
// refuse), checked on random variables.
import fc from 'fast-check';
import { buildSchema, getArgumentValues, getVariableValues } from 'graphql';
import { describe, expect, it } from 'vitest';
import { knownQueries, stableJson } from './graphql-known';

const TYPE_DEFS = `
  type Query {
    items(name: String!, tag: String, first: Int, ratio: Float, on: Boolean, ids: [ID!],
      words: [String!], maybe: [Int]): ItemList!
    other: Int
  }
  type Item { id: Int! name: String! }
  type Page { total: Int! }
  type ItemList { results: [Item!]! page: Page! }
`;

const ARGS = `$name: String!, $tag: String, $first: Int, $ratio: Float, $on: Boolean, $ids: [ID!],
  $words: [String!], $maybe: [Int]`;
const PASS = `name: $name, tag: $tag, first: $first, ratio: $ratio, on: $on, ids: $ids,
  words: $words, maybe: $maybe`;
const WHOLE = `query Q(${ARGS}) { items(${PASS}) { results { id name } page { total } } }`;

const known = knownQueries(TYPE_DEFS, (field) => field === 'items');

describe('known queries', () => {
  it('plans a document that selects whole fields, and no other', () => {
    expect(known.plan(WHOLE)?.selected).toEqual(['results', 'page']);
    expect(known.plan(WHOLE.replace(' page { total }', ''))?.selected).toEqual(['results']);
    for (const other of [
      WHOLE.replace('results { id name }', 'results { name id }'),
      WHOLE.replace('results { id name }', 'results { id }'),
      WHOLE.replace('results { id name }', 'results { id n: name }'),
      WHOLE.replace('page { total }', 'page { total } other'),
      WHOLE.replace('items(', 'a: items('),
      `${WHOLE} fragment F on Item { id }`,
      WHOLE.replace('$name: String!', '$name: String!, $unused: Int'),
      '{ other }',
      'not graphql',
    ]) {
      expect(known.plan(other)).toBeUndefined();
    }
    expect(known.rootFields('{ other items(name: "a") { page { total } } }')).toEqual([
      'other',
      'items',
    ]);
  });

  it("coerces variables exactly as graphql's own functions do", () => {
    const plan = known.plan(WHOLE);
    expect(plan?.coerce).toBeDefined();
    const schema = buildSchema(TYPE_DEFS);
    const field = schema.getQueryType()?.getFields().items;
    if (plan === undefined || field === undefined) throw new Error('no plan');
    const reference = (variables: Record<string, unknown>) => {
      const coerced = getVariableValues(
        schema,
        plan.operation.variableDefinitions ?? [],
        variables,
      );
      if (coerced.errors !== undefined) return undefined;
      try {
        return getArgumentValues(field, plan.node, coerced.coerced);
      } catch {
        return undefined;
      }
    };
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
    // Mostly what each variable takes (so most cases get past the others), sometimes anything.
    const or = <T>(likely: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: likely, weight: 3 }, { arbitrary: value, weight: 1 });
    const ints = fc.oneof(fc.integer(), fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }));
    const variablesOf = fc.record(
      {
        name: or(fc.string()),
        tag: or(fc.oneof(fc.string(), fc.constant(null))),
        first: or(ints),
        ratio: or(fc.double()),
        on: or(fc.boolean()),
        ids: or(fc.oneof(fc.array(fc.oneof(fc.string(), ints)), fc.string(), ints)),
        words: or(fc.oneof(fc.array(fc.string()), fc.string())),
        maybe: or(fc.array(fc.oneof(ints, fc.constant(null)))),
        extra: value,
      },
      { requiredKeys: [] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(variablesOf, (variables: Record<string, unknown>) => {
        const mine = plan.coerce?.(variables);
        const theirs = reference(variables);
        expect(mine === undefined ? undefined : stableJson(mine)).toBe(
          theirs === undefined ? undefined : stableJson(theirs),
        );
        // Null members are kept by both; stableJson leaves them out, so compare them too.
        expect(mine && Object.keys(mine).sort()).toEqual(theirs && Object.keys(theirs).sort());
        if (mine !== undefined) accepted += 1;
      }),
      { numRuns: 2000 },
    );
    // Not vacuous: many cases were accepted, and many refused.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(1900);
  });

  it('writes what sorting the entries and joining their parts writes, on any JSON value', () => {
    /** The plain way (decision 229 replaced it with one appended string). */
    const plain = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map((item) => plain(item)).join(',')}]`;
      if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value as Record<string, unknown>)
          .filter(([, item]) => item !== null && item !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${plain(item)}`).join(',')}}`;
      }
      // JSON.stringify gives undefined for undefined (an array's hole here).
      return value === undefined ? 'null' : JSON.stringify(value);
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stableJson(value)).toBe(plain(value));
      }),
      { numRuns: 2000 },
    );
    expect(stableJson([undefined, 'é', { é: 1, e: 2, E: [null] }])).toBe(
      plain([undefined, 'é', { é: 1, e: 2, E: [null] }]),
    );
  });

  it('writes equal variables as equal text', () => {
    expect(stableJson({ b: [1, { d: 1, c: null }], a: 'x', n: null })).toBe(
      '{"a":"x","b":[1,{"d":1}]}',
    );
  });
});
