// GraphQL at /api/graphql (graphql-yoga inside Fastify): the finder's queries, resolved by the
// same services as REST. Arguments are validated by the REST query schemas (so a bad argument
// gets the same `validation_error` naming it); AppError becomes a GraphQL error whose
// `extensions.code` is the API error code. GraphiQL is off (decision 014): its page loads
// scripts from a CDN that the strict CSP forbids, and the REST OpenAPI page documents the data.
import { GRAPHQL_CSRF_HEADER, PANELS } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { describeIssue } from '@clinicpass/shared/validation/issues';
import { statusOf, type ErrorCode } from '@clinicpass/shared/errors/codes';
import {
  HealthcareServiceQuerySchema,
  ServicePointQuerySchema,
} from '@clinicpass/shared/schemas/finder';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';
import { createSchema, createYoga, type CORSOptions, type Plugin } from 'graphql-yoga';

import { outpatientDeps, requesterOf } from '../modules/outpatient/outpatient.routes';
import { listTicketsForPolicy } from '../modules/outpatient/outpatient.service';
import type { z } from 'zod';
import type { FinderService } from '../modules/finder/finder.service';
import type { ReferenceService } from '../modules/reference/reference.service';
import { requestLanguage, toAppError } from './errors';
import { findFault } from './input-guard';

export const GRAPHQL_PATH = '/api/graphql';

export const typeDefs = /* GraphQL */ `
  type Query {
    services(no_pagination: Boolean, provision_slug: String!): ServiceList!
    servicePoints(
      panel: String!
      policy_number: String
      page: Int
      page_size: Int
      no_pagination: Boolean
      district_codes: [String!]
      service_ids: [ID!]
      specialty_slug: [String!]
      search: String
      price_range: String
      expand_until_found: Boolean
    ): ServicePointList!
    countryRegions: CountryRegionList!
    "A member's outpatient QR tickets: the policy's signed-in owner, or X-Member-View-Token for it."
    tickets(policy_id: String!): [Ticket!]!
  }

  type Ticket {
    type: String!
    token: String!
    number: String!
    effective_date: String!
    expiry_date: String!
    enabled: Boolean!
    name_en: String!
    name_zh: String!
    service_types: [String!]!
    policy_number: String!
    membership_number: String!
    holder_name_en: String!
    holder_name_zh: String!
    token_expires_at: String!
  }

  type Pagination {
    start: Int!
    end: Int!
    total: Int!
  }

  type District {
    code: String!
    name: String!
    name_en: String!
    name_zh: String!
  }
  type CountryRegion {
    id: Int!
    sequence: Int!
    code: String!
    name: String!
    name_en: String!
    name_zh: String!
    districts: [District!]!
  }
  type CountryRegionList {
    results: [CountryRegion!]!
    pagination: Pagination!
  }

  type Specialty {
    id: Int!
    slug: String!
    description_en: String!
    description_zh: String!
  }
  type HealthcareService {
    id: Int!
    slug: String!
    code: String!
    category: String!
    sequence: Int!
    name: String!
    name_en: String!
    name_zh: String!
    description: String!
    description_en: String!
    description_zh: String!
    specialties: [Specialty!]!
    create_date: String!
    update_date: String!
  }
  type ServiceList {
    results: [HealthcareService!]!
    pagination: Pagination!
  }

  type Phone {
    no: String!
  }
  type Treatment {
    name_en: String!
    name_zh: String!
  }
  type TreatmentProperty {
    type: String!
    quantity: Float!
    unit_en: String!
    unit_zh: String!
    treatment: Treatment!
  }
  type ServiceCode {
    code: String!
  }
  type PaymentInfo {
    service: ServiceCode!
    amount: Float!
    marked_price: Float
    treatment_properties: [TreatmentProperty!]!
  }
  type Doctor {
    id: Int!
    name_en: String!
    name_zh: String!
    phones: [Phone!]!
    payment_info: [PaymentInfo!]!
  }
  type Address {
    line_one: String!
    line_two: String!
  }
  type Venue {
    id: Int!
    name_en: String!
    name_zh: String!
    district: District!
    address: Address!
  }
  type Service {
    id: Int!
    slug: String!
    code: String!
    name: String!
    name_en: String!
    name_zh: String!
  }
  type ServicePoint {
    id: Int!
    is_bookmarked: Boolean!
    create_date: String!
    update_date: String!
    doctor: Doctor!
    venue: Venue!
    service: Service!
    specialty: Specialty
  }
  type Expansion {
    district_codes: [String!]!
    level: String!
    searched_district_codes: [String!]!
  }
  type ServicePointList {
    results: [ServicePoint!]!
    pagination: Pagination!
    expanded_from: Expansion
  }
`;

