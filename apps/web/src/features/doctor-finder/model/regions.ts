import type { CountryRegion, District } from './types';

const EXCLUDED_REGION_PARTS = ['macau', 'mainland-china'];

export interface DistrictCategory {
  /** The region's code (spec §3: the category id is the region code). */
  id: string;
  name_en: string;
  name_zh: string;
  children: District[];
}

/** The district picker's categories: one per region, Macau and Mainland China left out. */
export function districtCategories(regions: readonly CountryRegion[]): DistrictCategory[] {
  return [...regions]
    .filter(
      (region) => !EXCLUDED_REGION_PARTS.some((part) => region.code.toLowerCase().includes(part)),
    )
    .sort((a, b) => a.sequence - b.sequence)
    .map((region) => ({
      id: region.code,
      name_en: region.name_en,
      name_zh: region.name_zh,
      children: region.districts,
    }));
}

/**
 * The districts to name in the "results shown from" note (spec §4): the chosen ones merged
 * with the districts the results came from, each once, chosen first.
 */
export function mergedDistricts(
  chosen: readonly District[],
  fromResults: readonly District[],
): District[] {
  const out: District[] = [];
  for (const district of [...chosen, ...fromResults]) {
    if (!out.some((seen) => seen.code === district.code)) out.push(district);
  }
  return out;
}
