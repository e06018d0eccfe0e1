// The doctor finder's wire shapes (contract: finder-contract.md), written once and used by the
// server routes, the GraphQL resolvers, the web API client and the finder's filter state.
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  NO_PAGINATION_CAP,
  PAGE_SIZE,
  PaginatedSchema,
} from '../api-client/pagination';
import { PANELS, PROVISION_SLUGS } from '../constants';
import { ID_MAX } from '../platform/entities/common';
import { queryInt } from '../validation/query-int';
import { BilingualTextSchema } from './hours';

// ---------------------------------------------------------------- reference data

export const DistrictSchema = z.object({
  code: z.string(),
  /** The name in the request's language. */
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
});
export type District = z.infer<typeof DistrictSchema>;

export const CountryRegionSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  districts: z.array(DistrictSchema),
});
export type CountryRegion = z.infer<typeof CountryRegionSchema>;
export const CountryRegionListSchema = PaginatedSchema(CountryRegionSchema);
export type CountryRegionList = z.infer<typeof CountryRegionListSchema>;

export const SpecialtySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  description_en: z.string(),
  description_zh: z.string(),
});
export type Specialty = z.infer<typeof SpecialtySchema>;

/** The primary panel's six service groups, in display order. */
export const SERVICE_CATEGORIES = [
  'general-practitioner',
  'specialist-practitioner',
  'chinese-medicine',
  'dental',
  'bodycheck',
  'others',
] as const;
export const ServiceCategorySchema = z.enum(SERVICE_CATEGORIES);
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

export const HealthcareServiceSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  code: z.string(),
  category: ServiceCategorySchema,
  sequence: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  description: z.string(),
  description_en: z.string(),
  description_zh: z.string(),
  specialties: z.array(SpecialtySchema),
  create_date: z.string(),
  update_date: z.string(),
});
export type HealthcareService = z.infer<typeof HealthcareServiceSchema>;
export const HealthcareServiceListSchema = PaginatedSchema(HealthcareServiceSchema);
export type HealthcareServiceList = z.infer<typeof HealthcareServiceListSchema>;

export const PROVISION_SLUG_VALUES = [PROVISION_SLUGS.outpatient, PROVISION_SLUGS.go] as const;
export const ProvisionSlugSchema = z.enum(PROVISION_SLUG_VALUES);
export type ProvisionSlug = z.infer<typeof ProvisionSlugSchema>;

