// Service requests (policy modifications) and underwriting (issue 7, decisions 080–084).
// Column names follow the spec's field names; identity document numbers are never stored, only
// a keyed hash and a masked form (DESIGN.md "Personal data").
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser, policy, product } from './schema';

const timestamps = {
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
};

/** One question of a health questionnaire (seeded; the case reads its questionnaire's rows). */
export const underwritingQuestion = pgTable(
  'underwriting_question',
  {
    id: serial('id').primaryKey(),
    questionnaire: text('questionnaire').notNull(),
    /** Stable name the decision rules read (`height_cm`, `conditions`, …); never on the wire. */
    code: text('code').notNull(),
    sequence: integer('sequence').notNull(),
    section: text('section').notNull(),
    subsection: text('subsection'),
    remark: text('remark'),
    messageEn: text('message_en').notNull(),
    messageZh: text('message_zh').notNull(),
    /** CHECKBOX, NON_NULLABLE_CHECKBOX, RADIO, SINGLE_SELECT, SLIDER, NUMBER */
    type: text('type').notNull(),
    /** `{ choices, min, max, step, unit }` as the API answers it. */
    inputConfigs: jsonb('input_configs').notNull(),
    conditionQuestionId: integer('condition_question_id'),
    conditionValues: jsonb('condition_values').$type<(string | boolean)[]>(),
  },
  (t) => [uniqueIndex('underwriting_question_code_idx').on(t.questionnaire, t.code)],
);

/** An underwriting case: one customer's answers to a questionnaire for a product, and the result. */
export const underwritingCase = pgTable(
  'underwriting_case',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    questionnaire: text('questionnaire').notNull(),
    /** draft, submitted, completed (expired is read from expiry_date) */
    status: text('status').notNull(),
    answers: jsonb('answers').$type<{ question: number; value: unknown }[]>().notNull(),
    followUps: jsonb('follow_ups').$type<number[]>().notNull(),
    decisions: jsonb('decisions').$type<Record<string, unknown>[]>().notNull(),
    result: text('result'),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('underwriting_case_user_idx').on(t.userId)],
);

/** A policy service request (policy modification). */
export const serviceRequest = pgTable(
  'service_request',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    /** PRODUCT_UPGRADE, PRODUCT_DOWNGRADE, ADD_IL_BIRTH_CERTIFICATE, IDENTITY_VERIFICATION_CHANGE */
    type: text('type').notNull(),
    /** draft, open, offered, approved, rejected, completed, canceled */
    status: text('status').notNull(),
    proposedEffectiveDate: date('proposed_effective_date', { mode: 'string' }).notNull(),
    /** The policy's product when the request was made, and the option's target (product changes). */
    fromProductId: integer('from_product_id')
      .notNull()
      .references(() => product.id),
    toProductId: integer('to_product_id').references(() => product.id),
    optionType: text('option_type'),
    underwritingCaseId: integer('underwriting_case_id').references(() => underwritingCase.id),
    profileMappingChange: jsonb('profile_mapping_change').$type<Record<string, unknown>>(),
    identityVerificationChange: jsonb('identity_verification_change').$type<
      Record<string, unknown>
    >(),
    /** HMAC of the new identity document number (decision 082); the number is not kept. */
    documentNumberHash: text('document_number_hash'),
    /** Who moved it last (customer or operator) and why, for the audit trail. */
    decisionReason: text('decision_reason'),
    ...timestamps,
  },
  (t) => [
    index('service_request_policy_idx').on(t.policyId, t.status),
    index('service_request_due_idx').on(t.status, t.proposedEffectiveDate),
  ],
);
