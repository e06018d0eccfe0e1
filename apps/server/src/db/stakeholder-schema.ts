// Platform tables of issue 7's last part: stakeholders, reference lists (banks, nationalities,
// occupations, incorporation types, stakeholder roles, environment settings), outpatient
// application cases, one-time root secrets, partners and health-services accounts.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser, policy, product } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const timestamps = {
  createDate: at('create_date').notNull().defaultNow(),
  updateDate: at('update_date').notNull().defaultNow(),
};

// ---------------------------------------------------------------- application case details

/** A person of the case. The identity number is kept only as a keyed hash and a mask. */
export interface CasePerson {
  first_name?: string | null;
  last_name?: string | null;
  chinese_first_name?: string | null;
  chinese_last_name?: string | null;
  gender?: string | null;
  /** YYYY-MM-DD */
  date_of_birth?: string | null;
  identity_document_type?: string | null;
  /** HMAC of the normalised number (lib/hkid-hash), to find the same person twice. */
  identity_document_number_hash?: string | null;
  identity_document_number_masked?: string | null;
}

/** The applicant (policyholder) with the contact details the membership is reached by. */
export interface CaseApplicant extends CasePerson {
  phone_number?: string | null;
  email?: string | null;
}

/** A member to cover (insured life) and how they relate to the applicant. */
export interface CaseMember extends CasePerson {
  relationship_to_policyholder?: string | null;
}

/** What the application case holds (`application_case.details`). */
export interface CaseDetails {
  policyholder?: CaseApplicant | null;
  insured_lives?: CaseMember[] | null;
  /** The declarations the applicant agreed to; each must be true. */
  declarations?: Record<string, boolean> | null;
}

// ---------------------------------------------------------------- stakeholders

/**
 * A person connected to a customer's business (owner, director, shareholder …). The
 * identification number is kept only as a keyed hash (HMAC with the server secret) and a mask.
 */
export const stakeholder = pgTable(
  'stakeholder',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh'),
    roles: text('roles').array().notNull(),
    /** hong-kong-identity-card, hong-kong-birth-certificate or passport. */
    identificationDocument: text('identification_document').notNull(),
    /** HMAC-SHA256 of the normalised number with the server secret, hex. */
    documentNumberHash: text('document_number_hash').notNull(),
    /** e.g. A123***(*) */
    documentNumberMasked: text('document_number_masked').notNull(),
    address: jsonb('address'),
    sharesOverThreshold: boolean('shares_over_threshold').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('stakeholder_user_idx').on(t.userId),
    uniqueIndex('stakeholder_user_document_idx').on(
      t.userId,
      t.identificationDocument,
      t.documentNumberHash,
    ),
  ],
);

// ---------------------------------------------------------------- reference lists

export const bank = pgTable('bank', {
  id: serial('id').primaryKey(),
  /** The three-digit bank code of the Hong Kong clearing system. */
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sequence: integer('sequence').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const nationality = pgTable('nationality', {
  /** ISO 3166-1 alpha-3. */
  code: text('code').primaryKey(),
  descriptionEn: text('description_en').notNull(),
  descriptionZh: text('description_zh').notNull(),
  ordering: integer('ordering').notNull(),
});

export const occupation = pgTable('occupation', {
  id: serial('id').primaryKey(),
  industryEn: text('industry_en').notNull(),
  industryZh: text('industry_zh').notNull(),
  roleEn: text('role_en').notNull(),
  roleZh: text('role_zh').notNull(),
  sequence: integer('sequence').notNull(),
});

/** A coded description in both languages: incorporation types and stakeholder roles. */
const codedDescription = {
  code: text('code').primaryKey(),
  descriptionEn: text('description_en').notNull(),
  descriptionZh: text('description_zh').notNull(),
  sequence: integer('sequence').notNull(),
};
export const incorporationType = pgTable('incorporation_type', codedDescription);
export const stakeholderRole = pgTable('stakeholder_role', codedDescription);

/** Operator settings; `read_only_mode` and `maintenance_mode` switch the service modes. */
export const environmentSetting = pgTable('environment_setting', {
  key: text('key').primaryKey(),
  value: text('value'),
  default: text('default'),
  /** boolean, number, string, json */
  type: text('type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

// ---------------------------------------------------------------- application cases

/** An outpatient application case: a customer's application for an outpatient product. */
export const applicationCase = pgTable(
  'application_case',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    /** One of the spec's application-case statuses; `draft` until submitted. */
    status: text('status').notNull().default('draft'),
    /** What the applicant entered (policyholder, insured lives, declarations); decision 134. */
    details: jsonb('details').$type<CaseDetails>(),
    submitDate: at('submit_date'),
    ...timestamps,
  },
  (t) => [index('application_case_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- root secrets

/** One-time secrets (letter links): only a SHA-256 of the token is stored. */
export const rootSecret = pgTable(
  'root_secret',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** account-setup, application-resume */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => appUser.id),
    payload: jsonb('payload').notNull(),
    expiresAt: at('expires_at').notNull(),
    redeemedAt: at('redeemed_at'),
    createDate: at('create_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('root_secret_token_idx').on(t.tokenHash)],
);

// ---------------------------------------------------------------- partners

/** A business partner of the insurer (an employer or broker that offers the plans). */
export const partner = pgTable('partner', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...timestamps,
});

/** The users who act for a partner (decision 088). */
export const partnerUser = pgTable(
  'partner_user',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partner.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    createDate: at('create_date').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.userId] }),
    uniqueIndex('partner_user_idx').on(t.userId),
  ],
);

/** The health-services provider account of a member's policy, made on first login. */
export const healsAccount = pgTable(
  'heals_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    createDate: at('create_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('heals_account_user_policy_idx').on(t.userId, t.policyId)],
);
