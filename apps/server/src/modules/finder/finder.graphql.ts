// The finder's part of GraphQL (spec member-app §7): its `Query` fields and the object types they
// name, written with the same zod types as REST (the schema text is generated from them), and
// its resolvers, handed to the GraphQL plugin. Arguments are validated by the REST query
// schemas, so a bad argument gets the same `validation_error` naming it.
//
// `servicePoints` also answers the finder screen's known query without GraphQL's execution
// (decision 177): its answer is REST's written JSON, from the answer cache when kept there.
import { PaginationSchema } from '@clinicpass/shared/api-client/pagination';
import { PANELS } from '@clinicpass/shared/constants';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { BilingualTextSchema } from '@clinicpass/shared/schemas/hours';
import {
  CountryRegionListSchema,
  CountryRegionSchema,
  DistrictSchema,
  FinderPanelSchema,
  HealthcareServiceListSchema,
  HealthcareServiceQuerySchema,
  HealthcareServiceSchema,
  OpeningStateSchema,
  PaymentInfoSchema,
  ProvisionSlugSchema,
  ServicePointArgumentsSchema,
  ServicePointListSchema,
  ServicePointSchema,
  SpecialtySchema,
  TreatmentPropertySchema,
  type ServicePointQuery,
  type ServicePointQueryInput,
} from '@clinicpass/shared/schemas/finder';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type GraphqlResolvers,
  type FastAnswer,
  parseArguments,
} from '../../plugins/graphql-resolvers';
import type { GraphqlContract } from '../../plugins/graphql-schema';
import type { ByteWriter } from '../../lib/byte-slab';
import { requestLanguage } from '../../plugins/errors';
import type { ReferenceService } from '../reference/reference.service';
import { hkMinute } from './finder.hours';
import type { FinderCaller, FinderService } from './finder.service';

/** The finder's caller: the request's language and the signed-in customer, if any. */
function finderCallerOf(request: FastifyRequest): FinderCaller {
  return {
    language: requestLanguage(request),
    userId: request.caller?.userId ?? null,
    address: request.ip,
    now: request.now.instant,
  };
}

/**
 * The version a guest's known answer is named by (its ETag): the snapshot's and the Hong Kong
 * minute of the request, since cards say whether a venue is open now (issue 19).
 */
function answerVersion(snapshot: number | undefined, request: FastifyRequest) {
  if (snapshot === undefined) return undefined;
  return (
    snapshot * 100_000_000 + (Math.floor(request.now.instant.getTime() / 60_000) % 100_000_000)
  );
}

/** GraphQL's ID: a string or an integer. */
const IdSchema = z.union([z.string(), z.number().int()]);

const ServicesArgsSchema = z.object({
  no_pagination: z.boolean().optional(),
  provision_slug: ProvisionSlugSchema,
});

/**
 * `servicePoints`' argument types for the schema text: the REST query's, typed as GraphQL types
 * them, and the panel. They are read by ServicePointArgumentsSchema (packages/shared).
 */
const ServicePointsArgsSchema = z.object({
  panel: FinderPanelSchema,
  policy_number: z.string().optional(),
  page: z.number().int().optional(),
  page_size: z.number().int().optional(),
  no_pagination: z.boolean().optional(),
  district_codes: z.array(z.string()).optional(),
  service_ids: z.array(IdSchema).optional(),
  specialty_slug: z.array(z.string()).optional(),
  search: z.string().optional(),
  price_range: z.string().optional(),
  expand_until_found: z.boolean().optional(),
  open_now: z.boolean().optional(),
  open_sunday: z.boolean().optional(),
  near: z.string().optional(),
} satisfies Record<keyof ServicePointQueryInput | 'panel', z.ZodType>);
type ServicePointsArgs = { panel: string } & {
  [Key in keyof ServicePointQueryInput]?: unknown;
};

const doctor = ServicePointSchema.shape.doctor;
const venue = ServicePointSchema.shape.venue;

export const FINDER_GRAPHQL: GraphqlContract = {
  query: {
    services: { args: ServicesArgsSchema, type: HealthcareServiceListSchema },
    servicePoints: { args: ServicePointsArgsSchema, type: ServicePointListSchema },
    countryRegions: { type: CountryRegionListSchema },
  },
  types: [
    ['Pagination', PaginationSchema],
    ['District', DistrictSchema],
    ['CountryRegion', CountryRegionSchema],
    ['CountryRegionList', CountryRegionListSchema],
    ['Specialty', SpecialtySchema],
    ['HealthcareService', HealthcareServiceSchema],
    ['ServiceList', HealthcareServiceListSchema],
    ['Phone', doctor.shape.phones.element],
    ['Treatment', TreatmentPropertySchema.shape.treatment],
    ['TreatmentProperty', TreatmentPropertySchema],
    ['ServiceCode', PaymentInfoSchema.shape.service],
    ['PaymentInfo', PaymentInfoSchema],
    ['Doctor', doctor],
    ['Address', venue.shape.address],
    ['GeoPoint', venue.shape.location.unwrap()],
    ['Venue', venue],
    ['Service', ServicePointSchema.shape.service],
    ['BilingualText', BilingualTextSchema],
    ['OpeningState', OpeningStateSchema],
    ['ServicePoint', ServicePointSchema],
    ['Expansion', ServicePointListSchema.shape.expanded_from.unwrap()],
    ['ServicePointList', ServicePointListSchema],
  ],
};

