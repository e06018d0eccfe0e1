// The doctor finder's rules: who may search a panel, what a query means, how a search widens
// when the chosen districts give nothing (expand_until_found), and bookmarks. Used by the REST
// routes and the GraphQL resolvers alike.
import {
  NO_PAGINATION_CAP,
  type Pagination,
  paginationFor,
} from '@clinicpass/shared/api-client/pagination';
import { PANELS } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type {
  ExpansionLevel,
  ServicePoint,
  ServicePointList,
  ServicePointQuery,
} from '@clinicpass/shared/schemas/finder';
import { createAccessCheck, type FinderList, validation } from './finder.access';
import { type AnswerCache, createAnswerCache, type KeptAnswer } from './finder.answers';
import { type SearchCriteria, searchSnapshot } from './finder.engine';
import type { FinderRepository } from './finder.repository';
import type { Card, FinderReadModel, FinderSnapshot, SnapshotDistrict } from './finder.snapshot';
import { DEFAULT_STALE_DAYS, type DirectoryView, directoryView } from './finder.hours';
import {
  cardToServicePoint,
  withoutPrices,
  type WrittenAnswer,
  writeAnswer,
} from './finder.writer';
import { searchTerms } from './text/search-text';

export { type FinderList, POLICY_ACCESS_TTL_MS } from './finder.access';

export interface FinderCaller {
  language: Language;
  /** The signed-in customer, or null for a guest. */
  userId: string | null;
  /** The request's instant (the shared clock): "open now" and freshness are as of it. */
  now?: Date;
  /** The client address: distinct policy numbers are counted per address (decision 253). */
  address?: string;
}

/** Admits a policy number asked from an address, or throws 429 (decision 253). */
export type PolicyNumberGuard = (address: string, policyNumber: string, now: Date) => Promise<void>;

/** What the cards' freshness and flags are read with (issue 19). */
export interface FinderDirectory {
  staleDays: number;
  flagged: () => Promise<ReadonlySet<number>>;
}

/** A search's answer before it is written for a caller: cards, not yet objects or JSON. */
interface Found {
  snapshot: FinderSnapshot;
  cards: Card[];
  /** With `near`: each card's distance in metres (null: its venue has no point). */
  distances?: readonly (number | null)[];
  bookmarked: ReadonlySet<number>;
  pagination: Pagination;
  expanded_from?: ServicePointList['expanded_from'];
  /** The instant the cards are written at (issue 19). */
  view?: DirectoryView;
}

function resultsOf(found: Found, language: Language): ServicePoint[] {
  return found.cards.map((card, index) =>
    cardToServicePoint(
      card,
      language,
      found.bookmarked.has(card.id),
      found.view,
      found.distances?.[index] ?? null,
    ),
  );
}

const NONE: ReadonlySet<number> = new Set();