/** Query of `GET /health/healthcare-service`. */
export const HealthcareServiceQuerySchema = z.object({
  provision_slug: ProvisionSlugSchema,
  no_pagination: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type HealthcareServiceQuery = z.infer<typeof HealthcareServiceQuerySchema>;

// ---------------------------------------------------------------- service points

export const TreatmentPropertySchema = z.object({
  type: z.enum(['include', 'exclude']),
  quantity: z.number(),
  unit_en: z.string(),
  unit_zh: z.string(),
  treatment: z.object({ name_en: z.string(), name_zh: z.string() }),
});
export type TreatmentProperty = z.infer<typeof TreatmentPropertySchema>;

/** A doctor's price for one service code. `amount` is the member price. */
export const PaymentInfoSchema = z.object({
  service: z.object({ code: z.string() }),
  amount: z.number(),
  marked_price: z.number().nullable(),
  treatment_properties: z.array(TreatmentPropertySchema),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;

/** A venue's hours as of the answer's instant, in Hong Kong time (issue 19). */
export const OpeningStateSchema = z.object({
  /** `unknown`: the venue's hours are not known (maybe only as text, `hours_text`). */
  state: z.enum(['open', 'opens_later', 'closed_today', 'unknown']),
  /** When open: the end of the current range (`HH:MM`). */
  until: z.string().nullable(),
  /** When opening later today: the start of the next range (`HH:MM`). */
  opens_at: z.string().nullable(),
  open_sunday: z.boolean(),
  /** Hours text that could not be read, shown as it is. */
  hours_text: BilingualTextSchema.nullable(),
  /** A note beside the hours, e.g. registration hours. */
  hours_note: BilingualTextSchema.nullable(),
});
export type OpeningState = z.infer<typeof OpeningStateSchema>;

export const ServicePointSchema = z.object({
  id: z.number().int(),
  is_bookmarked: z.boolean(),
  create_date: z.string(),
  update_date: z.string(),
  doctor: z.object({
    id: z.number().int(),
    name_en: z.string(),
    name_zh: z.string(),
    /** Each number with its note (a floor, an extension) as the directory gave it, or null. */
    phones: z.array(z.object({ no: z.string(), label: z.string().nullable() })),
    /** All the doctor's prices; the one that applies has `service.code === service.code`. */
    payment_info: z.array(PaymentInfoSchema),
  }),
  venue: z.object({
    id: z.number().int(),
    name_en: z.string(),
    name_zh: z.string(),
    district: DistrictSchema,
    address: z.object({
      /** English address. */
      line_one: z.string(),
      /** Chinese address. */
      line_two: z.string(),
    }),
    /** Where the venue is (WGS 84 decimal degrees), or null when the directory gave no point. */
    location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  }),
  service: z.object({
    id: z.number().int(),
    slug: z.string(),
    code: z.string(),
    name: z.string(),
    name_en: z.string(),
    name_zh: z.string(),
  }),
  specialty: SpecialtySchema.nullable(),
  // Issue 19: freshness, members' reports and opening hours, as of the answer's instant.
  /** When the details were last verified (an import, an operator), ISO 8601; null: never. */
  last_verified_at: z.string().nullable(),
  /** Not verified for longer than the configured days (default 180): may be out of date. */
  details_stale: z.boolean(),
  /** Members reported it closed or the doctor gone (3 addresses in 30 days), not yet resolved. */
  flagged: z.boolean(),
  /**
   * Metres from the point a search asked to be near (`near`), in a straight line; null without
   * `near`, or for a venue with no location (listed after those with one).
   */
  distance_m: z.number().int().nullable(),
  opening: OpeningStateSchema,
});
export type ServicePoint = z.infer<typeof ServicePointSchema>;

/** The payment info entry that applies to a service point: the one for its own service code. */
export function applicablePaymentInfo(point: ServicePoint): PaymentInfo | null {
  return point.doctor.payment_info.find((info) => info.service.code === point.service.code) ?? null;
}

/** How far an `expand_until_found` search had to widen before it found something. */
export const EXPANSION_LEVELS = ['nearby', 'region', 'everywhere'] as const;
export type ExpansionLevel = (typeof EXPANSION_LEVELS)[number];

export const ServicePointListSchema = PaginatedSchema(ServicePointSchema).extend({
  /**
   * Present when `expand_until_found` widened the search: the districts asked for, the level
   * that gave the results, and the district codes searched at that level. The results carry
   * their own venue district, so the web can list where they come from.
   */
  expanded_from: z
    .object({
      district_codes: z.array(z.string()),
      level: z.enum(EXPANSION_LEVELS),
      searched_district_codes: z.array(z.string()),
    })
    .optional(),
});
export type ServicePointList = z.infer<typeof ServicePointListSchema>;

// ---------------------------------------------------------------- service-point query

/** Panels of the finder, by route value (`outpatient` primary, `go` second). */
export const FinderPanelSchema = z.enum([PANELS.primary, PANELS.second]);

/** A district code: A–T in Hong Kong, MO-… and CN-… outside it. */
export const DistrictCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, 'is not a district code');
/** A specialty's slug. */
export const SpecialtySlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'is not a specialty slug');
/** A service's id: a positive whole number (GraphQL's ID may give it as text). */
export const ServiceIdSchema = queryInt(z.number().int().positive().max(ID_MAX));

/**
 * A list filter (`district_codes`, `service_ids`, `specialty_slug`) as a list: each item parsed,
 * deduplicated in order; an empty list is no filter (undefined). One bad item refuses the list
 * with a message naming it. GraphQL gives the list as it is; a query string goes through
 * `commaList` first.
 */
function listFilter<Item extends z.ZodType>(item: Item, what: string) {
  return z
    .array(z.union([z.string(), z.number()]))
    .optional()
    .transform((parts, context): z.output<Item>[] | undefined => {
      if (parts === undefined || parts.length === 0) return undefined;
      const out: z.output<Item>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (part === '' || !parsed.success) {
          context.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of ${what}; '${part}' is not one`,
          });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return out.length === 1 ? out : [...new Set(out)];
    });
}

/** The finder's district filter (`districts` in the address, `district_codes` in the API). */
export const DistrictCodesSchema = listFilter(DistrictCodeSchema, 'district codes');
/** The finder's service filter (`services` in the address, `service_ids` in the API). */
export const ServiceIdsSchema = listFilter(ServiceIdSchema, 'service ids');
/** The finder's specialty filter (`specialties` in the address, `specialty_slug` in the API). */
export const SpecialtySlugsSchema = listFilter(SpecialtySlugSchema, 'specialty slugs');

/**
 * A list filter as a query string or the finder's address writes it, `A,B`: split once, here,
 * then read by the list's schema. Empty text is no filter.
 */
export function commaList<List extends z.ZodType<unknown, unknown[] | undefined>>(list: List) {
  return z
    .string()
    .optional()
    .transform((value, context): z.output<List> | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const parsed = list.safeParse(value.split(',').map((part) => part.trim()));
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
      return z.NEVER;
    });
}

/** `price_range=min,max`: two non-negative numbers with min ≤ max. */
export const PriceRangeSchema = z
  .string()
  .optional()
  .transform((value, context): { min: number; max: number } | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const match = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
    if (!match) {
      context.addIssue({ code: 'custom', message: "must be 'min,max' (two numbers)" });
      return z.NEVER;
    }
    const min = Number(match[1]);
    const max = Number(match[2]);
    if (min > max) {
      context.addIssue({ code: 'custom', message: 'min must not be above max' });
      return z.NEVER;
    }
    return { min, max };
  });
export type PriceRange = { min: number; max: number };

/** A point on the Earth in WGS 84 decimal degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * `near=latitude,longitude`: the results sorted by their distance from that point (the nearest
 * first), each with its `distance_m`. Decimal degrees, latitude −90…90, longitude −180…180.
 */
export const NearSchema = z
  .string()
  .max(60)
  .optional()
  .transform((value, context): GeoPoint | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
    const latitude = Number(match?.[1]);
    const longitude = Number(match?.[2]);
    if (!match || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      context.addIssue({
        code: 'custom',
        message: "must be 'latitude,longitude' in decimal degrees, e.g. 22.2799,114.1588",
      });
      return z.NEVER;
    }
    return { latitude, longitude };
  });

const booleanFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');
const graphqlFlag = z
  .boolean()
  .optional()
  .transform((value) => value === true);

/**
 * The highest `page` accepted. With page_size at most MAX_PAGE_SIZE, the page's 0-based start
 * stays below 2^31, so it fits GraphQL's 32-bit `Int` in `pagination.start`.
 */
export const MAX_PAGE = 1_000_000;

/** The longest search text accepted; longer text cannot be a name or an address. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * Query of `GET /policy/service-point[/outpatient-go]` and `/group-policy/service-point`.
 * Lists are comma-separated; `price_range` is `min,max`; `no_pagination=true` returns up to
 * NO_PAGINATION_CAP rows from the first.
 */
export const ServicePointQuerySchema = z.object({
  policy_number: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'must be letters and digits')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  district_codes: commaList(DistrictCodesSchema),
  service_ids: commaList(ServiceIdsSchema),
  specialty_slug: commaList(SpecialtySlugsSchema),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH)
    .optional()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed === undefined || trimmed === '' ? undefined : trimmed;
    }),
  price_range: PriceRangeSchema,
  page: queryInt(z.number().int().min(1).max(MAX_PAGE).default(1)),
  page_size: queryInt(z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE)),
  no_pagination: booleanFlag,
  expand_until_found: booleanFlag,
  /** Only venues open now, in Hong Kong time (issue 19). */
  open_now: booleanFlag,
  /** Only venues keeping hours on Sundays. */
  open_sunday: booleanFlag,
  near: NearSchema,
});
/**
 * The same query as GraphQL's `servicePoints` types its arguments: the lists as lists (no
 * comma text to split), the flags as booleans. Its output is the REST query's.
 */
export const ServicePointArgumentsSchema = ServicePointQuerySchema.extend({
  district_codes: DistrictCodesSchema,
  service_ids: ServiceIdsSchema,
  specialty_slug: SpecialtySlugsSchema,
  no_pagination: graphqlFlag,
  expand_until_found: graphqlFlag,
  open_now: graphqlFlag,
  open_sunday: graphqlFlag,
});

/** The query as sent (strings), e.g. for building an address or a request. */
export type ServicePointQueryInput = z.input<typeof ServicePointQuerySchema>;
/** The query as parsed (lists, numbers, flags). */
export type ServicePointQuery = z.output<typeof ServicePointQuerySchema>;

/** The parsed filter state a search runs with (the parsed query minus paging and policy). */
export type ServicePointFilters = Pick<
  ServicePointQuery,
  | 'district_codes'
  | 'service_ids'
  | 'specialty_slug'
  | 'search'
  | 'price_range'
  | 'open_now'
  | 'open_sunday'
  | 'near'
>;

export { NO_PAGINATION_CAP };

// ---------------------------------------------------------------- bookmarks

export const ServicePointIdParamsSchema = z.object({
  id: queryInt(z.number().int().positive().max(ID_MAX)),
});

export const BookmarkResultSchema = z.object({
  id: z.number().int(),
  is_bookmarked: z.boolean(),
});
export type BookmarkResult = z.infer<typeof BookmarkResultSchema>;
