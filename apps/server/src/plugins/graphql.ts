// GraphQL at /api/graphql (graphql-yoga inside Fastify). The plugin imports no module: modules
// hand it their part of the contract (the schema text is generated from their zod types,
// graphql-schema.ts, decision 178) and their resolvers. Arguments are validated by the REST
// query schemas (so a bad argument gets the same `validation_error` naming it); AppError becomes
// a GraphQL error whose `extensions.code` is the API error code. A known query (the finder
// screen's) is answered from the module's written JSON without Yoga's execution, and a GET's
// answer carries an ETag, Cache-Control and 304s (decision 177). GraphiQL is off (decision
// 014): its page loads scripts from a CDN that the strict CSP forbids, and the REST OpenAPI page
// documents the data.
import { hash } from 'node:crypto';
import { GRAPHQL_CSRF_HEADER, GRAPHQL_PATH } from '@clinicpass/shared/constants';
import { statusOf, type ErrorCode } from '@clinicpass/shared/errors/codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';
import { createSchema, createYoga, type CORSOptions, type Plugin } from 'graphql-yoga';
import { written } from '../lib/byte-slab';
import { sendKeptCompressed } from './compression';
import { requestLanguage, toAppError } from './errors';
import {
  type FastPlan,
  KNOWN_QUERY_MAX_CHARS,
  type KnownQueries,
  knownQueries,
  stableJson,
} from './graphql-known';
import { graphqlTypeDefs } from './graphql-schema';
import {
  type Context,
  type FastAnswer,
  type GraphqlPluginOptions,
  type GraphqlResolvers,
} from './graphql-resolvers';

/** The GraphQL error for anything a resolver threw: AppError codes kept, internals hidden. */
export function toGraphQLError(error: unknown, request: FastifyRequest | undefined): GraphQLError {
  const appError = toAppError(error);
  if (appError.status >= 500) request?.log.error({ err: error }, 'graphql resolver failed');
  const body = appError.toBody(request ? requestLanguage(request) : 'en');
  return new GraphQLError(body.message, {
    extensions: {
      code: body.code,
      ...(body.details === undefined ? {} : { details: body.details }),
    },
  });
}

/** Runs a resolver, turning what it throws into a GraphQL error with the API error code. */
async function guard<Result>(context: Context, resolve: () => Promise<Result>): Promise<Result> {
  try {
    return await resolve();
  } catch (error) {
    throw toGraphQLError(error, context.req);
  }
}

/**
 * Whether a value is a GraphQL error. By name, not `instanceof`: graphql 16 ships CommonJS and
 * ES module copies, and yoga may load the other one than this file (the dual-package hazard).
 */
function isGraphQLError(value: unknown): value is GraphQLError {
  return value instanceof Error && value.name === 'GraphQLError';
}

/**
 * Yoga's last word on an error: GraphQL's own errors (syntax, unknown field, wrong argument type)
 * and those made by `guard` pass; anything else is hidden as an internal error.
 */
export function maskError(error: unknown): Error {
  if (
    isGraphQLError(error) &&
    (error.originalError == null || isGraphQLError(error.originalError))
  ) {
    // A refusal of ours at parse or validation time (the operation limits, introspection in
    // production) answers with its code's status: Yoga would answer such errors 200.
    const code = error.extensions.code;
    if (REFUSAL_CODES.has(code as string)) {
      return new GraphQLError(error.message, {
        extensions: { code, http: refusalStatus(statusOf(code as ErrorCode)) },
      });
    }
    // Yoga's CSRF prevention refuses a request without the header with a bare 403.
    const http = error.extensions.http;
    if (code === undefined && http?.status === 403) {
      return new GraphQLError(error.message, {
        extensions: { code: 'cross_site_request', http: refusalStatus(403) },
      });
    }
    return error;
  }
  return toGraphQLError(error, undefined);
}

/**
 * CORS (decision 135): the app is same-origin, so another origin gets no CORS headers at all,
 * unless CORS_ALLOWED_ORIGINS lists it; then only that origin is named, with credentials.
 */
export function corsFor(allowedOrigins: readonly string[]): (request: Request) => CORSOptions {
  const allowed = new Set(allowedOrigins);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return false;
    return {
      origin: [origin],
      credentials: true,
      methods: ['GET', 'POST'],
      allowedHeaders: [...GRAPHQL_REQUEST_HEADERS],
    };
  };
}

/** Headers a page may send to /api/graphql: those the web's client sends. */
const GRAPHQL_REQUEST_HEADERS = [
  'content-type',
  'accept-language',
  'x-transaction-id',
  'x-device-id',
  'x-member-view-token',
  GRAPHQL_CSRF_HEADER,
];

