// The zod-to-GraphQL generator: each JSON Schema shape it maps, in the order given, and the
// shapes it refuses. (The app's whole generated schema is compared with its committed snapshot
// in test/openapi.test.ts.)
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { composeContracts, graphqlTypeDefs } from './graphql-schema';

describe('graphqlTypeDefs', () => {
  it('maps zod types to GraphQL types, in the order given', () => {
    const Tag = z.object({ label: z.string() });
    const Item = z.object({
      id: z.number().int(),
      price: z.number(),
      ok: z.boolean(),
      kind: z.enum(['a', 'b']),
      note: z.string().nullable(),
      maybe: z.string().optional(),
      tags: z.array(Tag),
      main: Tag.nullable(),
    });
    const text = graphqlTypeDefs({
      query: {
        items: {
          args: z.object({
            ids: z.array(z.union([z.string(), z.number().int()])).optional(),
            first: z.number().int(),
          }),
          type: z.array(Item),
          description: 'The items.',
        },
        one: { type: Item.nullable() },
      },
      types: [
        ['Item', Item],
        ['Tag', Tag],
      ],
    });
    expect(text).toBe(
      [
        'type Query {',
        '  """The items."""',
        '  items(ids: [ID!], first: Int!): [Item!]!',
        '  one: Item',
        '}',
        '',
        'type Item {',
        '  id: Int!',
        '  price: Float!',
        '  ok: Boolean!',
        '  kind: String!',
        '  note: String',
        '  maybe: String',
        '  tags: [Tag!]!',
        '  main: Tag',
        '}',
        '',
        'type Tag {',
        '  label: String!',
        '}',
      ].join('\n'),
    );
  });

  it('refuses an object without a name, and a name given twice', () => {
    const Inner = z.object({ a: z.string() });
    const Outer = z.object({ inner: Inner });
    expect(() =>
      graphqlTypeDefs({ query: { o: { type: Outer } }, types: [['Outer', Outer]] }),
    ).toThrow(/Outer\.inner: an object type needs a name/);
    expect(() =>
      graphqlTypeDefs({
        query: { o: { type: Inner } },
        types: [
          ['Inner', Inner],
          ['Again', Inner],
        ],
      }),
    ).toThrow(/named twice/);
  });

  it('composes modules: fields in their order, types in the order asked', () => {
    const A = z.object({ a: z.string() });
    const B = z.object({ b: z.string() });
    const first = { query: { a: { type: A } }, types: [['A', A]] as const };
    const second = { query: { b: { type: B } }, types: [['B', B]] as const };
    const text = graphqlTypeDefs(composeContracts([first, second], [second, first]));
    expect(text.indexOf('a: A!')).toBeLessThan(text.indexOf('b: B!'));
    expect(text.indexOf('type B')).toBeLessThan(text.indexOf('type A'));
  });
});
