import { PANELS, type Panel } from '@clinicpass/shared/constants';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import {
  dropUnknown,
  EMPTY_FILTERS,
  filtersFromParams,
  hasSearchParams,
  paramsFromFilters,
  restoreFilters,
  sameFilters,
  storeFilters,
  type FinderFilters,
  type KnownValues,
  type PriceRange,
} from '../model/filter-state';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface UpdateOptions {
  /** Save to local storage (default yes). */
  save?: boolean;
  /** Write to the address (default yes). */
  apply?: boolean;
}

export interface FinderState {
  /** Results view when the address has any search parameter, else the landing view. */
  showResults: boolean;
  filters: FinderFilters;
  page: number;
  expandUntilFound: boolean;
  setPage: (page: number) => void;
  expand: () => void;
  update: (filters: FinderFilters, options?: UpdateOptions) => void;
}

/**
 * The finder's filter state (spec §4): read from the address, written back with `replace`,
 * saved per panel in local storage; a visit without search parameters starts from the stored
 * filters with the search text cleared. Any change goes back to page 1 and drops the
 * expansion flag. The primary panel's price range is page state only (docs/decisions/022).
 */
export function useFinderState(
  panel: Panel,
  known: KnownValues | null,
  { resetOnMount = false }: { resetOnMount?: boolean } = {},
): FinderState {
  const [params, setParams] = useSearchParams();
  const showResults = hasSearchParams(params);
  const [restored] = useState(() => {
    const storage = browserStorage();
    return storage === null ? EMPTY_FILTERS : restoreFilters(storage, panel, { resetOnMount });
  });
  const [landingDraft, setLandingDraft] = useState<FinderFilters>(restored);
  const [primaryPrice, setPrimaryPrice] = useState<PriceRange | null>(null);
  const [page, setPage] = useState(1);
  const [expandUntilFound, setExpandUntilFound] = useState(false);

  const fromAddress = useMemo(() => filtersFromParams(params, panel), [params, panel]);
  const rawFilters: FinderFilters = showResults
    ? { ...fromAddress, price: panel === PANELS.primary ? primaryPrice : fromAddress.price }
    : landingDraft;
  const filters = useMemo(
    () => (known === null ? rawFilters : dropUnknown(rawFilters, known)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rawFilters is rebuilt from these
    [known, fromAddress, primaryPrice, landingDraft, showResults, panel],
  );

  const update = useCallback(
    (next: FinderFilters, { save = true, apply = true }: UpdateOptions = {}) => {
      setPage(1);
      setExpandUntilFound(false);
      if (panel === PANELS.primary) setPrimaryPrice(next.price);
      if (save) {
        const storage = browserStorage();
        if (storage !== null) storeFilters(storage, panel, next);
      }
      if (apply) {
        setParams(paramsFromFilters(next, panel), { replace: true, preventScrollReset: true });
      } else {
        setLandingDraft(next);
      }
    },
    [panel, setParams],
  );

  // Codes or ids the network no longer knows (an old link) leave the address quietly.
  useEffect(() => {
    if (!showResults || known === null) return;
    const cleaned = dropUnknown(fromAddress, known);
    if (!sameFilters(cleaned, fromAddress)) {
      setParams(paramsFromFilters(cleaned, panel), { replace: true, preventScrollReset: true });
    }
  }, [showResults, known, fromAddress, panel, setParams]);

  return {
    showResults,
    filters,
    page,
    expandUntilFound,
    setPage,
    expand: () => {
      setExpandUntilFound(true);
    },
    update,
  };
}