/** Yoga's server context: the Fastify request and reply of the call. */
interface Context {
  req: FastifyRequest;
  reply: FastifyReply;
}

interface ServicePointsArgs {
  panel: string;
  policy_number?: string | null;
  page?: number | null;
  page_size?: number | null;
  no_pagination?: boolean | null;
  district_codes?: string[] | null;
  service_ids?: (string | number)[] | null;
  specialty_slug?: string[] | null;
  search?: string | null;
  price_range?: string | null;
  expand_until_found?: boolean | null;
}

/** GraphQL arguments as the REST query string would carry them, for the same validation. */
export function asQueryString(args: Omit<ServicePointsArgs, 'panel'>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value == null) continue;
    query[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  // A GraphQL string literal can spell a NUL ("\u0000"); refused as the REST hook does (136).
  const fault = findFault(input, 4);
  if (fault !== null) {
    throw new AppError('invalid_input', { message: 'An argument contains a NUL character' });
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: `args.${issue.path.join('.')}`,
    message: issue.message,
    ...describeIssue(issue),
  }));
  const first = issues[0];
  throw validationError(issues, {
    message:
      first === undefined
        ? 'Invalid arguments'
        : `Invalid argument ${first.path.slice('args.'.length)}: ${first.message}`,
  });
}

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

export interface GraphqlPluginOptions {
  reference: ReferenceService;
  finder: FinderService;
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions) {
  const { reference, finder } = options;
  const schema = createSchema<Context>({
    typeDefs,
    resolvers: {
      Query: {
        services: (
          _: unknown,
          args: { no_pagination?: boolean | null; provision_slug: string },
          context: Context,
        ) =>
          guard(context, () => {
            const query = parse(HealthcareServiceQuerySchema, {
              provision_slug: args.provision_slug,
            });
            return reference.healthcareServices(query.provision_slug, requestLanguage(context.req));
          }),
        servicePoints: (_: unknown, args: ServicePointsArgs, context: Context) =>
          guard(context, async () => {
            const { panel, ...rest } = args;
            if (panel !== PANELS.primary && panel !== PANELS.second) {
              throw validationError(
                [{ path: 'args.panel', message: 'is not a panel', key: 'invalid' }],
                {
                  message: `Invalid argument panel: must be '${PANELS.primary}' or '${PANELS.second}'`,
                },
              );
            }
            if (rest.no_pagination === true) {
              // One GraphQL call reads one page at most (decision 137); REST keeps its cap.
              throw validationError(
                [{ path: 'args.no_pagination', message: 'is not available', key: 'invalid' }],
                { message: 'Invalid argument no_pagination: not available over GraphQL; use page' },
              );
            }
            const query = parse(ServicePointQuerySchema, asQueryString(rest));
            return finder.searchServicePoints(panel, query, {
              language: requestLanguage(context.req),
              userId: context.req.caller?.userId ?? null,
            });
          }),
        countryRegions: (_: unknown, _args: unknown, context: Context) =>
          guard(context, () => reference.countryRegions(requestLanguage(context.req))),
        tickets: (_: unknown, args: { policy_id: string }, context: Context) =>
          guard(context, () =>
            listTicketsForPolicy(outpatientDeps(app), requesterOf(context.req), args.policy_id),
          ),
      },
    },
  });

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
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        void reply.header(key, value);
      });
      void reply.status(response.status);
      return reply.send(response.body);
    },
  });
}
