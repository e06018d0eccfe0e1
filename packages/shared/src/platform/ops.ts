// The back office's work (issue 39, decision 297): what the service, content, claims, network
// and admin roles send and are answered under `/api/ops`. Staff accounts and the audit log are in
// staff.ts.
import { z } from 'zod';
import { ClaimStatusSchema, ClaimTypeSchema, SERVICE_REQUEST_STATUSES } from './enums';
import { INSURER_CLAIM_ACTIONS } from './claim-transitions';
import { ANNOUNCEMENT_TAGS, MESSAGE_TYPES } from '../schemas/outpatient';

const Id = z.coerce.number().int('must be a whole number').min(1, 'must be above 0');
export const OpsIdParamsSchema = z.object({ id: Id });
const Note = z.string().trim().min(1, 'is required').max(2000);
const Instant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- service

export const SERVICE_REQUEST_MOVES = ['offer', 'approve', 'reject', 'complete'] as const;
export const OpsServiceRequestQuerySchema = z.strictObject({
  /** `pending` (open and offered, the default), or one status. */
  status: z.enum(['pending', ...SERVICE_REQUEST_STATUSES]).default('pending'),
});
export const OpsServiceRequestMoveParamsSchema = z.object({
  id: Id,
  action: z.enum(SERVICE_REQUEST_MOVES),
});
export const OpsNoteBodySchema = z.strictObject({ note: Note });
export const OpsOptionalNoteBodySchema = z.strictObject({ note: Note.optional() });

export const OpsMemberLookupBodySchema = z.strictObject({
  membership_number: z.string().trim().min(1).max(40).optional(),
  policy_number: z.string().trim().min(1).max(40).optional(),
  /** Narrows a look-up by number; never enough alone (answered `hkid_lookup_refused`). */
  hkid: z.string().trim().min(1).max(20).optional(),
});

export const OpsMemberSchema = z.object({
  id: z.number().int(),
  member_code: z.string(),
  membership_number: z.string(),
  policy_number: z.string(),
  policy_status: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  /** Masked as stored (`A123***(*)`); the HKID itself is never answered. */
  hkid_masked: z.string(),
  relationship: z.string(),
});
export const OpsTicketSchema = z.object({
  id: z.number().int(),
  member_code: z.string(),
  type: z.string(),
  effective_date: z.string(),
  expiry_date: z.string(),
  revoked: z.boolean(),
});
export const OpsVisitSchema = z.object({
  id: z.number().int(),
  visit_date: z.string(),
  kind: z.string(),
  status: z.string(),
  membership_number: z.string(),
  venue: z.object({ id: z.number().int(), name_en: z.string(), name_zh: z.string() }),
  amount_charged: z.number().nullable(),
});
export const OpsClaimSummarySchema = z.object({
  id: z.number().int(),
  claim_number: z.string(),
  type: z.string(),
  status: z.string(),
  policy_number: z.string(),
  member_code: z.string().nullable(),
  service_date: z.string(),
  amount_claimed: z.number(),
  amount_approved: z.number().nullable(),
  amount_paid: z.number(),
  assignee_staff_id: z.string().nullable(),
  submit_date: Instant.nullable(),
  create_date: Instant,
});
export const OpsMemberLookupSchema = z.object({
  members: z.array(OpsMemberSchema),
  tickets: z.array(OpsTicketSchema),
  visits: z.array(OpsVisitSchema),
  claims: z.array(OpsClaimSummarySchema),
});
export const OpsRevokedSchema = z.object({ revoked: z.number().int() });
export const OpsMemberCodeParamsSchema = z.object({
  code: z.string().trim().min(1).max(40),
});
export const OpsVisitCorrectionBodySchema = z
  .strictObject({
    status: z.enum(['void', 'closed', 'closed_unpaid']).optional(),
    amount: z.number().min(0, 'must be HK$0 or more').max(1_000_000).optional(),
    note: Note,
  })
  .refine((body) => body.status !== undefined || body.amount !== undefined, {
    message: 'needs status or amount',
    path: ['status'],
  });

// ---------------------------------------------------------------- content

const Text = z.string().trim().min(1, 'is required').max(1000);
export const OpsAnnouncementSchema = z.object({
  id: z.number().int(),
  content_en: z.string(),
  content_zh: z.string(),
  is_dismissable: z.boolean(),
  message_type: z.enum(MESSAGE_TYPES),
  tags: z.array(z.enum(ANNOUNCEMENT_TAGS)),
  /** Published (shown between its start and end), or a draft / withdrawn. */
  published: z.boolean(),
  starts_at: Instant.nullable(),
  ends_at: Instant.nullable(),
  update_date: Instant,
});
export const OpsAnnouncementListSchema = z.object({ items: z.array(OpsAnnouncementSchema) });
const AnnouncementFields = {
  content_en: Text,
  content_zh: Text,
  tags: z
    .array(z.enum(ANNOUNCEMENT_TAGS))
    .min(1, 'needs at least one tag')
    .refine((tags) => new Set(tags).size === tags.length, 'names a tag twice'),
  message_type: z.enum(MESSAGE_TYPES),
  is_dismissable: z.boolean(),
  starts_at: Instant.nullable(),
  ends_at: Instant.nullable(),
};
const endsAfterStart = (body: { starts_at?: string | null; ends_at?: string | null }) =>
  body.starts_at == null || body.ends_at == null || body.starts_at < body.ends_at;
