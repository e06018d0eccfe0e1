// The finder's read model (decision 010): one row per service point with its filter columns,
// the member price for its own service code and one lowercased bilingual search text. Rebuilt
// whole, in one transaction, whenever network data changes (the seed calls it last; an import
// of network data must call it too). Readers see the old rows until the rebuild commits.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

type Executor = Pick<Database, 'execute'>;

const REBUILD = sql`
  INSERT INTO service_point_search (service_point_id, panel, district_code, district_sequence,
    region_id, service_id, specialty_slug, member_price, doctor_sort_name, search_text)
  SELECT sp.id, sp.panel, v.district_code, d.sequence, d.region_id, sp.service_id, s.slug,
    pi.amount, lower(doc.name_en),
    lower(concat_ws(E'\n', doc.name_en, doc.name_zh, v.name_en, v.name_zh,
      v.address_line_one, v.address_line_two, d.name_en, d.name_zh))
  FROM service_point sp
  JOIN doctor doc ON doc.id = sp.doctor_id
  JOIN venue v ON v.id = sp.venue_id
  JOIN district d ON d.code = v.district_code
  JOIN healthcare_service hs ON hs.id = sp.service_id
  LEFT JOIN specialty s ON s.id = sp.specialty_id
  LEFT JOIN payment_info pi ON pi.doctor_id = sp.doctor_id AND pi.service_code = hs.code`;

/** Rebuilds the finder's read model from the network tables; returns the row count. */
export async function rebuildFinderIndex(db: Database): Promise<number> {
  const count = await db.transaction(async (tx: Executor) => {
    await tx.execute(sql`DELETE FROM service_point_search`);
    await tx.execute(REBUILD);
    const result = await tx.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM service_point_search`,
    );
    return result.rows[0]?.count ?? 0;
  });
  await db.execute(sql`ANALYZE service_point_search`);
  return count;
}
