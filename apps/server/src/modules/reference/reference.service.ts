// Reference data of the finder in the caller's language: regions with districts, and the
// services a panel lists with their specialties.
import { type Pagination, paginationFor } from '@clinicpass/shared/api-client/pagination';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type {
  CountryRegion,
  HealthcareService,
  ProvisionSlug,
  ServiceCategory,
} from '@clinicpass/shared/schemas/finder';
import type { ReferenceRepository } from './reference.repository';

/** The name in the caller's language. */
export function localName(language: Language, en: string, zh: string): string {
  return language === 'zh-HK' ? zh : en;
}

/** An unpaged list: every row on one page. */
export function wholeList(count: number): Pagination {
  return paginationFor(1, Math.max(count, 1), count);
}

export function createReferenceService(repository: ReferenceRepository) {
  return {
    async countryRegions(
      language: Language,
    ): Promise<{ results: CountryRegion[]; pagination: Pagination }> {
      const rows = await repository.regions();
      const results = rows.map((row) => ({
        id: row.id,
        sequence: row.sequence,
        code: row.code,
        name: localName(language, row.name_en, row.name_zh),
        name_en: row.name_en,
        name_zh: row.name_zh,
        districts: row.districts.map((d) => ({
          code: d.code,
          name: localName(language, d.name_en, d.name_zh),
          name_en: d.name_en,
          name_zh: d.name_zh,
        })),
      }));
      return { results, pagination: wholeList(results.length) };
    },

    /**
     * The services of a panel, in display order. The list is short (under 30), so
     * `no_pagination` and paging give the same single page; `page`/`page_size` are not offered.
     */
    async healthcareServices(
      provisionSlug: ProvisionSlug,
      language: Language,
    ): Promise<{ results: HealthcareService[]; pagination: Pagination }> {
      const rows = await repository.services(provisionSlug);
      const results = rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        code: row.code,
        category: row.category as ServiceCategory,
        sequence: row.sequence,
        name: localName(language, row.name_en, row.name_zh),
        name_en: row.name_en,
        name_zh: row.name_zh,
        description: localName(language, row.description_en, row.description_zh),
        description_en: row.description_en,
        description_zh: row.description_zh,
        specialties: row.specialties,
        create_date: row.create_date,
        update_date: row.update_date,
      }));
      return { results, pagination: wholeList(results.length) };
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
