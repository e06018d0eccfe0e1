// Known queries (decision 177): a query document the fast path may answer without GraphQL's
// execution, planned once per document text. A plan exists only for a valid query operation with
// one root field (no alias, no directive, no fragment) whose module gives a fast answer, and whose
// selection takes each selected field whole (every field of its type, in the type's order, down
// to the leaves), so the module's written JSON is exactly what execution would write.
// Variables are coerced by graphql's own rules; what fails them goes to Yoga for its error.
import { createHash } from 'node:crypto';
import {
  buildSchema,
  type FieldNode,
  getArgumentValues,
  getNamedType,
  getVariableValues,
  type GraphQLField,
  type GraphQLOutputType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  parse,
  type SelectionSetNode,
  type TypeNode,
  validate,
} from 'graphql';

/** A document longer than this is never planned (the web's longest is under 2,000 characters). */
export const KNOWN_QUERY_MAX_CHARS = 8192;
/** Documents planned per process; forgotten all at once when full. */
const PLANS = 256;

export interface FastPlan {
  field: string;
  operationName: string | undefined;
  /** The root field's top-level selection, in order. */
  selected: readonly string[];
  /** A short hash of the document text (the cache key and the ETag name the document by it). */
  hash: string;
  operation: OperationDefinitionNode;
  node: FieldNode;
  definition: GraphQLField<unknown, unknown>;
  /** The arguments from the variables, compiled for this document; undefined: graphql's own. */
  coerce: ((variables: Record<string, unknown>) => Record<string, unknown> | undefined) | undefined;
}

interface Planned {
  roots: string[] | undefined;
  plan: FastPlan | undefined;
}

export interface KnownQueries {
  plan(source: string): FastPlan | undefined;
  /** The root field's arguments, or undefined when the variables fail GraphQL's coercion. */
  argumentsOf(plan: FastPlan, variables: unknown): Record<string, unknown> | undefined;
  /** The root field names of a query document, or undefined when it does not parse. */
  rootFields(source: string): string[] | undefined;
}

/**
 * JSON with object keys sorted and null members left out: equal questions, equal text. Written
 * by appending to one string, with no arrays of entries or parts: it makes the answer cache's key
 * on every GraphQL request (decision 229).
 */
export function stableJson(value: unknown): string {
  return appendStable('', value);
}

