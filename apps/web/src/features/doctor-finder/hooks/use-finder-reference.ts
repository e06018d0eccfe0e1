import type { Panel } from '@clinicpass/shared/constants';
import { PANELS } from '@clinicpass/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import enFinderNames from '../../../locales/en/finder-names.json';
import zhFinderNames from '../../../locales/zh-HK/finder-names.json';
import { i18n as appI18n, useLanguage } from '../../../lib/i18n';
import { countryRegionsQuery, servicesQuery } from '../api/finder-queries';
import type { KnownValues } from '../model/filter-state';
import { districtCategories, type DistrictCategory } from '../model/regions';
import {
  flattenItems,
  groupServicesByCategory,
  servicesWithSpecialties,
  type ServiceCategory,
  type ServiceItem,
} from '../model/service-grouping';
import type { District } from '../model/types';

// The body-check line is named in both languages at once (below, for a search in either): its
// names are a namespace of their own, both languages in the finder's chunk, instead of the other
// language's whole bundle (decision 315; it was ~11 KiB gzip of the finder's first load).
appI18n.addResourceBundle('en', 'finder-names', enFinderNames, true, true);
appI18n.addResourceBundle('zh-HK', 'finder-names', zhFinderNames, true, true);

export interface FinderReference {
  ready: boolean;
  error: unknown;
  refetch: () => void;
  districtGroups: DistrictCategory[];
  districts: District[];
  /** Primary panel: the six categories. */
  categories: ServiceCategory[];
  /** Second panel: services with specialties. */
  serviceTree: ServiceItem[];
  /** Every selectable service or specialty line. */
  serviceItems: ServiceItem[];
  known: KnownValues | null;
}

/** Districts, services and specialties of a panel (cache-first reference data). */
export function useFinderReference(panel: Panel): FinderReference {
  const language = useLanguage();
  const { t, i18n } = useTranslation('doctor-finder');
  const services = useQuery(servicesQuery(panel, language));
  const regions = useQuery(countryRegionsQuery(language));

  return useMemo(() => {
    const bodyCheck = {
      en: i18n.getFixedT('en', 'finder-names')('bodyCheck'),
      zh: i18n.getFixedT('zh-HK', 'finder-names')('bodyCheck'),
    };
    const districtGroups = regions.data === undefined ? [] : districtCategories(regions.data);
    const districts = districtGroups.flatMap((group) => group.children);
    const list = services.data ?? [];
    const categories = panel === PANELS.primary ? groupServicesByCategory(list, bodyCheck) : [];
    const serviceTree = panel === PANELS.second ? servicesWithSpecialties(list, bodyCheck) : [];
    const serviceItems =
      panel === PANELS.primary
        ? categories.flatMap((category) => category.items)
        : flattenItems(serviceTree);
    const ready = services.data !== undefined && regions.data !== undefined;
    const known: KnownValues | null = ready
      ? {
          districtCodes: new Set(districts.map((district) => district.code)),
          serviceIds: new Set(serviceItems.flatMap((item) => item.serviceIds)),
          specialtySlugs: new Set(
            serviceItems.flatMap((item) =>
              item.specialtySlug === null ? [] : [item.specialtySlug],
            ),
          ),
        }
      : null;
    return {
      ready,
      error: services.error ?? regions.error,
      refetch: () => {
        void services.refetch();
        void regions.refetch();
      },
      districtGroups,
      districts,
      categories,
      serviceTree,
      serviceItems,
      known,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t is only used through i18n
  }, [services.data, services.error, regions.data, regions.error, panel, i18n, t]);
}
