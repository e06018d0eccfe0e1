// The doctor finder's rules: who may search a panel, what a query means, how a search widens
// when the chosen districts give nothing (expand_until_found), and bookmarks. Used by the REST
// routes and the GraphQL resolvers alike.
import {
  NO_PAGINATION_CAP,
  type Pagination,
  paginationFor,
} from '@clinicpass/shared/api-client/pagination';
import { PANELS, type Panel } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type {
  ExpansionLevel,
  ServicePoint,
  ServicePointList,
  ServicePointQuery,
} from '@clinicpass/shared/schemas/finder';
import { localName } from '../reference/reference.service';
import { type Answer, type AnswerCache, createAnswerCache } from './finder.answers';
import {
  type Card,
  cardJson,
  cardToServicePoint,
  type FinderReadModel,
  type FinderSnapshot,
  type SnapshotDistrict,
  searchSnapshot,
  withoutPrices,
} from './finder.memory';
import type { FinderRepository, SearchCriteria, ServicePointRow } from './finder.repository';
import { searchTerms } from './text/search-text';

/** Which list is searched: a panel, or the group-policy list (primary network, fewer filters). */
export type FinderList = Panel | 'group';

export interface FinderCaller {
  language: Language;
  /** The signed-in customer, or null for a guest. */
  userId: string | null;
}

function validation(parameter: string, message: string): AppError {
  return new AppError('validation_error', {
    message: `Invalid query parameter ${parameter}: ${message}`,
    details: { issues: [{ path: `querystring.${parameter}`, message }] },
  });
}

const NO_ACCESS_MESSAGE = 'This policy has no access to the medical network';

