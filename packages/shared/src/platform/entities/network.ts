// The member app's entities (spec member-app §3): the medical network and the finder's filter
// items. Field names follow the finder contract (finder-contract.md). QR tickets are written once,
// in schemas/outpatient.ts (decision 166).
import { z } from 'zod';
import {
  DistrictSchema,
  HealthcareServiceSchema,
  ServicePointSchema,
  SpecialtySchema,
} from '../../schemas/finder';
import type { District, Specialty } from '../../schemas/finder';
import { MoneySchema } from './common';

// The finder's wire shapes are written once, in schemas/finder.ts: the client reads the same
// schemas the server answers with (decision 050).
export {
  CountryRegionSchema,
  DistrictSchema,
  HealthcareServiceSchema,
  PaymentInfoSchema,
  ServicePointSchema,
  SpecialtySchema,
  TreatmentPropertySchema,
} from '../../schemas/finder';
export type {
  CountryRegion,
  District,
  HealthcareService,
  PaymentInfo,
  ServicePoint,
  Specialty,
  TreatmentProperty,
} from '../../schemas/finder';

/** A service as a service point carries it. */
export const ServiceSchema = ServicePointSchema.shape.service;
export type Service = z.infer<typeof ServiceSchema>;

/** A doctor as a service point carries it, with all the doctor's prices. */
export const DoctorSchema = ServicePointSchema.shape.doctor;
export type Doctor = z.infer<typeof DoctorSchema>;

/** A venue as a service point carries it. */
export const VenueSchema = ServicePointSchema.shape.venue;
export type Venue = z.infer<typeof VenueSchema>;

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
export const ServiceFilterItemSchema = HealthcareServiceSchema.pick({
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

/** The session service's answer, as the session route writes it. */
export { DeviceSessionResponseSchema as SessionSchema } from '../../schemas/identity';
export type { DeviceSessionResponse as Session } from '../../schemas/identity';