function appendStable(out: string, value: unknown): string {
  if (Array.isArray(value)) {
    out += '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) out += ',';
      out = appendStable(out, value[index]);
    }
    return `${out}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    // The default order compares UTF-16 code units, as `<` does.
    const keys = Object.keys(record).sort();
    out += '{';
    let first = true;
    for (const key of keys) {
      const item = record[key];
      if (item === null || item === undefined) continue;
      if (!first) out += ',';
      first = false;
      out = appendStable(`${out}${JSON.stringify(key)}:`, item);
    }
    return `${out}}`;
  }
  const text = JSON.stringify(value) as string | undefined;
  return out + (text ?? 'null');
}

function plainField(node: FieldNode): boolean {
  return (
    node.alias === undefined &&
    (node.arguments?.length ?? 0) === 0 &&
    (node.directives?.length ?? 0) === 0
  );
}

/** Whether a selection takes every field of the type, in order, each whole. */
function whole(set: SelectionSetNode | undefined, type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  if (!isObjectType(named)) return set === undefined;
  if (set === undefined) return false;
  const fields = named.getFields();
  const names = Object.keys(fields);
  if (set.selections.length !== names.length) return false;
  return set.selections.every((selection, index) => {
    if (selection.kind !== Kind.FIELD || !plainField(selection)) return false;
    const name = names[index];
    const field = name === undefined ? undefined : fields[name];
    return (
      field !== undefined &&
      selection.name.value === name &&
      whole(selection.selectionSet, field.type)
    );
  });
}

/** The top-level selection's names when each is a whole field, in the type's order. */
function topLevel(
  set: SelectionSetNode | undefined,
  type: GraphQLOutputType,
): string[] | undefined {
  const named = getNamedType(type);
  if (!isObjectType(named) || set === undefined) return undefined;
  const fields = named.getFields();
  const names = Object.keys(fields);
  const selected: string[] = [];
  let last = -1;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || !plainField(selection)) return undefined;
    const index = names.indexOf(selection.name.value);
    const field = fields[selection.name.value];
    if (index <= last || field === undefined || !whole(selection.selectionSet, field.type)) {
      return undefined;
    }
    last = index;
    selected.push(selection.name.value);
  }
  return selected;
}

/** A value GraphQL's coercion refuses. */
const INVALID = Symbol('invalid');
type Coerce = (value: unknown) => unknown;

const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);

/** The built-in scalars' `parseValue`, as graphql-js applies them to variables. */
const SCALARS: Record<string, Coerce> = {
  String: (value) => (typeof value === 'string' ? value : INVALID),
  Boolean: (value) => (typeof value === 'boolean' ? value : INVALID),
  Int: (value) =>
    typeof value === 'number' && Number.isInteger(value) && value <= INT_MAX && value >= INT_MIN
      ? value
      : INVALID,
  Float: (value) => (typeof value === 'number' && Number.isFinite(value) ? value : INVALID),
  ID: (value) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isInteger(value)
        ? String(value)
        : INVALID,
};

/** graphql-js's `coerceInputValue` for a built-in scalar, a list of one, non-null or not. */
function coercerOf(type: TypeNode): Coerce | undefined {
  if (type.kind === Kind.NON_NULL_TYPE) {
    const inner = coercerOf(type.type);
    return inner && ((value) => (value === null ? INVALID : inner(value)));
  }
  if (type.kind === Kind.LIST_TYPE) {
    if (type.type.kind === Kind.LIST_TYPE) return undefined;
    const item = coercerOf(type.type);
    if (item === undefined) return undefined;
    return (value) => {
      if (value === null) return null;
      if (!Array.isArray(value)) {
        const one = item(value);
        return one === INVALID ? INVALID : [one];
      }
      const list: unknown[] = [];
      for (const entry of value) {
        const coerced =
          entry === null ? (type.type.kind === Kind.NON_NULL_TYPE ? INVALID : null) : item(entry);
        if (coerced === INVALID) return INVALID;
        list.push(coerced);
      }
      return list;
    };
  }
  const scalar = SCALARS[type.name.value];
  return scalar && ((value) => (value === null ? null : scalar(value)));
}

/**
 * The field's arguments from the variables, as graphql's `getVariableValues` and
 * `getArgumentValues` give them, compiled once per document; undefined when the document uses
 * what this does not cover (default values, literal arguments, input objects, custom scalars).
 */
function compileArguments(
  operation: OperationDefinitionNode,
  node: FieldNode,
  definition: GraphQLField<unknown, unknown>,
): FastPlan['coerce'] {
  const variables: { name: string; nonNull: boolean; coerce: Coerce }[] = [];
  for (const variable of operation.variableDefinitions ?? []) {
    const coerce = coercerOf(variable.type);
    if (coerce === undefined || variable.defaultValue !== undefined) return undefined;
    variables.push({
      name: variable.variable.name.value,
      nonNull: variable.type.kind === Kind.NON_NULL_TYPE,
      coerce,
    });
  }
  const args: { name: string; nonNull: boolean; variable: string | undefined }[] = [];
  for (const argument of definition.args) {
    if (argument.defaultValue !== undefined) return undefined;
    const given = node.arguments?.find((entry) => entry.name.value === argument.name);
    if (given !== undefined && given.value.kind !== Kind.VARIABLE) return undefined;
    args.push({
      name: argument.name,
      nonNull: isNonNullType(argument.type),
      variable: given?.value.kind === Kind.VARIABLE ? given.value.name.value : undefined,
    });
  }
  return (inputs) => {
    const values: Record<string, unknown> = {};
    for (const variable of variables) {
      if (!Object.hasOwn(inputs, variable.name)) {
        if (variable.nonNull) return undefined;
        continue;
      }
      const coerced = variable.coerce(inputs[variable.name]);
      if (coerced === INVALID) return undefined;
      values[variable.name] = coerced;
    }
    const result: Record<string, unknown> = {};
    for (const argument of args) {
      if (argument.variable === undefined || !Object.hasOwn(values, argument.variable)) {
        if (argument.nonNull) return undefined;
        continue;
      }
      const value = values[argument.variable];
      if (value === null && argument.nonNull) return undefined;
      result[argument.name] = value;
    }
    return result;
  };
}

export function knownQueries(
  typeDefs: string,
  hasFastAnswer: (field: string) => boolean,
): KnownQueries {
  // Its own copy of the schema, built with this file's copy of graphql (Yoga may load the other
  // one, CommonJS or ES module): only used to validate, plan and coerce.
  const schema = buildSchema(typeDefs);
  const queryType = schema.getQueryType();
  const plans = new Map<string, Planned>();

  function planned(source: string): Planned | undefined {
    if (source.length > KNOWN_QUERY_MAX_CHARS) return undefined;
    const known = plans.get(source);
    if (known !== undefined) return known;
    let result: Planned;
    try {
      result = planOf(source);
    } catch {
      result = { roots: undefined, plan: undefined };
    }
    if (plans.size >= PLANS) plans.clear();
    plans.set(source, result);
    return result;
  }

  function planOf(source: string): Planned {
    const document = parse(source, { noLocation: true });
    const operations = document.definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION,
    );
    const roots = operations.flatMap((operation) =>
      operation.selectionSet.selections.flatMap((selection) =>
        selection.kind === Kind.FIELD ? [selection.name.value] : [],
      ),
    );
    const [operation] = operations;
    const [node] = operation?.selectionSet.selections ?? [];
    if (
      queryType == null ||
      document.definitions.length !== 1 ||
      operation === undefined ||
      operation.operation !== OperationTypeNode.QUERY ||
      (operation.directives?.length ?? 0) > 0 ||
      operation.selectionSet.selections.length !== 1 ||
      node?.kind !== Kind.FIELD ||
      node.alias !== undefined ||
      (node.directives?.length ?? 0) > 0 ||
      !hasFastAnswer(node.name.value) ||
      validate(schema, document).length > 0
    ) {
      return { roots, plan: undefined };
    }
    const definition = queryType.getFields()[node.name.value];
    if (definition === undefined) return { roots, plan: undefined };
    const selected = topLevel(node.selectionSet, definition.type);
    if (selected === undefined) return { roots, plan: undefined };
    return {
      roots,
      plan: {
        field: node.name.value,
        operationName: operation.name?.value,
        selected,
        hash: createHash('sha256').update(source).digest('base64url').slice(0, 16),
        operation,
        node,
        definition,
        coerce: compileArguments(operation, node, definition),
      },
    };
  }

  return {
    plan: (source) => planned(source)?.plan,
    rootFields: (source) => planned(source)?.roots,
    argumentsOf(plan, variables) {
      if (
        variables !== undefined &&
        variables !== null &&
        (typeof variables !== 'object' || Array.isArray(variables))
      ) {
        return undefined;
      }
      if (plan.coerce !== undefined) {
        return plan.coerce((variables ?? {}) as Record<string, unknown>);
      }
      const coerced = getVariableValues(
        schema,
        plan.operation.variableDefinitions ?? [],
        (variables ?? {}) as Record<string, unknown>,
        { maxErrors: 1 },
      );
      if (coerced.errors !== undefined) return undefined;
      try {
        return getArgumentValues(plan.definition, plan.node, coerced.coerced);
      } catch {
        return undefined;
      }
    },
  };
}
