// The demo clinic staff member (issue 18): `clinic@example.com`, bound to one venue of the
// primary panel (OP1000001's) that offers general practice with a member price and body checks,
// so the demo card's consultation, payment and body-check tickets all work at its counter.
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { addClinicUser } from '../../modules/clinic/clinic-user.service';
import { DEMO } from './datasets/demo-scenario';

export const DEMO_CLINIC_USER = {
  email: 'clinic@example.com',
  /** Verified: sign-in sends the SMS code here (the outbox outside production). */
  phone: '+85292345678',
} as const;

/** The lowest-numbered primary-panel venue offering priced general practice and a body check. */
async function demoVenueId(db: Database): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT v.id FROM venue v
    WHERE EXISTS (
      SELECT 1 FROM service_point sp
      JOIN healthcare_service hs ON hs.id = sp.service_id
      JOIN payment_info pi ON pi.doctor_id = sp.doctor_id AND pi.service_code = hs.code
      WHERE sp.venue_id = v.id AND sp.panel = 'outpatient' AND hs.category = 'general-practitioner')
    ORDER BY (SELECT count(*) FROM service_point sp JOIN healthcare_service hs ON hs.id = sp.service_id
              WHERE sp.venue_id = v.id AND sp.panel = 'outpatient' AND hs.category = 'bodycheck') > 0 DESC,
             v.id
    LIMIT 1`);
  return result.rows[0]?.id ?? null;
}

export async function seedClinicDemo(db: Database): Promise<{ venueId: number } | null> {
  const venueId = await demoVenueId(db);
  if (venueId === null) return null;
  await addClinicUser(db, {
    email: DEMO_CLINIC_USER.email,
    phone: DEMO_CLINIC_USER.phone,
    password: DEMO.password,
    venueIds: [venueId],
  });
  return { venueId };
}
