// The one Drizzle schema. Domain words follow the spec: country region, district, healthcare
// service, specialty, doctor, venue, service point, payment info, policy, member, announcement.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BilingualText, OpeningHours } from '@clinicpass/shared/schemas/hours';

const timestamps = {
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Where a network row came from (migration 0008): the import's source, e.g. `network` or
 * `ha-gopc`, and the row's id in it, stable across imports. Null for seeded rows.
 */
const importedFrom = {
  source: text('source'),
  externalId: text('external_id'),
};

// ---------------------------------------------------------------- geography

export const countryRegion = pgTable('country_region', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  sequence: integer('sequence').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
});

export const district = pgTable(
  'district',
  {
    code: text('code').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => countryRegion.id),
    sequence: integer('sequence').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
  },
  (t) => [index('district_region_idx').on(t.regionId)],
);

/** Districts worth widening a search to, curated to land borders and cross-harbour links. */
export const districtNearby = pgTable(
  'district_nearby',
  {
    districtCode: text('district_code')
      .notNull()
      .references(() => district.code),
    nearbyCode: text('nearby_code')
      .notNull()
      .references(() => district.code),
  },
  (t) => [primaryKey({ columns: [t.districtCode, t.nearbyCode] })],
);

// ---------------------------------------------------------------- services

export const healthcareService = pgTable('healthcare_service', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** Consultation-fee service code used by payment info (GP, SP, CMC, ACU, BST, PHS, ...). */
  code: text('code').notNull().unique(),
  /** Primary-panel category: general-practitioner, specialist-practitioner, chinese-medicine, dental, bodycheck, others. */
  category: text('category').notNull(),
  sequence: integer('sequence').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionZh: text('description_zh').notNull().default(''),
  ...timestamps,
});

/** Which panel lists a service: provision slug `outpatient-doctors` or `outpatient-panel-doctors`. */
export const serviceProvision = pgTable(
  'service_provision',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => healthcareService.id),
    provisionSlug: text('provision_slug').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.provisionSlug] })],
);

export const specialty = pgTable('specialty', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  descriptionEn: text('description_en').notNull(),
  descriptionZh: text('description_zh').notNull(),
});

export const serviceSpecialty = pgTable(
  'service_specialty',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => healthcareService.id),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialty.id),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.specialtyId] })],
);

// ---------------------------------------------------------------- network

export interface DoctorPhone {
  no: string;
  /** A note written beside the number in the source, e.g. a floor "14/F" (issue 41). */
  label?: string;
}

export const doctor = pgTable(
  'doctor',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    phones: jsonb('phones')
      .$type<DoctorPhone[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...importedFrom,
    ...timestamps,
  },
  (t) => [uniqueIndex('doctor_source_external_id_idx').on(t.source, t.externalId)],
);

export interface TreatmentProperty {
  type: 'include' | 'exclude';
  quantity: number;
  unit_en: string;
  unit_zh: string;
  treatment: { name_en: string; name_zh: string };
}

/** A doctor's price for one service code: member price (`amount`) and the marked price. */
export const paymentInfo = pgTable(
  'payment_info',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctor.id, { onDelete: 'cascade' }),
    serviceCode: text('service_code').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    markedPrice: numeric('marked_price', { precision: 10, scale: 2, mode: 'number' }),
    treatmentProperties: jsonb('treatment_properties')
      .$type<TreatmentProperty[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('payment_info_doctor_code_idx').on(t.doctorId, t.serviceCode)],
);

export const venue = pgTable(
  'venue',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => district.code),
    /** English street address. */
    addressLineOne: text('address_line_one').notNull(),
    /** Chinese street address. */
    addressLineTwo: text('address_line_two').notNull(),
    /** Weekly hours with breaks, holidays and exceptions; null when unknown (issue 19). */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /** Hours shown as a note only, e.g. a government list's registration hours. */
    hoursNote: jsonb('hours_note').$type<BilingualText>(),
    /** Hours text an import could not read: shown as text, `openingHours` stays null. */
    hoursText: jsonb('hours_text').$type<BilingualText>(),
    /** WGS 84 coordinates of the venue, for a map and "near me"; null when unknown (issue 41). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...importedFrom,
    ...timestamps,
  },
  (t) => [
    index('venue_district_idx').on(t.districtCode),
    uniqueIndex('venue_source_external_id_idx').on(t.source, t.externalId),
  ],
);

/** A doctor at a venue offering a service (and a specialty, for specialists), on one panel. */
export const servicePoint = pgTable(
  'service_point',
  {
    id: serial('id').primaryKey(),
    /** `outpatient` (primary panel) or `go` (second panel). */
    panel: text('panel').notNull(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctor.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venue.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => healthcareService.id),
    specialtyId: integer('specialty_id').references(() => specialty.id),
    /** When the details were last verified: set by a network import or an operator (issue 19). */
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    ...importedFrom,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('service_point_source_external_id_idx').on(t.source, t.externalId),
    index('service_point_panel_idx').on(t.panel),
    index('service_point_doctor_idx').on(t.doctorId),
    index('service_point_venue_idx').on(t.venueId),
  ],
);