/**
 * Limits of one GraphQL operation (decision 137). The web's largest query (service points) has
 * depth 7 (9 through a fragment), about 300 tokens and costs 265 by graphql-armor's measure.
 */
export const GRAPHQL_LIMITS = {
  maxAliases: 5,
  maxDepth: 10,
  maxTokens: 1000,
  maxCost: 600,
  maxDirectives: 10,
} as const;

/**
 * The HTTP status of a refusal, whatever the client accepts: Yoga answers validation errors 200
 * to `Accept: application/json` unless `spec` is false (GraphQL over HTTP's legacy rule).
 */
function refusalStatus(status: number) {
  return { status, spec: false };
}

/** Codes a parse or validation refusal carries (answered with their HTTP status). */
const REFUSAL_CODES = new Set<string>(['query_too_complex', 'bad_request']);

/**
 * No `__schema` / `__type` in production. By field name only: graphql's own
 * NoSchemaIntrospectionCustomRule checks types with `instanceof`, which fails when Yoga's
 * validation runs in the other copy of graphql (CommonJS vs ES module).
 */
function noIntrospection(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const name = node.name.value;
      if (name === '__schema' || name === '__type') {
        context.reportError(
          new GraphQLError(`Introspection is off: "${name}" is not available`, {
            nodes: node,
            extensions: { code: 'bad_request', http: refusalStatus(400) },
          }),
        );
      }
    },
  };
}

/** An operation over a limit answers 400 `query_too_complex`, before any resolver runs. */
function tooComplex(_context: unknown, error: GraphQLError): void {
  const extensions = error.extensions as Record<string, unknown>;
  extensions.code = 'query_too_complex';
  extensions.http = refusalStatus(400);
}

/** Yoga plugins: CSRF prevention, the operation limits, and in production no introspection. */
export function graphqlProtections(production: boolean): Plugin[] {
  const onReject = [tooComplex];
  const limits = {
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, onReject },
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, onReject },
    maxTokens: { n: GRAPHQL_LIMITS.maxTokens, onReject },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, onReject },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, onReject },
    // "Did you mean …?" spells out the schema; off in production, with introspection.
    blockFieldSuggestion: { enabled: production },
  };
  const plugins: Plugin[] = [
    useCSRFPrevention({ requestHeaders: [GRAPHQL_CSRF_HEADER] }),
    EnvelopArmorPlugin(limits),
  ];
  if (production) {
    plugins.push({
      onValidate({ addValidationRule }) {
        addValidationRule(noIntrospection);
      },
    });
  }
  return plugins;
}

const NUL = Buffer.from([0]);

/**
 * A weak ETag: a hash of the parts, each followed by a NUL, so equal parts give equal tags and
 * nothing else does. One-shot (`crypto.hash`): a guest's finder tag hashes one short string per
 * request, where a Hash object cost more than the digest (decision 220).
 */