export function createFinderService(
  finder: FinderRepository,
  readModel: FinderReadModel,
  now: () => number = Date.now,
  answers: AnswerCache = createAnswerCache(undefined, now),
  directory?: FinderDirectory,
  policyNumberGuard?: PolicyNumberGuard,
  /** Told each search's time in ms (the metrics, decision 263). */
  timed: (ms: number) => void = () => undefined,
) {
  const checkAccess = createAccessCheck(finder, now);
  // A reload makes every kept answer stale: they go before it builds the new snapshot, and
  // none is kept while it builds (decision 218), so they do not sit beside two snapshots.
  readModel.beforeReload?.(() => {
    answers.clear();
  });

  /** The view a caller's cards are written in: the request's instant, staleness, flags. */
  async function viewOf(caller: FinderCaller): Promise<DirectoryView> {
    return directoryView(caller.now ?? new Date(now()), {
      staleDays: directory?.staleDays ?? DEFAULT_STALE_DAYS,
      flagged: directory === undefined ? new Set() : await directory.flagged(),
    });
  }

  /** The asked districts with their regions, from the snapshot searched. */
  function knownDistricts(snapshot: FinderSnapshot, codes: readonly string[]) {
    if (codes.length === 0) return [];
    const districts = snapshot.districts;
    const unknown = codes.filter((code) => !districts.has(code));
    if (unknown.length > 0) {
      throw validation('district_codes', `unknown district code ${unknown.join(', ')}`);
    }
    return codes.map((code) => districts.get(code) as SnapshotDistrict);
  }

  function run(
    snapshot: FinderSnapshot,
    criteria: SearchCriteria,
    page: number,
    pageSize: number,
    noPagination: boolean,
  ): Found {
    // Count and page in one pass over the process's snapshot; the page's end is known only
    // after counting, so ask for the widest page and cut it to the pagination below.
    const start = noPagination ? 0 : (page - 1) * pageSize;
    const size = noPagination ? NO_PAGINATION_CAP : pageSize;
    const { total, cards, distances } = searchSnapshot(snapshot, criteria, start, size);
    const pagination = noPagination
      ? paginationFor(1, NO_PAGINATION_CAP, total)
      : paginationFor(page, pageSize, total);
    const found: Found = { snapshot, cards, bookmarked: NONE, pagination };
    if (distances !== undefined) found.distances = distances;
    return found;
  }

  /**
   * A search the caller may make, with until when (ms) the access answer it relied on may be
   * reused. The search itself runs in one synchronous step on one snapshot; only the access
   * check, the flags and a member's bookmarks may wait (decision 226: fewer promises a search).
   */
  async function search(
    list: FinderList,
    query: ServicePointQuery,
    caller: FinderCaller,
  ): Promise<Found & { until: number }> {
    const started = performance.now();
    const found = await searchTimed(list, query, caller);
    timed(performance.now() - started);
    return found;
  }

  async function searchTimed(
    list: FinderList,
    query: ServicePointQuery,
    caller: FinderCaller,
  ): Promise<Found & { until: number }> {
    const policyNumber = query.policy_number?.toUpperCase();
    // Numbers are sequential: a guesser from one address may try only a few (decision 253).
    if (
      policyNumber !== undefined &&
      list !== PANELS.second &&
      caller.address !== undefined &&
      policyNumberGuard !== undefined
    ) {
      await policyNumberGuard(caller.address, policyNumber, caller.now ?? new Date(now()));
    }
    const { until, priced } = await checkAccess(list, policyNumber);
    const view = await viewOf(caller);
    // The snapshot searches read now (the first may still be loading).
    const current = readModel.current();
    const snapshot = current instanceof Promise ? await current : current;
    const found: Found & { until: number } = {
      ...searchAllowed(snapshot, list, query, view),
      until,
      view,
    };
    if (!priced) found.cards = found.cards.map(withoutPrices);
    if (found.cards.length > 0 && caller.userId !== null) {
      found.bookmarked = await finder.bookmarkedAmong(
        caller.userId,
        found.cards.map((card) => card.id),
      );
    }
    return found;
  }

  function searchAllowed(
    snapshot: FinderSnapshot,
    list: FinderList,
    query: ServicePointQuery,
    view: DirectoryView,
  ): Found {
    const asked = query.district_codes ?? [];
    const askedPlaces = knownDistricts(snapshot, asked);
    const group = list === 'group';
    const terms = searchTerms(query.search);
    const base: SearchCriteria = {
      panel: group ? PANELS.primary : list,
      service_ids: query.service_ids,
      terms,
    };
    if (!group) {
      base.specialty_slug = query.specialty_slug;
      base.priceRange = query.price_range;
    }
    if (query.open_now) base.openAt = view.at;
    if (query.open_sunday) base.openSunday = true;
    if (query.near !== undefined) base.near = query.near;
    const page = query.page;
    const pageSize = query.page_size;
    const noPagination = !group && query.no_pagination;

    base.district_codes = asked;
    const first = run(snapshot, base, page, pageSize, noPagination);
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
      const found = run(
        snapshot,
        { ...base, district_codes: step.codes },
        page,
        pageSize,
        noPagination,
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
    cachedAnswer(key: string): KeptAnswer | undefined {
      const snapshot = readModel.current();
      return snapshot instanceof Promise ? undefined : answers.get(key, snapshot.version);
    },

    /**
     * The same search written as the response body (JSON in ServicePointListSchema's key
     * order, also in parts), with its pagination for the Content-Range header: the REST routes
     * send it as is, skipping the response schema's parse-and-stringify (decision 110). A
     * guest's answer is kept under `cacheKey` when one is given.
     */
    async searchServicePointsJson(
      list: FinderList,
      query: ServicePointQuery,
      caller: FinderCaller,
      cacheKey?: string,
    ): Promise<WrittenAnswer> {
      const found = await search(list, query, caller);
      const answer = writeAnswer(found.snapshot, found, caller.language, found.view);
      if (cacheKey !== undefined && caller.userId === null && readModel.reloading?.() !== true) {
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
