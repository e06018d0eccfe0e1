// The finder's data: the wire shapes of the finder contract (shared schemas), plus the ticket
// of the member QR dialog, which belongs to the member-card work.
export type {
  CountryRegion,
  District,
  HealthcareService,
  PaymentInfo,
  ServicePoint,
  ServicePointList,
  Specialty,
  TreatmentProperty,
} from '@clinicpass/shared/schemas/finder';

/** A QR ticket (spec §3): type, token, effective date; outpatient tickets carry more. */
export interface Ticket {
  type: string;
  token: string;
  effective_date: string;
  expiry_date?: string | null;
  name_en?: string | null;
  name_zh?: string | null;
}
