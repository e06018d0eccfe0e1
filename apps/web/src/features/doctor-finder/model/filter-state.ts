// The finder's filters and the two places they live besides the page: the address query
// (spec §4: p, districts, services, specialties, price for the second panel only) and local
// storage per panel (searchText cleared on restore).
import {
  PANELS,
  PRICE_FILTER,
  SEARCH_STORAGE_KEYS,
  type Panel,
} from '@clinicpass/shared/constants';

export type PriceRange = readonly [number, number];

/** The search filter object (spec §3). */
export interface FinderFilters {
  districts: string[];
  /** Service ids, as text. */
  services: string[];
  /** Specialty slugs. */
  specialties: string[];
  searchText: string;
  /** Second panel: in the address and storage. Primary panel: page state only (decision 022). */
  price: PriceRange | null;
  /** Only venues open now / keeping hours on Sundays (issue 19): in the address and storage. */
  openNow: boolean;
  openSunday: boolean;
}

export const EMPTY_FILTERS: FinderFilters = {
  districts: [],
  services: [],
  specialties: [],
  searchText: '',
  price: null,
  openNow: false,
  openSunday: false,
};

export const DEFAULT_PRICE_RANGE: PriceRange = PRICE_FILTER.defaultRange;

const PARAM = {
  searchText: 'p',
  districts: 'districts',
  services: 'services',
  specialties: 'specialties',
  price: 'price',
  openNow: 'open_now',
  openSunday: 'open_sunday',
} as const;

const SEARCH_KEYS = Object.values(PARAM);

/** Whether the address carries any search parameter (results view) or none (landing view). */
export function hasSearchParams(params: URLSearchParams): boolean {
  return SEARCH_KEYS.some((key) => params.has(key));
}

function list(value: string | null): string[] {
  if (value === null) return [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const item = part.trim();
    if (item !== '') seen.add(item);
  }
  return [...seen];
}

/** A `min,max` range within the slider's bounds with min ≤ max, else null. */
export function parsePriceRange(value: string | null | undefined): PriceRange | null {
  if (value === null || value === undefined) return null;
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value);
  if (match === null) return null;
  const min = Number(match[1]);
  const max = Number(match[2]);
  if (min > max || min < PRICE_FILTER.min || max > PRICE_FILTER.max) return null;
  return [min, max];
}

export const formatPriceRange = (range: PriceRange): string => `${range[0]},${range[1]}`;

/** The filters an address carries. A primary-panel address never carries a price. */
export function filtersFromParams(params: URLSearchParams, panel: Panel): FinderFilters {
  return {
    searchText: params.get(PARAM.searchText) ?? '',
    districts: list(params.get(PARAM.districts)),
    services: list(params.get(PARAM.services)),
    specialties: list(params.get(PARAM.specialties)),
    price: panel === PANELS.second ? parsePriceRange(params.get(PARAM.price)) : null,
    openNow: params.get(PARAM.openNow) === '1',
    openSunday: params.get(PARAM.openSunday) === '1',
  };
}

/**
 * The address query for filters. `p` is always written (possibly empty) so that an address
 * with filters, even none, shows the results view; empty lists are left out.
 */
export function paramsFromFilters(filters: FinderFilters, panel: Panel): URLSearchParams {
  const params = new URLSearchParams();
  params.set(PARAM.searchText, filters.searchText);
  if (filters.districts.length > 0) params.set(PARAM.districts, filters.districts.join(','));
  if (filters.services.length > 0) params.set(PARAM.services, filters.services.join(','));
  if (filters.specialties.length > 0) params.set(PARAM.specialties, filters.specialties.join(','));
  if (panel === PANELS.second && filters.price !== null) {
    params.set(PARAM.price, formatPriceRange(filters.price));
  }
  if (filters.openNow) params.set(PARAM.openNow, '1');
  if (filters.openSunday) params.set(PARAM.openSunday, '1');
  return params;
}

/** Number of chosen filter values (the phone's filter-count button). */
export function filterCount(filters: FinderFilters): number {
  const priceCount = filters.price !== null ? 1 : 0;
  return (
    filters.districts.length +
    filters.services.length +
    filters.specialties.length +
    priceCount +
    (filters.openNow ? 1 : 0) +
    (filters.openSunday ? 1 : 0)
  );
}

export interface KnownValues {
  districtCodes: ReadonlySet<string>;
  serviceIds: ReadonlySet<string>;
  specialtySlugs: ReadonlySet<string>;
}

/** The filters without codes or ids the network no longer knows (from an old visit or link). */
export function dropUnknown(filters: FinderFilters, known: KnownValues): FinderFilters {
  return {
    ...filters,
    districts: filters.districts.filter((code) => known.districtCodes.has(code)),
    services: filters.services.filter((id) => known.serviceIds.has(id)),
    specialties: filters.specialties.filter((slug) => known.specialtySlugs.has(slug)),
  };
}

export function sameFilters(a: FinderFilters, b: FinderFilters): boolean {
  const sameList = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && x.every((value, index) => value === y[index]);
  return (
    a.searchText === b.searchText &&
    a.openNow === b.openNow &&
    a.openSunday === b.openSunday &&
    sameList(a.districts, b.districts) &&
    sameList(a.services, b.services) &&
    sameList(a.specialties, b.specialties) &&
    (a.price === null
      ? b.price === null
      : b.price !== null && a.price[0] === b.price[0] && a.price[1] === b.price[1])
  );
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter(
          (item): item is string | number => typeof item === 'string' || typeof item === 'number',
        )
        .map(String)
    : [];

/** Reads a panel's stored filters; anything unreadable counts as nothing stored. */
export function readStoredFilters(
  storage: Pick<Storage, 'getItem'>,
  panel: Panel,
): FinderFilters | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SEARCH_STORAGE_KEYS[panel]);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const price = record.price;
    return {
      districts: stringList(record.districts),
      services: stringList(record.services),
      specialties: stringList(record.specialties),
      searchText: typeof record.searchText === 'string' ? record.searchText : '',
      price:
        panel === PANELS.second && Array.isArray(price) ? parsePriceRange(price.join(',')) : null,
      openNow: record.openNow === true,
      openSunday: record.openSunday === true,
    };
  } catch {
    return null;
  }
}

/**
 * The filters a visit starts from when its address has none (spec §4): the stored ones with
 * the search text cleared, or nothing when reset on mount is asked for.
 */
export function restoreFilters(
  storage: Pick<Storage, 'getItem'>,
  panel: Panel,
  { resetOnMount = false }: { resetOnMount?: boolean } = {},
): FinderFilters {
  if (resetOnMount) return EMPTY_FILTERS;
  const stored = readStoredFilters(storage, panel);
  return stored === null ? EMPTY_FILTERS : { ...stored, searchText: '' };
}

export function storeFilters(
  storage: Pick<Storage, 'setItem'>,
  panel: Panel,
  filters: FinderFilters,
): void {
  const value = {
    districts: filters.districts,
    services: filters.services,
    specialties: filters.specialties,
    searchText: filters.searchText,
    ...(filters.openNow ? { openNow: true } : {}),
    ...(filters.openSunday ? { openSunday: true } : {}),
    ...(panel === PANELS.second && filters.price !== null ? { price: filters.price } : {}),
  };
  try {
    storage.setItem(SEARCH_STORAGE_KEYS[panel], JSON.stringify(value));
  } catch {
    // Storage full or disabled: the address still holds the search.
  }
}
