// SQL of the finder's reference data: regions with their districts, services with their
// specialties, district look-ups for validation and for widening a search.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type RegionRow = {
  id: number;
  sequence: number;
  code: string;
  name_en: string;
  name_zh: string;
  districts: { code: string; name_en: string; name_zh: string }[];
};

export type ServiceRow = {
  id: number;
  slug: string;
  code: string;
  category: string;
  sequence: number;
  name_en: string;
  name_zh: string;
  description_en: string;
  description_zh: string;
  specialties: { id: number; slug: string; description_en: string; description_zh: string }[];
  create_date: string;
  update_date: string;
};

export function createReferenceRepository(db: Database) {
  return {
    async regions(): Promise<RegionRow[]> {
      const result = await db.execute<RegionRow>(sql`
        SELECT r.id, r.sequence, r.code, r.name_en, r.name_zh,
          COALESCE(
            (SELECT json_agg(json_build_object('code', d.code, 'name_en', d.name_en, 'name_zh', d.name_zh)
                             ORDER BY d.sequence, d.code)
               FROM district d WHERE d.region_id = r.id),
            '[]'::json) AS districts
        FROM country_region r
        ORDER BY r.sequence, r.id`);
      return result.rows;
    },

    async services(provisionSlug: string): Promise<ServiceRow[]> {
      const result = await db.execute<ServiceRow>(sql`
        SELECT s.id, s.slug, s.code, s.category, s.sequence, s.name_en, s.name_zh,
          s.description_en, s.description_zh,
          to_char(s.create_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS create_date,
          to_char(s.update_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS update_date,
          COALESCE(
            (SELECT json_agg(json_build_object('id', sp.id, 'slug', sp.slug,
                               'description_en', sp.description_en, 'description_zh', sp.description_zh)
                             ORDER BY sp.description_en, sp.id)
               FROM service_specialty ss JOIN specialty sp ON sp.id = ss.specialty_id
              WHERE ss.service_id = s.id),
            '[]'::json) AS specialties
        FROM healthcare_service s
        JOIN service_provision p ON p.service_id = s.id AND p.provision_slug = ${provisionSlug}
        ORDER BY s.sequence, s.id`);
      return result.rows;
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