function toNumber(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

export function toServicePoint(row: ServicePointRow, language: Language): ServicePoint {
  return {
    id: row.id,
    is_bookmarked: row.is_bookmarked,
    create_date: row.create_date,
    update_date: row.update_date,
    doctor: {
      id: row.doctor_id,
      name_en: row.doctor_name_en,
      name_zh: row.doctor_name_zh,
      phones: row.doctor_phones.map((phone) => ({ no: phone.no })),
      payment_info: row.payment_info.map((info) => ({
        service: { code: info.service_code },
        amount: Number(info.amount),
        marked_price: toNumber(info.marked_price),
        treatment_properties: info.treatment_properties,
      })),
    },
    venue: {
      id: row.venue_id,
      name_en: row.venue_name_en,
      name_zh: row.venue_name_zh,
      district: {
        code: row.district_code,
        name: localName(language, row.district_name_en, row.district_name_zh),
        name_en: row.district_name_en,
        name_zh: row.district_name_zh,
      },
      address: { line_one: row.address_line_one, line_two: row.address_line_two },
    },
    service: {
      id: row.service_id,
      slug: row.service_slug,
      code: row.service_code,
      name: localName(language, row.service_name_en, row.service_name_zh),
      name_en: row.service_name_en,
      name_zh: row.service_name_zh,
    },
    specialty:
      row.specialty_id === null
        ? null
        : {
            id: row.specialty_id,
            slug: row.specialty_slug ?? '',
            description_en: row.specialty_description_en ?? '',
            description_zh: row.specialty_description_zh ?? '',
          },
  };
}

/** A search's answer before it is written for a caller: cards, not yet objects or JSON. */
interface Found {
  snapshot: FinderSnapshot;
  cards: Card[];
  bookmarked: ReadonlySet<number>;
  pagination: Pagination;
  expanded_from?: ServicePointList['expanded_from'];
}

function resultsOf(found: Found, language: Language): ServicePoint[] {
  return found.cards.map((card) =>
    cardToServicePoint(card, language, found.bookmarked.has(card.id)),
  );
}

const NONE: ReadonlySet<number> = new Set();
const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');

/**
 * How long a process reuses a policy's finder access answer (decision 110). A policy that
 * lapses keeps reading the network's public list for at most this long; a search is spared a
 * database round trip.
 */
export const POLICY_ACCESS_TTL_MS = 10_000;
/** Policy numbers remembered at most; the memory is emptied when full. */
const POLICY_ACCESS_ENTRIES = 10_000;

export function createFinderService(
  finder: FinderRepository,
  readModel: FinderReadModel,
  now: () => number = Date.now,
  answers: AnswerCache = createAnswerCache(undefined, now),
) {
  const access = new Map<string, { allowed: boolean; until: number }>();

  async function policyHasNetwork(policyNumber: string) {
    const time = now();
    const known = access.get(policyNumber);
    if (known !== undefined && known.until > time) return known;
    const allowed = await finder.policyHasNetwork(policyNumber, PANELS.primary);
    if (access.size >= POLICY_ACCESS_ENTRIES) access.clear();
    const answer = { allowed, until: time + POLICY_ACCESS_TTL_MS };
    access.set(policyNumber, answer);
    return answer;
  }

  /**
   * Refuses a caller the list is closed to; else until when (ms) that answer may be reused and
   * whether its results may carry member prices (decision 140: only behind a policy number of
   * the primary network; the second panel shows none at all).
   */
  async function checkAccess(
    list: FinderList,
    policyNumber: string | undefined,
  ): Promise<{ until: number; priced: boolean }> {
    // The second panel is open to anyone; the group list and the primary panel need a policy
    // of the primary network. Unknown and network-less policies get one and the same answer.
    if (list === PANELS.second || (list === 'group' && policyNumber === undefined)) {
      return { until: now() + POLICY_ACCESS_TTL_MS, priced: false };
    }
    if (policyNumber === undefined) {
      throw validation('policy_number', 'is required on this panel');
    }
    const { allowed, until } = await policyHasNetwork(policyNumber);
    if (!allowed) throw new AppError('no_access', { message: NO_ACCESS_MESSAGE });
    return { until, priced: true };
  }

  /** The asked districts with their regions, from the process's copy of the read model. */
  async function knownDistricts(codes: readonly string[]) {
    const districts = (await readModel.current()).districts;
    const unknown = codes.filter((code) => !districts.has(code));
    if (unknown.length > 0) {
      throw validation('district_codes', `unknown district code ${unknown.join(', ')}`);
    }
    return codes.map((code) => districts.get(code) as SnapshotDistrict);
  }

  async function run(
    criteria: SearchCriteria,
    page: number,
    pageSize: number,
    noPagination: boolean,
    caller: FinderCaller,
  ): Promise<Found> {
    // Count and page in one pass over the process's snapshot; the page's end is known only
    // after counting, so ask for the widest page and cut it to the pagination below.
    const start = noPagination ? 0 : (page - 1) * pageSize;
    const size = noPagination ? NO_PAGINATION_CAP : pageSize;
    const snapshot = await readModel.current();
    const { total, cards } = searchSnapshot(snapshot, criteria, start, size);
    const pagination = noPagination
      ? paginationFor(1, NO_PAGINATION_CAP, total)
      : paginationFor(page, pageSize, total);
    if (cards.length === 0 || caller.userId === null)
      return { snapshot, cards, bookmarked: NONE, pagination };
    const bookmarked = await finder.bookmarkedAmong(
      caller.userId,
      cards.map((card) => card.id),
    );
    return { snapshot, cards, bookmarked, pagination };
  }

  /**
   * A search the caller may make, with until when (ms) the access answer it relied on may be
   * reused.
   */
  async function search(
    list: FinderList,
    query: ServicePointQuery,
    caller: FinderCaller,
  ): Promise<Found & { until: number }> {
    const { until, priced } = await checkAccess(list, query.policy_number?.toUpperCase());
    const found = await searchAllowed(list, query, caller);
    return { ...found, cards: priced ? found.cards : found.cards.map(withoutPrices), until };
  }

  async function searchAllowed(
    list: FinderList,
    query: ServicePointQuery,
    caller: FinderCaller,
  ): Promise<Found> {
    const asked = query.district_codes ?? [];
    const askedPlaces = await knownDistricts(asked);
    const group = list === 'group';
    const terms = searchTerms(query.search);
    const base: SearchCriteria = {
      panel: group ? PANELS.primary : list,
      serviceIds: query.service_ids,
      terms,
      ...(group ? {} : { specialtySlugs: query.specialty_slug, priceRange: query.price_range }),
    };
    const page = query.page;
    const pageSize = query.page_size;
    const noPagination = !group && query.no_pagination;

    const first = await run(
      { ...base, districtCodes: asked },
      page,
      pageSize,
      noPagination,
      caller,
    );
    if (first.pagination.total > 0 || group || !query.expand_until_found) return first;

    // A place named in the text (`Mei Foo`, `TST`) that nothing matches: widen from its
    // districts without it, as if they had been chosen (decision 158).
    let districtCodes = asked;
    let places = askedPlaces;
    const named = terms.flatMap((term) => term.districts ?? []);
    if (named.length > 0) {
      const known = first.snapshot.districts;
      districtCodes = [...new Set([...asked, ...named.filter((code) => known.has(code))])];
      places = districtCodes.map((code) => known.get(code) as SnapshotDistrict);
      base.terms = terms.filter((term) => term.districts === undefined);
    }
    if (districtCodes.length === 0) return first;

    // Widen: nearby districts, then the chosen districts' regions, then everywhere.
    const nearby = [...new Set([...districtCodes, ...places.flatMap((place) => place.nearby)])];
    const region = [...new Set(places.map((place) => place.region_id))].flatMap(
      (id) => first.snapshot.regions.get(id) ?? [],
    );
    const steps: { level: ExpansionLevel; codes: string[] | undefined }[] = [
      { level: 'nearby', codes: nearby },
      { level: 'region', codes: region },
      { level: 'everywhere', codes: undefined },
    ];
    // Districts searched already with the same criteria (none when the criteria changed).
    let searched = new Set(named.length > 0 ? [] : districtCodes);
    for (const step of steps) {
      // A level that adds no district cannot find anything new.
      if (step.codes !== undefined && step.codes.every((code) => searched.has(code))) continue;
      const found = await run(
        { ...base, districtCodes: step.codes },
        page,
        pageSize,
        noPagination,
        caller,
      );
      if (found.pagination.total > 0) {
        return {
          ...found,
          expanded_from: {
            district_codes: [...districtCodes],
            level: step.level,
            searched_district_codes: step.codes ?? [],
          },
        };
      }
      searched = new Set([...searched, ...(step.codes ?? [])]);
    }
    return first;
  }

  return {
    /**
     * Searches a list. Filters AND across kinds and OR within a kind; search words must all
     * occur (case-insensitively) in a service point's names, address lines or district names.
     */
    async searchServicePoints(
      list: FinderList,
      query: ServicePointQuery,
      caller: FinderCaller,
    ): Promise<ServicePointList> {
      const found = await search(list, query, caller);
      const answer: ServicePointList = {
        results: resultsOf(found, caller.language),
        pagination: found.pagination,
      };
      if (found.expanded_from) answer.expanded_from = found.expanded_from;
      return answer;
    },

    /** The version of the snapshot searches read now; undefined while the first loads. */
    snapshotVersion(): number | undefined {
      const snapshot = readModel.current();
      return snapshot instanceof Promise ? undefined : snapshot.version;
    },

    /**
     * A guest's answer kept under `key` (see finder.answers.ts), if it may still be served.
     */
    cachedAnswer(key: string): Answer | undefined {
      const snapshot = readModel.current();
      return snapshot instanceof Promise ? undefined : answers.get(key, snapshot.version);
    },

    /**
     * The same search written as the response body (JSON in ServicePointListSchema's key
     * order), with its pagination for the Content-Range header: the REST routes send it as is,
     * skipping the response schema's parse-and-stringify (decision 110). A guest's answer is
     * kept under `cacheKey` when one is given.
     */
    async searchServicePointsJson(
      list: FinderList,
      query: ServicePointQuery,
      caller: FinderCaller,
      cacheKey?: string,
    ): Promise<Answer> {
      const found = await search(list, query, caller);
      const parts: Buffer[] = [RESULTS_OPEN];
      found.cards.forEach((card, index) => {
        if (index > 0) parts.push(COMMA);
        parts.push(
          found.bookmarked.has(card.id)
            ? Buffer.from(JSON.stringify(cardToServicePoint(card, caller.language, true)))
            : cardJson(found.snapshot, card, caller.language),
        );
      });
      const { start, end, total } = found.pagination;
      const rest: Omit<ServicePointList, 'results'> = { pagination: { start, end, total } };
      if (found.expanded_from) {
        const { district_codes, level, searched_district_codes } = found.expanded_from;
        rest.expanded_from = { district_codes, level, searched_district_codes };
      }
      // `{"results":[…],` then the rest of the object without its opening brace.
      parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}`));
      const answer = { json: Buffer.concat(parts), pagination: found.pagination };
      if (cacheKey !== undefined && caller.userId === null) {
        answers.set(cacheKey, answer, found.snapshot.version, found.until);
      }
      return answer;
    },

    async setBookmark(
      userId: string | null,
      servicePointId: number,
      bookmarked: boolean,
    ): Promise<{ id: number; is_bookmarked: boolean }> {
      if (userId === null) throw new AppError('unauthenticated');
      if (!(await finder.servicePointExists(servicePointId))) {
        throw new AppError('not_found', { message: 'No such service point' });
      }
      if (bookmarked) await finder.addBookmark(userId, servicePointId);
      else await finder.removeBookmark(userId, servicePointId);
      return { id: servicePointId, is_bookmarked: bookmarked };
    },
  };
}

export type FinderService = ReturnType<typeof createFinderService>;
