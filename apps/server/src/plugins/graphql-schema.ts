// The GraphQL schema text, generated from the zod types the REST contracts use (issue 14): no
// maintained zod-4-to-GraphQL generator exists, so this is a small one on `z.toJSONSchema`.
// Each object type the schema names is registered under its GraphQL name; `z.toJSONSchema` of
// that registry gives every type as JSON Schema, with `$ref`s where one names another, and the
// JSON Schema maps onto GraphQL:
//   string (enums too) → String, integer → Int, number → Float, boolean → Boolean,
//   string | integer → ID, array → [T!], `$ref` → the named type, an optional or nullable
//   property → a nullable field, anything else → a field that is never null.
// An object that is not registered under a name is refused (GraphQL has no anonymous types), as
// is anything JSON Schema cannot say. The text is printed by graphql's own printer, so it is the
// schema exactly as served (apps/server/test/__snapshots__/schema.graphql).
import { buildSchema, printSchema } from 'graphql';
import { z } from 'zod';

/** One field of `Query`: its arguments (a zod object, read as input) and its answer's type. */
export interface GraphqlField {
  args?: z.ZodObject;
  type: z.ZodType;
  description?: string;
}

/** An object type the schema names, with the zod object it is generated from. */
export type NamedType = readonly [name: string, schema: z.ZodType];

/** What a module gives the GraphQL schema: its `Query` fields and the object types they name. */
export interface GraphqlContract {
  query: Readonly<Record<string, GraphqlField>>;
  /** In the order the schema text lists them. */
  types: readonly NamedType[];
}

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
}

const REF_PREFIX = '#/graphql/';
const QUERY_ID = 'Query';

/** The GraphQL type of a JSON Schema, without `!`, and whether it admits null. */
function typeOf(schema: JsonSchema, where: string): { name: string; nullable: boolean } {
  if (schema.$ref !== undefined) {
    if (!schema.$ref.startsWith(REF_PREFIX)) throw new Error(`${where}: unnamed reference`);
    return { name: schema.$ref.slice(REF_PREFIX.length), nullable: false };
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union !== undefined) {
    const nonNull = union.filter((part) => part.type !== 'null');
    const nullable = nonNull.length < union.length;
    const kinds = new Set(nonNull.map((part) => part.type));
    if (nonNull.length === 1 && nonNull[0] !== undefined) {
      return { name: typeOf(nonNull[0], where).name, nullable };
    }
    if (nonNull.length === 2 && kinds.has('string') && kinds.has('integer')) {
      return { name: 'ID', nullable };
    }
    throw new Error(`${where}: a union GraphQL cannot say`);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = types.includes('null');
  const kind = types.filter((type) => type !== 'null');
  if (kind.length !== 1) throw new Error(`${where}: no single type`);
  switch (kind[0]) {
    case 'string':
      return { name: 'String', nullable };
    case 'integer':
      return { name: 'Int', nullable };
    case 'number':
      return { name: 'Float', nullable };
    case 'boolean':
      return { name: 'Boolean', nullable };
    case 'array': {
      if (schema.items === undefined) throw new Error(`${where}: an array without items`);
      const item = typeOf(schema.items, `${where}[]`);
      return { name: `[${item.name}${item.nullable ? '' : '!'}]`, nullable };
    }
    case 'object':
      throw new Error(`${where}: an object type needs a name (register it in the contract)`);
    case undefined:
    default:
      throw new Error(`${where}: no GraphQL type for ${String(kind[0])}`);
  }
}

/** `name: Type!` lines of an object's properties (a property not required is nullable). */
function fieldsOf(schema: JsonSchema, where: string): string[] {
  if (schema.type !== 'object' || schema.properties === undefined) {
    throw new Error(`${where}: not an object`);
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const type = typeOf(property, `${where}.${name}`);
    const nullable = type.nullable || !required.has(name);
    return `${name}: ${type.name}${nullable ? '' : '!'}`;
  });
}

/** A GraphQL block string for a description. */
function description(text: string | undefined, indent: string): string {
  return text === undefined ? '' : `${indent}"""\n${indent}${text}\n${indent}"""\n`;
}

/** The schema text of a contract, as graphql prints it. */
export function graphqlTypeDefs(contract: GraphqlContract): string {
  const registry = z.registry<{ id: string }>();
  // The answers of `Query`'s fields, as one object registered beside the named types, so each
  // field's type refers to them as any other field does.
  const answers = z.object(
    Object.fromEntries(Object.entries(contract.query).map(([name, field]) => [name, field.type])),
  );
  registry.add(answers, { id: QUERY_ID });
  for (const [name, schema] of contract.types) {
    if (name === QUERY_ID || registry.has(schema)) {
      throw new Error(`GraphQL type ${name} is named twice`);
    }
    registry.add(schema, { id: name });
  }
  const generated = z.toJSONSchema(registry, {
    uri: (id) => `${REF_PREFIX}${id}`,
    unrepresentable: 'throw',
  }).schemas as Record<string, JsonSchema>;

  const answerTypes = generated[QUERY_ID]?.properties ?? {};
  const query = Object.entries(contract.query).map(([name, field]) => {
    let args = '';
    if (field.args !== undefined) {
      const input = z.toJSONSchema(field.args, { io: 'input' }) as JsonSchema;
      const list = fieldsOf(input, `${name}(args)`);
      if (list.length > 0) args = `(${list.join(', ')})`;
    }
    const type = typeOf(answerTypes[name] ?? {}, name);
    return `${description(field.description, '  ')}  ${name}${args}: ${type.name}${type.nullable ? '' : '!'}`;
  });

  const blocks = [`type Query {\n${query.join('\n')}\n}`];
  for (const [name] of contract.types) {
    const schema = generated[name];
    if (schema === undefined) throw new Error(`GraphQL type ${name} was not generated`);
    blocks.push(
      `type ${name} {\n${fieldsOf(schema, name)
        .map((line) => `  ${line}`)
        .join('\n')}\n}`,
    );
  }
  return printSchema(buildSchema(blocks.join('\n\n')));
}

/** One contract of several, `Query` fields in the order given, types in `typeOrder`'s. */
export function composeContracts(
  contracts: readonly GraphqlContract[],
  typeOrder: readonly GraphqlContract[] = contracts,
): GraphqlContract {
  return {
    query: Object.assign({}, ...contracts.map((contract) => contract.query)) as Record<
      string,
      GraphqlField
    >,
    types: typeOrder.flatMap((contract) => contract.types),
  };
}
