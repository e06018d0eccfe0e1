// The venues a clinic journey's staff account is bound to, read from the seeded network: a
// general practitioner's clinic of the outpatient product's panel with a member price, and a
// body-check centre of the same panel.
import type pg from 'pg';

export interface JourneyVenue {
  id: number;
  nameEn: string;
  nameZh: string;
}

export async function journeyVenues(
  pool: pg.Pool,
): Promise<{ clinic: JourneyVenue; bodyCheck: JourneyVenue }> {
  const panel = await pool.query<{ panel: string }>(
    `select medical_network_panel as panel from product where code = 'OUTPATIENT-GO'`,
  );
  const venueOf = async (category: string, priced: boolean): Promise<JourneyVenue> => {
    const found = await pool.query<{ id: number; name_en: string; name_zh: string }>(
      `select v.id, v.name_en, v.name_zh
         from service_point sp
         join healthcare_service hs on hs.id = sp.service_id
         join venue v on v.id = sp.venue_id
         left join payment_info pi on pi.doctor_id = sp.doctor_id and pi.service_code = hs.code
        where sp.panel = $1 and hs.category = $2 and ($3 = false or pi.amount > 0)
        group by v.id
        order by count(*), v.id
        limit 1`,
      [panel.rows[0]?.panel ?? '', category, priced],
    );
    const row = found.rows[0];
    if (row === undefined) throw new Error(`no ${category} venue on the panel`);
    return { id: row.id, nameEn: row.name_en, nameZh: row.name_zh };
  };
  return {
    clinic: await venueOf('general-practitioner', true),
    bodyCheck: await venueOf('bodycheck', false),
  };
}
