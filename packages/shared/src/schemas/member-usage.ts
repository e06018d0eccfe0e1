// The policy year's use of a member's plan (issue 18), as the member card, the QR page, Manage
// Membership and the clinic counter show it. Its own file: both schemas/outpatient.ts and
// schemas/clinic.ts use it.
import { z } from 'zod';

const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The last visit of a member, as the member card shows it. */
export const LastVisitSchema = z.object({
  date: CalendarDate,
  venue_name_en: z.string(),
  venue_name_zh: z.string(),
});

/** The policy year's use of the member's plan (member card, QR page, Manage Membership). */
export const MemberUsageSchema = z.object({
  policy_year_start: CalendarDate,
  policy_year_end: CalendarDate,
  /** Consultations counted this policy year (closed, and open or closed without payment). */
  visits_used: z.number().int(),
  /** Consultations the plan includes a policy year; null when the product sets no limit. */
  visits_included: z.number().int().nullable(),
  /** Body checks still to take this policy year (0 when used or not covered). */
  body_checks_left: z.number().int(),
  last_visit: LastVisitSchema.nullable(),
});
export type MemberUsage = z.infer<typeof MemberUsageSchema>;
