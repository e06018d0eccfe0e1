// The member app's entities (spec member-app §3): the medical network, QR tickets and the
// finder's filter items. Field names follow the finder contract (finder-contract.md), whose
// schemas live in schemas/finder.ts on the finder branch; decision 050 says how they meet.
import { z } from 'zod';
import { DateSchema, IdSchema, MoneySchema, TIMESTAMPS, TimestampSchema } from './common';

export const DistrictSchema = z.object({
  code: z.string(),
  /** The name in the request's language. */
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
});
export type District = z.infer<typeof DistrictSchema>;

export const CountryRegionSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  districts: z.array(DistrictSchema),
});
export type CountryRegion = z.infer<typeof CountryRegionSchema>;

export const SpecialtySchema = z.object({
  id: IdSchema,
  slug: z.string(),
  description_en: z.string(),
  description_zh: z.string(),
});
export type Specialty = z.infer<typeof SpecialtySchema>;

/** A service as a service point carries it. */
export const ServiceSchema = z.object({
  id: IdSchema,
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  slug: z.string(),
  specialties: z.array(SpecialtySchema),
});
export type Service = z.infer<typeof ServiceSchema>;

/** A doctor's healthcare service as lists show it. */
export const DoctorHealthcareServiceSchema = z.object({
  id: IdSchema,
  slug: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  description: z.string(),
  description_en: z.string(),
  description_zh: z.string(),
  specialties: z.array(SpecialtySchema),
  ...TIMESTAMPS,
});
export type DoctorHealthcareService = z.infer<typeof DoctorHealthcareServiceSchema>;

export const TreatmentPropertySchema = z.object({
  type: z.enum(['include', 'exclude']),
  quantity: z.number(),
  unit_en: z.string(),
  unit_zh: z.string(),
  treatment: z.object({ name_en: z.string(), name_zh: z.string() }),
});
export type TreatmentProperty = z.infer<typeof TreatmentPropertySchema>;

/** A doctor's price for one service code: `amount` is the member price. */
export const PaymentInfoSchema = z.object({
  service: z.object({ code: z.string() }),
  amount: MoneySchema,
  marked_price: MoneySchema.nullable(),
  treatment_properties: z.array(TreatmentPropertySchema),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;

export const DoctorSchema = z.object({
  name_en: z.string(),
  name_zh: z.string(),
  phones: z.array(z.object({ no: z.string() })),
  payment_info: z.array(PaymentInfoSchema),
});
export type Doctor = z.infer<typeof DoctorSchema>;

export const VenueSchema = z.object({
  name_en: z.string(),
  name_zh: z.string(),
  district: DistrictSchema,
  address: z.object({ line_one: z.string(), line_two: z.string() }),
});
export type Venue = z.infer<typeof VenueSchema>;

/** A service point: a doctor at a venue giving a service. */
export const ServicePointSchema = z.object({
  id: IdSchema,
  doctor: DoctorSchema,
  venue: VenueSchema,
  service: ServiceSchema.omit({ specialties: true }),
  specialty: SpecialtySchema.nullable(),
  is_bookmarked: z.boolean(),
  create_date: TimestampSchema.optional(),
  update_date: TimestampSchema.optional(),
});
export type ServicePoint = z.infer<typeof ServicePointSchema>;

/** The display price model of the primary panel (member-app §3, names as the spec writes them). */
export const DisplayPriceSchema = z.object({
  serviceCode: z.string(),
  /** The member price (`amount`), despite the name. */
  originalPrice: MoneySchema,
  discountPrice: MoneySchema.nullable(),
  /** Marked price minus member price. */
  saving: MoneySchema.nullable(),
  /** Rounded up to a multiple of 5. */
  savingPercentage: z.number().int().nonnegative().nullable(),
  treatments: z.array(z.object({ quantity: z.number(), unit: z.string(), name: z.string() })),
});
export type DisplayPrice = z.infer<typeof DisplayPriceSchema>;

/** Filter items of the finder. */
export const DistrictFilterItemSchema = DistrictSchema;
export type DistrictFilterItem = District;
export const ServiceFilterItemSchema = ServiceSchema.pick({
  id: true,
  name: true,
  name_en: true,
  name_zh: true,
});
export type ServiceFilterItem = z.infer<typeof ServiceFilterItemSchema>;
export const SpecialtyFilterItemSchema = SpecialtySchema;
export type SpecialtyFilterItem = Specialty;
export const PriceFilterSchema = z
  .object({ min: MoneySchema, max: MoneySchema })
  .refine((price) => price.min <= price.max, { message: 'min must not be above max' });
export type PriceFilter = z.infer<typeof PriceFilterSchema>;

/** The finder's search filter object; `price` is kept for the second panel only. */
export const SearchFilterSchema = z.object({
  districts: z.array(DistrictFilterItemSchema),
  services: z.array(ServiceFilterItemSchema),
  specialties: z.array(SpecialtyFilterItemSchema),
  searchText: z.string(),
  price: PriceFilterSchema.optional(),
});
export type SearchFilter = z.infer<typeof SearchFilterSchema>;

/** Ticket types: the three QR codes of the member card. */
export const TICKET_TYPES = ['visit', 'payment', 'body-check'] as const;
export const TicketTypeSchema = z.enum(TICKET_TYPES);
export type TicketType = z.infer<typeof TicketTypeSchema>;

/** A QR ticket; enabled once its effective date is today or earlier. */
export const QrTicketSchema = z.object({
  type: TicketTypeSchema,
  token: z.string(),
  effective_date: DateSchema,
});
export type QrTicket = z.infer<typeof QrTicketSchema>;

/** An outpatient ticket: a QR ticket with its expiry, names, service types and policy. */
export const OutpatientTicketSchema = QrTicketSchema.extend({
  expiry_date: DateSchema.nullable(),
  name_en: z.string(),
  name_zh: z.string(),
  service_types: z.array(z.string()),
  policy_number: z.string(),
});
export type OutpatientTicket = z.infer<typeof OutpatientTicketSchema>;

/** The answer of `/outpatient/member-ticket` and `/outpatient/ticket`. */
export const TicketListSchema = z.object({ tickets: z.array(OutpatientTicketSchema) });
export type TicketList = z.infer<typeof TicketListSchema>;

/** The session service's answer. */
export const SessionSchema = z.object({ session_id: z.string(), code: z.string() });
export type Session = z.infer<typeof SessionSchema>;
