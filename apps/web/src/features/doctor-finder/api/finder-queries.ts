// The finder's data calls (spec §7) as TanStack Query options, GraphQL queries sent as GET
// (decision 169): reference data (services, regions) is cache-first; service points are keyed
// by every variable; the member's tickets come through the web's one tickets module (decision
// 168).
import { PAGE_SIZE } from '@clinicpass/shared/api-client/pagination';
import { PROVISION_SLUGS, type Panel } from '@clinicpass/shared/constants';
import type { Language } from '@clinicpass/shared/i18n/languages';
import {
  CountryRegionListSchema,
  HealthcareServiceListSchema,
  ServicePointListSchema,
} from '@clinicpass/shared/schemas/finder';
import { queryOptions, skipToken } from '@tanstack/react-query';

import { referenceDataQueryOptions } from '../../../lib/query-client';
import { ticketsQuery } from '../../../lib/tickets';
import { readViewToken } from '../../../lib/view-token';
import type { FinderFilters } from '../model/filter-state';
import { formatPriceRange } from '../model/filter-state';

import { graphqlRequest } from './graphql';

const SERVICES_QUERY = /* GraphQL */ `
  query Services($no_pagination: Boolean, $provision_slug: String!) {
    services(no_pagination: $no_pagination, provision_slug: $provision_slug) {
      results {
        id
        slug
        code
        category
        sequence
        name
        name_en
        name_zh
        description
        description_en
        description_zh
        create_date
        update_date
        specialties {
          id
          slug
          description_en
          description_zh
        }
      }
    }
  }
`;

const COUNTRY_REGIONS_QUERY = /* GraphQL */ `
  query CountryRegions {
    countryRegions {
      results {
        id
        sequence
        code
        name
        name_en
        name_zh
        districts {
          code
          name
          name_en
          name_zh
        }
      }
    }
  }
`;

const SERVICE_POINTS_QUERY = /* GraphQL */ `
  query ServicePoints(
    $panel: String!
    $policy_number: String
    $page: Int
    $page_size: Int
    $district_codes: [String!]
    $service_ids: [ID!]
    $specialty_slug: [String!]
    $search: String
    $price_range: String
    $expand_until_found: Boolean
    $open_now: Boolean
    $open_sunday: Boolean
    $near: String
  ) {
    servicePoints(
      panel: $panel
      policy_number: $policy_number
      page: $page
      page_size: $page_size
      district_codes: $district_codes
      service_ids: $service_ids
      specialty_slug: $specialty_slug
      search: $search
      price_range: $price_range
      expand_until_found: $expand_until_found
      open_now: $open_now
      open_sunday: $open_sunday
      near: $near
    ) {
      results {
        id
        is_bookmarked
        create_date
        update_date
        doctor {
          id
          name_en
          name_zh
          phones {
            no
            label
          }
          payment_info {
            service {
              code
            }
            amount
            marked_price
            treatment_properties {
              type
              quantity
              unit_en
              unit_zh
              treatment {
                name_en
                name_zh
              }
            }
          }
        }
        venue {
          id
          name_en
          name_zh
          district {
            code
            name
            name_en
            name_zh
          }
          address {
            line_one
            line_two
          }
          location {
            latitude
            longitude
          }
        }
        service {
          id
          slug
          code
          name
          name_en
          name_zh
        }
        specialty {
          id
          slug
          description_en
          description_zh
        }
        last_verified_at
        details_stale
        flagged
        distance_m
        opening {
          state
          until
          opens_at
          open_sunday
          hours_text {
            en
            zh
          }
          hours_note {
            en
            zh
          }
        }
      }
      pagination {
        start
        end
        total
      }
    }
  }
`;

export function servicesQuery(panel: Panel, language: Language) {
  return queryOptions({
    queryKey: ['finder', 'services', panel, language],
    queryFn: async ({ signal }) => {
      const services = await graphqlRequest({
        query: SERVICES_QUERY,
        variables: { no_pagination: true, provision_slug: PROVISION_SLUGS[panel] },
        field: 'services',
        schema: HealthcareServiceListSchema.pick({ results: true }),
        language,
        signal,
      });
      return services.results;
    },
    ...referenceDataQueryOptions,
  });
}

export function countryRegionsQuery(language: Language) {
  return queryOptions({
    queryKey: ['finder', 'country-regions', language],
    queryFn: async ({ signal }) => {
      const regions = await graphqlRequest({
        query: COUNTRY_REGIONS_QUERY,
        field: 'countryRegions',
        schema: CountryRegionListSchema.pick({ results: true }),
        language,
        signal,
      });
      return regions.results;
    },
    ...referenceDataQueryOptions,
  });
}

export interface ServicePointSearch {
  panel: Panel;
  policyNumber: string;
  filters: FinderFilters;
  page: number;
  expandUntilFound: boolean;
}

/** The variables of the service-point query (spec §7 call 2). */
export function servicePointVariables({
  panel,
  policyNumber,
  filters,
  page,
  expandUntilFound,
}: ServicePointSearch): Record<string, unknown> {
  const search = filters.searchText.trim();
  return {
    panel,
    policy_number: policyNumber,
    page,
    page_size: PAGE_SIZE,
    district_codes: filters.districts.length > 0 ? filters.districts : undefined,
    service_ids: filters.services.length > 0 ? filters.services : undefined,
    specialty_slug: filters.specialties.length > 0 ? filters.specialties : undefined,
    search: search === '' ? undefined : search,
    price_range: filters.price === null ? undefined : formatPriceRange(filters.price),
    expand_until_found: expandUntilFound,
    open_now: filters.openNow ? true : undefined,
    open_sunday: filters.openSunday ? true : undefined,
  };
}

export function servicePointsQuery(search: ServicePointSearch | null, language: Language) {
  const variables = search === null ? null : servicePointVariables(search);
  return queryOptions({
    queryKey: ['finder', 'service-points', variables],
    queryFn:
      variables === null
        ? skipToken
        : ({ signal }) =>
            graphqlRequest({
              query: SERVICE_POINTS_QUERY,
              variables,
              field: 'servicePoints',
              schema: ServicePointListSchema,
              language,
              signal,
            }),
  });
}

/**
 * The member view token from the member card look-up, if this tab holds a live one (kept with
 * its expiry by the look-up).
 */
export function readMemberViewToken(): string | null {
  return readViewToken()?.token ?? null;
}

/**
 * The member's tickets for the QR dialog (spec §7 call 3). Asked with the member view token when
 * this tab holds one, else with the session when someone is signed in (the server answers the
 * policy's owner); skipped without a policy number or either, since the server would refuse
 * (docs/decisions/023). No QR entry is offered then.
 */
export function memberTicketsQuery(policyNumber: string | null, signedIn: boolean) {
  const token = readMemberViewToken();
  return {
    ...ticketsQuery({ policyNumber, token, enabled: token !== null || signedIn }),
    retry: false,
  };
}
