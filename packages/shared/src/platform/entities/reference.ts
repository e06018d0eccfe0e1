// Reference data, stakeholders and partners (spec platform-layer §3). The announcement is written
// once, in schemas/outpatient.ts, where the route and the web read it (decision 166).
import { z } from 'zod';
import {
  IdentityDocumentTypeSchema,
  NotificationVariantSchema,
  StakeholderRoleCodeSchema,
} from '../enums';
import { IdSchema, TIMESTAMPS } from './common';

/** A postal address in Hong Kong form: up to three lines and a district. */
export const AddressSchema = z.object({
  line_one: z.string(),
  line_two: z.string().nullable(),
  line_three: z.string().nullable(),
  district: z.string().nullable(),
  country: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const StakeholderSchema = z.object({
  id: IdSchema,
  name_en: z.string(),
  name_zh: z.string().nullable(),
  roles: z.array(StakeholderRoleCodeSchema),
  /** Masked on the way out (`A123***(*)`); never the full number. */
  identification_document_number: z.string(),
  identification_document: IdentityDocumentTypeSchema,
  address: AddressSchema.nullable(),
  shares_over_threshold: z.boolean(),
  ...TIMESTAMPS,
});
export type Stakeholder = z.infer<typeof StakeholderSchema>;

export const BankSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  sequence: z.number().int(),
});
export type Bank = z.infer<typeof BankSchema>;

export const NationalitySchema = z.object({
  code: z.string(),
  description: z.string(),
  ordering: z.number().int(),
});
export type Nationality = z.infer<typeof NationalitySchema>;

/** Types of an environment setting's value. */
export const ENVIRONMENT_SETTING_TYPES = ['boolean', 'number', 'string', 'json'] as const;

export const EnvironmentSettingSchema = z.object({
  key: z.string(),
  value: z.string().nullable(),
  default: z.string().nullable(),
  type: z.enum(ENVIRONMENT_SETTING_TYPES),
  is_active: z.boolean(),
});
export type EnvironmentSetting = z.infer<typeof EnvironmentSettingSchema>;

/** A coded description in both languages: a stakeholder role or an incorporation type. */
export const CodedDescriptionSchema = z.object({
  code: z.string(),
  description: z.string(),
  description_en: z.string(),
  description_zh: z.string(),
});
export type CodedDescription = z.infer<typeof CodedDescriptionSchema>;
export const StakeholderRoleSchema = CodedDescriptionSchema;
export type StakeholderRole = CodedDescription;
export const IncorporationTypeSchema = CodedDescriptionSchema;
export type IncorporationType = CodedDescription;

export const OccupationSchema = z.object({
  id: IdSchema,
  industry: z.string(),
  industry_en: z.string(),
  industry_zh: z.string(),
  role: z.string(),
  role_en: z.string(),
  role_zh: z.string(),
});
export type Occupation = z.infer<typeof OccupationSchema>;

/** A notification banner; `timeout` in ms, null to stay until dismissed. */
export const NotificationSchema = z.object({
  id: z.union([IdSchema, z.string()]),
  type: NotificationVariantSchema,
  body: z.string(),
  timeout: z.number().int().positive().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const PartnerSchema = z.object({
  id: IdSchema,
  name: z.string(),
  ...TIMESTAMPS,
});
export type Partner = z.infer<typeof PartnerSchema>;

/** The health-services provider's login answer (`/heals/login`). */
export const HealthServicesLoginSchema = z.object({
  account_id: z.string(),
  usable: z.boolean(),
  access_token: z.string(),
});
export type HealthServicesLogin = z.infer<typeof HealthServicesLoginSchema>;

/** The root area's secret redemption (`/secret/`): what the secret granted. */
export const SecretRedemptionSchema = z.object({
  kind: z.string(),
  redirect_to: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type SecretRedemption = z.infer<typeof SecretRedemptionSchema>;

/** A body-check centre with its opening hours, in the language asked and in both (decision 133). */
export const BodyCheckCentreSchema = z.object({
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  address: z.string(),
  address_en: z.string(),
  address_zh: z.string(),
  hours: z.string(),
  hours_en: z.string(),
  hours_zh: z.string(),
});
export type BodyCheckCentre = z.infer<typeof BodyCheckCentreSchema>;

/** `GET /body-check`: the centres in their order and the booking line (null when not set). */
export const BodyCheckInfoSchema = z.object({
  booking_phone: z.string().nullable(),
  centres: z.array(BodyCheckCentreSchema),
});
export type BodyCheckInfo = z.infer<typeof BodyCheckInfoSchema>;
