// The finder's data: the wire shapes of the finder contract (shared schemas). The member QR
// dialog's tickets are the shared `Ticket` (decision 168).
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