// ---------------------------------------------------------------- products, people, policies

export const product = pgTable('product', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** outpatient, vhis, term */
  productType: text('product_type').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  /** The panel a policy of this product may use, or null when it has no medical network. */
  medicalNetworkPanel: text('medical_network_panel'),
  /** "Up to one body check per year depending on plan": 0 when the plan has none. */
  bodyChecksPerYear: integer('body_checks_per_year').notNull().default(0),
  /** Consultations the plan includes a policy year; null when it sets no limit (issue 18). */
  visitsPerYear: integer('visits_per_year'),
  ...timestamps,
});

export const appUser = pgTable(
  'app_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased. */
    email: text('email').notNull().unique(),
    /** E.164, e.g. +85291234567. */
    phoneNumber: text('phone_number'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    /** CONFIRMED, or FORCE_CHANGE_PASSWORD for a member created by silent sign-up. */
    status: text('status').notNull(),
    ...timestamps,
  },
  // A verified phone belongs to one account (AliasExistsException), even when two confirm at once.
  (t) => [
    uniqueIndex('app_user_verified_phone_idx')
      .on(t.phoneNumber)
      .where(sql`${t.phoneVerified}`),
  ],
);

export const policy = pgTable(
  'policy',
  {
    id: serial('id').primaryKey(),
    policyNumber: text('policy_number').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    ownerUserId: uuid('owner_user_id').references(() => appUser.id),
    /** Platform policy status, e.g. in-force, lapsed, terminated. */
    status: text('status').notNull(),
    /** Hong Kong calendar date the policy was activated. */
    activationDate: date('activation_date', { mode: 'string' }).notNull(),
    /** E.164 phone of the membership applicant (used by the member-card look-up). */
    applicantPhoneNumber: text('applicant_phone_number').notNull(),
    ...timestamps,
  },
  (t) => [index('policy_owner_idx').on(t.ownerUserId)],
);

/** An insured member (patient) of a policy. The HKID is kept only as a keyed hash and a mask. */
export const member = pgTable(
  'member',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    memberCode: text('member_code').notNull().unique(),
    membershipNumber: text('membership_number').notNull().unique(),
    /** HMAC-SHA256 of the normalised HKID with the server secret, hex. */
    hkidHash: text('hkid_hash').notNull(),
    /** e.g. A123***(*) */
    hkidMasked: text('hkid_masked').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    relationship: text('relationship').notNull(),
    /** Hong Kong date of the latest body check taken, if any. */
    lastBodyCheckDate: date('last_body_check_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('member_hkid_hash_idx').on(t.hkidHash), index('member_policy_idx').on(t.policyId)],
);

// ---------------------------------------------------------------- announcements

export const announcement = pgTable('announcement', {
  id: serial('id').primaryKey(),
  contentEn: text('content_en').notNull(),
  contentZh: text('content_zh').notNull(),
  isDismissable: boolean('is_dismissable').notNull().default(true),
  /** info, warning, error, success */
  messageType: text('message_type').notNull().default('info'),
  /** customer and/or guest */
  tags: text('tags').array().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Shown from (and until) these instants when set (decision 297). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  ...timestamps,
});

// ---------------------------------------------------------------- body-check centres

/** The insurer's body-check centres, shown on the body-check page (decision 133). */
export const bodyCheckCentre = pgTable('body_check_centre', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  addressEn: text('address_en').notNull(),
  addressZh: text('address_zh').notNull(),
  /** Opening hours as the insurer words them. */
  hoursEn: text('hours_en').notNull(),
  hoursZh: text('hours_zh').notNull(),
  sequence: integer('sequence').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});