export const OpsAnnouncementCreateBodySchema = z
  .strictObject({
    ...AnnouncementFields,
    message_type: AnnouncementFields.message_type.default('info'),
    is_dismissable: AnnouncementFields.is_dismissable.default(true),
    starts_at: AnnouncementFields.starts_at.default(null),
    ends_at: AnnouncementFields.ends_at.default(null),
  })
  .refine(endsAfterStart, { message: 'must be after starts_at', path: ['ends_at'] });
export const OpsAnnouncementUpdateBodySchema = z
  .strictObject({
    content_en: Text.optional(),
    content_zh: Text.optional(),
    tags: AnnouncementFields.tags.optional(),
    message_type: AnnouncementFields.message_type.optional(),
    is_dismissable: z.boolean().optional(),
    starts_at: AnnouncementFields.starts_at.optional(),
    ends_at: AnnouncementFields.ends_at.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'changes nothing' });

// ---------------------------------------------------------------- claims

export const OpsClaimQuerySchema = z.strictObject({
  status: ClaimStatusSchema.optional(),
  type: ClaimTypeSchema.optional(),
  /** Claims created at least this many days ago. */
  min_age_days: z.coerce.number().int().min(0).max(3650).optional(),
  /** `me`, `none` (unassigned), or a staff id. */
  assignee: z.union([z.enum(['me', 'none']), z.uuid('must be me, none or a staff id')]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const OpsClaimPageSchema = z.object({
  items: z.array(OpsClaimSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const OpsClaimActionParamsSchema = z.object({
  id: Id,
  action: z.enum(INSURER_CLAIM_ACTIONS),
});
export const OpsClaimActionBodySchema = z.strictObject({
  note: z.string().trim().max(2000).optional(),
  amount: z.number().min(0).max(10_000_000).optional(),
  /** `transfer`: the staff member who takes the claim. */
  assignee_staff_id: z.uuid('must be a staff id').optional(),
});
// ---------------------------------------------------------------- network

export const OpsReportQuerySchema = z.strictObject({
  status: z.enum(['open', 'resolved', 'rejected', 'all']).default('open'),
});
export const OpsReportSchema = z.object({
  id: z.number().int(),
  service_point_id: z.number().int(),
  kind: z.string(),
  note: z.string().nullable(),
  status: z.string(),
  created_at: Instant,
  closed_at: Instant.nullable(),
});
export const OpsReportListSchema = z.object({ items: z.array(OpsReportSchema) });
export const OpsReportMoveParamsSchema = z.object({
  id: Id,
  action: z.enum(['resolve', 'reject']),
});
export const OpsClosedSchema = z.object({ ids: z.array(z.number().int()) });
export const OpsStaleQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(3650).optional(),
});
export const OpsStaleListSchema = z.object({
  days: z.number().int(),
  items: z.array(
    z.object({
      venue_id: z.number().int(),
      venue_name_en: z.string(),
      venue_name_zh: z.string(),
      district_code: z.string(),
      service_point_id: z.number().int(),
      doctor_name_en: z.string(),
      last_verified_at: Instant.nullable(),
    }),
  ),
});
export const OpsConfirmBodySchema = z.union([
  z.strictObject({ service_point_ids: z.array(Id).min(1).max(500) }),
  z.strictObject({ venue_id: Id }),
]);
export const OpsClinicUserSchema = z.object({
  email: z.string(),
  venue_id: z.number().int(),
  venue_name_en: z.string(),
});
export const OpsClinicUserListSchema = z.object({ items: z.array(OpsClinicUserSchema) });
export const OpsClinicUserBodySchema = z.strictObject({
  email: z.email('must be an email address').max(254),
  phone: z.string().trim().min(8).max(20).optional(),
  venue_ids: z.array(Id).min(1, 'needs at least one venue').max(50),
});
export const OpsClinicUserAddedSchema = z.object({
  email: z.string(),
  venue_ids: z.array(z.number().int()),
  created: z.boolean(),
  /** A new account's first password, shown once. */
  password: z.string().nullable(),
});
export const OpsClinicUserRemoveBodySchema = z.strictObject({
  email: z.email('must be an email address').max(254),
  venue_ids: z.array(Id).min(1).max(50).optional(),
});
export const OpsClinicKeySchema = z.object({
  id: z.number().int(),
  venue_id: z.number().int(),
  label: z.string(),
  key_prefix: z.string(),
  revoked_at: Instant.nullable(),
});
export const OpsClinicKeyListSchema = z.object({ items: z.array(OpsClinicKeySchema) });
export const OpsClinicKeyBodySchema = z.strictObject({
  venue_id: Id,
  label: z.string().trim().min(1, 'is required').max(120),
});
/** A new clinic key: `key` is shown once, in this answer, and never stored. */
export const OpsClinicKeyIssuedSchema = OpsClinicKeySchema.extend({ key: z.string() });

// ---------------------------------------------------------------- admin

/** The run-time settings the back office changes (the environment_setting table). */
export const OPS_SETTING_KEYS = [
  'read_only_mode',
  'maintenance_mode',
  'customer_service_phone',
  'body_check_booking_phone',
] as const;
export const OpsSettingSchema = z.object({
  key: z.enum(OPS_SETTING_KEYS),
  value: z.string().nullable(),
  default: z.string().nullable(),
  type: z.string(),
});
export const OpsSettingListSchema = z.object({ items: z.array(OpsSettingSchema) });
export const OpsSettingParamsSchema = z.object({ key: z.enum(OPS_SETTING_KEYS) });
export const OpsSettingBodySchema = z.strictObject({
  /** null: back to the default. */
  value: z.string().trim().max(200).nullable(),
});

/** The service modes (decision 086): normal, read-only (writes refused), maintenance (all). */
export const SERVICE_MODES = ['normal', 'read_only', 'maintenance'] as const;
const Reason = z.string().trim().min(1, 'is required').max(500);
/** The service mode as the back office set it, and the mode in force now (decision 302). */
export const OpsServiceModeSchema = z.object({
  mode: z.enum(SERVICE_MODES),
  reason_en: z.string().nullable(),
  reason_zh: z.string().nullable(),
  /** When the mode ends by itself; null: until switched off. */
  ends_at: Instant.nullable(),
  /** `mode` until `ends_at`, then `normal` (SERVICE_MODE of the configuration aside). */
  in_force: z.enum(SERVICE_MODES),
});
/**
 * Sets the mode with its reason in both languages and an optional end (in the future, checked by
 * the server's clock); `normal` takes neither and clears them.
 */
export const OpsServiceModeBodySchema = z
  .strictObject({
    mode: z.enum(SERVICE_MODES),
    reason_en: Reason.optional(),
    reason_zh: Reason.optional(),
    ends_at: Instant.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'normal') {
      for (const key of ['reason_en', 'reason_zh', 'ends_at'] as const) {
        if (body[key] !== undefined && body[key] !== null) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is only for read_only or maintenance',
          });
        }
      }
      return;
    }
    for (const key of ['reason_en', 'reason_zh'] as const) {
      if (body[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required' });
    }
  });

/** A body-check centre as the back office edits it (decision 303). */
export const OpsBodyCheckCentreSchema = z.object({
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  address_en: z.string(),
  address_zh: z.string(),
  hours_en: z.string(),
  hours_zh: z.string(),
  /** The order on the member's page (smallest first). */
  sequence: z.number().int(),
  /** False: withdrawn, not on the member's page. */
  is_active: z.boolean(),
  update_date: Instant,
});
export const OpsBodyCheckCentreListSchema = z.object({ items: z.array(OpsBodyCheckCentreSchema) });
const CentreCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1–40 letters, digits, - or _');
export const OpsBodyCheckCentreParamsSchema = z.object({ code: CentreCode });
const CentreText = z.string().trim().min(1, 'is required').max(300);
const CentreFields = {
  name_en: CentreText,
  name_zh: CentreText,
  address_en: CentreText,
  address_zh: CentreText,
  hours_en: CentreText,
  hours_zh: CentreText,
  sequence: z.number().int('must be a whole number').min(0).max(10_000),
  is_active: z.boolean(),
};
/** A new centre: every text in both languages; without `sequence` it goes last. */
export const OpsBodyCheckCentreCreateBodySchema = z.strictObject({
  code: CentreCode,
  ...CentreFields,
  sequence: CentreFields.sequence.optional(),
  is_active: CentreFields.is_active.default(true),
});
export const OpsBodyCheckCentreUpdateBodySchema = z
  .strictObject({
    name_en: CentreFields.name_en.optional(),
    name_zh: CentreFields.name_zh.optional(),
    address_en: CentreFields.address_en.optional(),
    address_zh: CentreFields.address_zh.optional(),
    hours_en: CentreFields.hours_en.optional(),
    hours_zh: CentreFields.hours_zh.optional(),
    sequence: CentreFields.sequence.optional(),
    is_active: CentreFields.is_active.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'changes nothing' });