/** The validated search of `servicePoints`' arguments; throws the `validation_error` REST would. */
function servicePointsQuery(args: ServicePointsArgs): {
  panel: typeof PANELS.primary | typeof PANELS.second;
  query: ServicePointQuery;
} {
  const { panel, ...rest } = args;
  if (panel !== PANELS.primary && panel !== PANELS.second) {
    throw validationError([{ path: 'args.panel', message: 'is not a panel', key: 'invalid' }], {
      message: `Invalid argument panel: must be '${PANELS.primary}' or '${PANELS.second}'`,
    });
  }
  if (rest.no_pagination === true) {
    // One GraphQL call reads one page at most (decision 137); REST keeps its cap.
    throw validationError(
      [{ path: 'args.no_pagination', message: 'is not available', key: 'invalid' }],
      { message: 'Invalid argument no_pagination: not available over GraphQL; use page' },
    );
  }
  // Read as GraphQL typed them (lists as lists); a null argument is not given.
  const given: Record<string, unknown> = {};
  for (const name in rest) {
    const value = rest[name as keyof typeof rest];
    if (value !== null && value !== undefined) given[name] = value;
  }
  return { panel, query: parseArguments(ServicePointArgumentsSchema, given) };
}

/**
 * What follows the results in the known query's answer: `],"pagination":{…}}`, with
 * `expanded_from` (null when absent) only when asked for.
 */
function graphqlRest(
  rest: { pagination: unknown; expanded_from?: unknown },
  withExpansion: boolean,
): string {
  const selected = withExpansion
    ? { pagination: rest.pagination, expanded_from: rest.expanded_from ?? null }
    : { pagination: rest.pagination };
  return `],${JSON.stringify(selected).slice(1)}`;
}

/**
 * Writes REST's `{"results":[…],"pagination":{…}[,"expanded_from":{…}]}` as the known query
 * selects it (see `graphqlRest`) into the plugin's answer.
 */
function writeGraphql(json: Buffer, withExpansion: boolean, out: ByteWriter): void {
  // `],"pagination":` cannot occur inside a card: a quote inside a JSON string is escaped.
  const split = json.lastIndexOf('],"pagination":');
  if (split < 0) throw new Error('a finder answer without pagination');
  const tail = JSON.parse(`{${json.subarray(split + 2).toString('utf8')}`) as {
    pagination: unknown;
    expanded_from?: unknown;
  };
  out.bytes(json.subarray(0, split));
  out.text(graphqlRest(tail, withExpansion));
}

export function finderResolvers(deps: {
  finder: FinderService;
  reference: ReferenceService;
}): GraphqlResolvers {
  const { finder, reference } = deps;
  return {
    services: {
      resolve: (args: { provision_slug?: unknown }, context) => {
        const query = parseArguments(HealthcareServiceQuerySchema, {
          provision_slug: args.provision_slug,
        });
        return reference.healthcareServices(query.provision_slug, requestLanguage(context.req));
      },
    },
    servicePoints: {
      resolve: (args: ServicePointsArgs, context) => {
        const { panel, query } = servicePointsQuery(args);
        return finder.searchServicePoints(panel, query, finderCallerOf(context.req));
      },
      // The known query: every field of every result, pagination, and maybe expanded_from.
      async answer({ args, selected, cacheKey, context }): Promise<FastAnswer | undefined> {
        const withExpansion = selected.length === 3 && selected[2] === 'expanded_from';
        if (
          selected[0] !== 'results' ||
          selected[1] !== 'pagination' ||
          (selected.length !== 2 && !withExpansion)
        ) {
          return undefined;
        }
        const version = answerVersion(finder.snapshotVersion(), context.req);
        // A kept answer skips validation and the search, as on REST: it was kept for this very
        // question (language, document and variables), which passed validation then.
        const caller = finderCallerOf(context.req);
        const minute = hkMinute(context.req.now.instant).minuteKey;
        const key = caller.userId === null ? `${cacheKey} ${minute}` : undefined;
        const kept = key === undefined ? undefined : finder.cachedAnswer(key);
        if (kept !== undefined) {
          // Written for GraphQL once per kept answer (the plugin keeps it in `kept`).
          return {
            write: (out) => {
              writeGraphql(kept.json, withExpansion, out);
            },
            kept: kept.forms,
            version,
          };
        }
        // A refusal is answered by the resolver, as any GraphQL error is.
        let asked: ReturnType<typeof servicePointsQuery>;
        try {
          asked = servicePointsQuery(args as ServicePointsArgs);
        } catch {
          return undefined;
        }
        try {
          const found = await finder.searchServicePointsJson(asked.panel, asked.query, caller, key);
          // The cards written straight into the plugin's answer, not REST's joined JSON.
          return {
            write: (out) => {
              found.writeResults(out);
              out.text(graphqlRest(found.rest, withExpansion));
            },
            version,
          };
        } catch {
          return undefined;
        }
      },
    },
    countryRegions: {
      resolve: (_args, context) => reference.countryRegions(requestLanguage(context.req)),
    },
  };
}