function etagOf(prefix: string, ...parts: (string | Buffer)[]): string {
  const data = parts.every((part) => typeof part === 'string')
    ? `${parts.join('\u0000')}\u0000`
    : Buffer.concat(
        parts.flatMap((part) => [typeof part === 'string' ? Buffer.from(part) : part, NUL]),
      );
  return `W/"${prefix}${hash('sha256', data, 'base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names the tag (weak comparison, as a GET's revalidation uses). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

/**
 * HTTP caching of a GET's answer (decision 177): an ETag, revalidation on every use
 * (`no-cache`: a lapsed policy's cached answer is re-checked as a fresh one is), `public` for a
 * guest's, `private` for a signed-in member's (bookmarks). Answers 304 when the client holds it.
 */
function cacheable(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  void reply.header(
    'cache-control',
    request.identity === null ? 'public, no-cache' : 'private, no-cache',
  );
  const vary = reply.getHeader('vary');
  const varies = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  void reply.header(
    'vary',
    `${varies === '' ? '' : `${varies}, `}origin, accept-language, cookie, authorization`,
  );
  if (!notModified(request, etag)) return false;
  void reply.status(304).send();
  return true;
}

/**
 * Whether a question names a policy (a `policy_number` or `policy_id` variable with a value, or
 * written in the document): its answer says that policy exists, so it is `private, no-store`
 * as REST's is (issue 37), never a shared cache's.
 */
function aboutPolicy(query: unknown, variables: unknown): boolean {
  let values: unknown = variables;
  if (typeof variables === 'string') {
    try {
      values = JSON.parse(variables);
    } catch {
      values = undefined;
    }
  }
  if (typeof values === 'object' && values !== null) {
    const named = values as Record<string, unknown>;
    if (
      (named.policy_number !== undefined && named.policy_number !== null) ||
      (named.policy_id !== undefined && named.policy_id !== null)
    ) {
      return true;
    }
  }
  return typeof query === 'string' && /policy_(?:number|id)\s*:\s*"/.test(query);
}

const POLICY_CACHE_CONTROL = 'private, no-store';

/** The shape of a known query's answer: its field and top-level selection. */
function shapeOf(plan: FastPlan): string {
  return `gql ${plan.field} ${plan.selected.join(' ')}`;
}

/** `{"data":{"<field>":` per field. */
const heads = new Map<string, Buffer>();
const CLOSE = Buffer.from('}}');

/** `{"data":{"<field>":<json>}}` in one pass; once per kept answer and query shape. */
function responseOf(plan: FastPlan, found: FastAnswer): Buffer {
  let head = heads.get(plan.field);
  if (head === undefined) {
    head = Buffer.from(`{"data":${JSON.stringify({ [plan.field]: null }).slice(0, -5)}`);
    heads.set(plan.field, head);
  }
  const write = () =>
    written((out) => {
      out.bytes(head);
      found.write(out);
      out.bytes(CLOSE);
    });
  return found.kept === undefined ? write() : found.kept.form(shapeOf(plan), write);
}

/**
 * What is wrong with a request's `variables` when they are not JSON (a GET's `variables`
 * parameter that does not parse, a POST's `variables` sent as a string), or `undefined`.
 */
function malformedVariables(request: FastifyRequest): string | undefined {
  if (request.method === 'GET') {
    const variables = (request.query as Record<string, unknown>).variables;
    if (typeof variables !== 'string' || variables === '') return undefined;
    try {
      JSON.parse(variables);
      return undefined;
    } catch {
      return 'The variables parameter is not valid JSON.';
    }
  }
  if (request.method === 'POST') {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (typeof body === 'object' && body !== null && typeof body.variables === 'string') {
      return 'The variables must be a JSON object, not a string.';
    }
  }
  return undefined;
}

/** The JSON media types Yoga answers a single result with; others (SSE, multipart) go to Yoga. */
function acceptedJson(request: FastifyRequest): string | undefined {
  const accept = request.headers.accept?.replace(/\s/g, '').toLowerCase();
  if (accept === 'application/json' || accept === 'application/json;charset=utf-8') {
    return 'application/json; charset=utf-8';
  }
  if (
    accept === 'application/graphql-response+json' ||
    accept === 'application/graphql-response+json;charset=utf-8'
  ) {
    return 'application/graphql-response+json; charset=utf-8';
  }
  return undefined;
}

/** The operation of a request: query text, variables and operation name, GET or POST. */
function operationOf(
  request: FastifyRequest,
): { query: string; variables: unknown; operationName: unknown } | undefined {
  if (request.method === 'GET') {
    const params = request.query as Record<string, unknown>;
    if (typeof params.query !== 'string' || params.extensions !== undefined) return undefined;
    let variables: unknown = undefined;
    if (typeof params.variables === 'string') {
      // A known query's variables are short; longer ones (deep nesting) are Yoga's to refuse.
      if (params.variables.length > KNOWN_QUERY_MAX_CHARS) return undefined;
      try {
        variables = JSON.parse(params.variables);
      } catch {
        return undefined;
      }
    } else if (params.variables !== undefined) return undefined;
    return { query: params.query, variables, operationName: params.operationName };
  }
  const body = request.body as Record<string, unknown> | null | undefined;
  if (typeof body !== 'object' || body === null || typeof body.query !== 'string') {
    return undefined;
  }
  if (body.extensions !== undefined) return undefined;
  return { query: body.query, variables: body.variables, operationName: body.operationName };
}

/**
 * The fast path (decision 177): a known query (one root field with a fast answer, selected
 * whole, valid) is answered without Yoga's execution, from the module's written JSON. Anything
 * else, and every refusal, goes to Yoga. CSRF prevention holds as Yoga's does: a GET needs the
 * header, a POST must be JSON (a simple cross-site form cannot send it); a request from an
 * origin CORS_ALLOWED_ORIGINS lists goes to Yoga for its CORS answer.
 */
async function answerKnown(
  known: KnownQueries,
  resolvers: GraphqlResolvers,
  corsOrigins: ReadonlySet<string>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  // An origin CORS_ALLOWED_ORIGINS names gets Yoga's CORS answer; any other gets none either way.
  const origin = request.headers.origin;
  if (origin !== undefined && corsOrigins.has(origin)) return false;
  if (request.method === 'GET') {
    if (request.headers[GRAPHQL_CSRF_HEADER] === undefined) return false;
  } else if (request.method === 'POST') {
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) return false;
  } else return false;
  const type = acceptedJson(request);
  if (type === undefined) return false;
  const operation = operationOf(request);
  if (operation === undefined) return false;
  const plan: FastPlan | undefined = known.plan(operation.query);
  if (plan === undefined) return false;
  if (operation.operationName != null && operation.operationName !== plan.operationName) {
    return false;
  }
  const args = known.argumentsOf(plan, operation.variables);
  if (args === undefined) return false;
  const resolver = resolvers[plan.field];
  if (resolver?.answer === undefined) return false;
  const language = requestLanguage(request);
  const variables = stableJson(operation.variables ?? {});
  const cacheKey = `gql ${language} ${plan.hash} ${variables}`;
  const found = await resolver.answer({
    args,
    selected: plan.selected,
    cacheKey,
    context: { req: request, reply },
  });
  if (found === undefined) return false;
  const body = responseOf(plan, found);
  if (request.method === 'GET' && aboutPolicy(operation.query, operation.variables)) {
    void reply.header('cache-control', POLICY_CACHE_CONTROL);
  } else if (request.method === 'GET' && !resolver.personal) {
    // A guest's answer is named by the question and the snapshot it was read from; a member's
    // by its bytes (bookmarks change without a new snapshot), and never a guest's tag.
    const etag =
      request.identity === null
        ? found.version === undefined
          ? etagOf('g', body)
          : etagOf(`f${found.version}-`, cacheKey)
        : etagOf('m', request.identity.userId, body);
    if (cacheable(request, reply, etag)) return true;
  }
  void reply.status(200).type(type);
  if (found.kept !== undefined) {
    await sendKeptCompressed(request, reply, body, found.kept, `${shapeOf(plan)} `);
  } else await reply.send(body);
  return true;
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions) {
  const { contract, resolvers } = options;
  const typeDefs = graphqlTypeDefs(contract);
  const schema = createSchema<Context>({
    typeDefs,
    resolvers: {
      Query: Object.fromEntries(
        Object.entries(resolvers).map(([field, resolver]) => [
          field,
          (_: unknown, args: unknown, context: Context) =>
            guard(context, () => Promise.resolve(resolver.resolve(args, context))),
        ]),
      ),
    },
  });
  const corsOrigins = new Set(app.config.corsAllowedOrigins);
  const known = knownQueries(typeDefs, (field) => resolvers[field]?.answer !== undefined);
  const personal = new Set(
    Object.entries(resolvers)
      .filter(([, resolver]) => resolver.personal === true)
      .map(([field]) => field),
  );

  const yoga = createYoga<Context>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    logging: false,
    maskedErrors: { maskError },
    cors: corsFor(app.config.corsAllowedOrigins),
    plugins: graphqlProtections(app.config.nodeEnv === 'production'),
  });

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    schema: { hide: true },
    handler: async (req, reply) => {
      let answered = false;
      try {
        answered = await answerKnown(known, resolvers, corsOrigins, req, reply);
      } catch (error) {
        // Never the caller's problem: GraphQL's execution answers instead.
        req.log.warn({ err: error }, 'graphql fast path failed; executing the query');
      }
      if (answered) return reply;
      const malformed = malformedVariables(req);
      if (malformed !== undefined) {
        // Yoga fails on these as an internal error: they are the caller's, named as such.
        return reply
          .status(400)
          .header('content-type', acceptedJson(req) ?? 'application/json; charset=utf-8')
          .send({ errors: [{ message: malformed, extensions: { code: 'validation_error' } }] });
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        void reply.header(key, value);
      });
      void reply.status(response.status);
      if (req.method !== 'GET' || response.status !== 200 || response.body === null) {
        return reply.send(response.body);
      }
      // A GET's answer: cacheable unless personal or an error (those stay `no-store`).
      const body = Buffer.from(await response.arrayBuffer());
      const { query, variables } = req.query as { query?: unknown; variables?: unknown };
      const roots = typeof query === 'string' ? known.rootFields(query) : undefined;
      if (aboutPolicy(query, variables)) {
        void reply.header('cache-control', POLICY_CACHE_CONTROL);
      } else if (
        roots !== undefined &&
        !roots.some((field) => personal.has(field)) &&
        !body.includes('"errors":')
      ) {
        const etag =
          req.identity === null
            ? etagOf('g', requestLanguage(req), body)
            : etagOf('m', req.identity.userId, body);
        if (cacheable(req, reply, etag)) return reply;
      }
      return reply.send(body);
    },
  });
}
