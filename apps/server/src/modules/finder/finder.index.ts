// The finder's read model (decision 010): one row per service point with its filter columns,
// the member price for its own service code and one lowercased bilingual search text, and beside
// it the service point's result card, ready to send. Rebuilt
// whole, in one transaction, whenever network data changes (the seed calls it last; an import
// of network data must call it too). Readers see the old rows until the rebuild commits; the
// rebuild bumps finder_index_version, which tells each API process to reload its in-memory
// copy (finder.snapshot.ts, decisions 110, 174).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

type Executor = Pick<Database, 'execute'>;

const REBUILD = sql`
  INSERT INTO service_point_search (service_point_id, panel, district_code, district_sequence,
    region_id, service_id, specialty_slug, member_price, doctor_sort_name, search_text,
    search_chars)
  SELECT sp.id, sp.panel, v.district_code, d.sequence, d.region_id, sp.service_id, s.slug,
    pi.amount, lower(doc.name_en), t.text,
    ARRAY(SELECT DISTINCT c
          FROM unnest(string_to_array(regexp_replace(t.text, '[\x01-\x7f]+', '', 'g'), NULL)) c)
  FROM service_point sp
  JOIN doctor doc ON doc.id = sp.doctor_id
  JOIN venue v ON v.id = sp.venue_id
  JOIN district d ON d.code = v.district_code
  JOIN healthcare_service hs ON hs.id = sp.service_id
  LEFT JOIN specialty s ON s.id = sp.specialty_id
  LEFT JOIN payment_info pi ON pi.doctor_id = sp.doctor_id AND pi.service_code = hs.code
  CROSS JOIN LATERAL (
    SELECT lower(concat_ws(E'\n', doc.name_en, doc.name_zh, v.name_en, v.name_zh,
      v.address_line_one, v.address_line_two, d.name_en, d.name_zh)) AS text
  ) t`;

const REBUILD_CARDS = sql`
  INSERT INTO service_point_card (service_point_id, card)
  SELECT sp.id, jsonb_build_object(
    'id', sp.id,
    'create_date', to_char(sp.create_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'update_date', to_char(sp.update_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'doctor_id', doc.id, 'doctor_name_en', doc.name_en, 'doctor_name_zh', doc.name_zh,
    'doctor_phones', doc.phones,
    'payment_info', COALESCE((
      SELECT jsonb_agg(jsonb_build_object('service_code', pi.service_code, 'amount', pi.amount,
               'marked_price', pi.marked_price, 'treatment_properties', pi.treatment_properties)
             ORDER BY pi.service_code)
      FROM payment_info pi WHERE pi.doctor_id = doc.id), '[]'::jsonb),
    'venue_id', v.id, 'venue_name_en', v.name_en, 'venue_name_zh', v.name_zh,
    'address_line_one', v.address_line_one, 'address_line_two', v.address_line_two,
    'latitude', v.latitude, 'longitude', v.longitude,
    'district_code', d.code, 'district_name_en', d.name_en, 'district_name_zh', d.name_zh,
    'service_id', hs.id, 'service_slug', hs.slug, 'service_code', hs.code,
    'service_name_en', hs.name_en, 'service_name_zh', hs.name_zh,
    'specialty_id', s.id, 'specialty_slug', s.slug,
    'specialty_description_en', s.description_en, 'specialty_description_zh', s.description_zh,
    'opening_hours', v.opening_hours, 'hours_text', v.hours_text, 'hours_note', v.hours_note,
    'last_verified_at',
    to_char(sp.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM service_point sp
  JOIN doctor doc ON doc.id = sp.doctor_id
  JOIN venue v ON v.id = sp.venue_id
  JOIN district d ON d.code = v.district_code
  JOIN healthcare_service hs ON hs.id = sp.service_id
  LEFT JOIN specialty s ON s.id = sp.specialty_id`;

/** Rebuilds the finder's read model from the network tables; returns the row count. */
export async function rebuildFinderIndex(db: Database): Promise<number> {
  const count = await db.transaction(async (tx: Executor) => {
    await tx.execute(sql`DELETE FROM service_point_search`);
    await tx.execute(sql`DELETE FROM service_point_card`);
    await tx.execute(REBUILD);
    await tx.execute(REBUILD_CARDS);
    // API processes poll this version and reload their in-memory copy (decision 110).
    await tx.execute(sql`
      INSERT INTO finder_index_version (id, version, rebuilt_at) VALUES (1, 1, now())
      ON CONFLICT (id) DO UPDATE
        SET version = finder_index_version.version + 1, rebuilt_at = now()`);
    const result = await tx.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM service_point_search`,
    );
    return result.rows[0]?.count ?? 0;
  });
  // VACUUM sets the visibility map, so counts over indexed filters read the index only.
  await db.execute(sql`VACUUM (ANALYZE) service_point_search, service_point_card`);
  return count;
}
