// The back office's staff (issue 39, decision 295): accounts apart from customers, with roles,
// and the audit log of what they did.
import { z } from 'zod';
import { HkMobileSchema } from '../identity/hk-phone';

/** The staff roles, and what each may do (decision 295). */
export const STAFF_ROLES = ['admin', 'claims', 'network', 'service', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES);

const RolesSchema = z
  .array(StaffRoleSchema)
  .min(1, 'needs at least one role')
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'names a role twice');

/**
 * The second factor after the password (decision 304): an authenticator app's code (`totp`) or
 * a code sent by SMS to the account's phone (`sms`). One per account.
 */
export const STAFF_SECOND_FACTORS = ['totp', 'sms'] as const;
export const StaffSecondFactorSchema = z.enum(STAFF_SECOND_FACTORS);
export type StaffSecondFactor = z.infer<typeof StaffSecondFactorSchema>;

const EmailSchema = z
  .email('must be an email address')
  .max(254)
  .transform((email) => email.toLowerCase());

export const StaffSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  disabled: z.boolean(),
  /** Null for a person who signs in only through single sign-on (no password of ours). */
  second_factor: StaffSecondFactorSchema.nullable(),
  create_date: z.iso.datetime({ offset: true }),
});
export type Staff = z.infer<typeof StaffSchema>;

export const StaffListSchema = z.object({ items: z.array(StaffSchema) });

export const StaffSignInBodySchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1, 'is required').max(256),
  /** The authenticator app's six digits (TOTP, RFC 6238). */
  code: z.string().regex(/^\d{6}$/, 'must be the six digits of the authenticator app'),
});

/** `POST /session/sms`: the password, for an account whose second factor is `sms`. */
export const StaffSmsSignInBodySchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1, 'is required').max(256),
});
/** The code went by SMS: send it back with `session` to `POST /session/sms/verify`. */
export const StaffSmsChallengeSchema = z.object({
  session: z.string(),
  /** The phone masked (`+852 ****4567`). */
  destination: z.string(),
  expires_in: z.number().int(),
});
export const StaffSmsVerifyBodySchema = z.strictObject({
  session: z.string().min(1, 'is required').max(200),
  code: z.string().regex(/^\d{6}$/, 'must be the six digits of the SMS'),
});

export const StaffSessionSchema = z.object({
  staff: StaffSchema,
  expires_at: z.iso.datetime({ offset: true }),
});

/** `sms` needs the mobile number the codes go to; `totp` takes none. */
const needsPhone = (
  body: { second_factor?: StaffSecondFactor | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (body.second_factor === 'sms' && body.phone === undefined) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'is required' });
  }
  if (body.second_factor !== 'sms' && body.phone !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'is only for the sms factor' });
  }
};

export const StaffCreateBodySchema = z
  .strictObject({
    email: EmailSchema,
    name: z.string().trim().min(1, 'is required').max(120),
    roles: RolesSchema,
    second_factor: StaffSecondFactorSchema.default('totp'),
    /** For `sms`: a Hong Kong mobile number. */
    phone: HkMobileSchema.optional(),
  })
  .superRefine(needsPhone);

const TotpSetupSchema = z.object({ secret: z.string(), uri: z.string() });

/**
 * A new account's credentials, shown once: a first password and, for the `totp` factor, the
 * authenticator's secret (null for `sms`).
 */
export const StaffCreatedSchema = z.object({
  staff: StaffSchema,
  password: z.string(),
  totp: TotpSetupSchema.nullable(),
});

/** `PUT /staff/:id/second-factor`: a new authenticator, or SMS to a mobile number. */
export const StaffSecondFactorBodySchema = z
  .strictObject({ second_factor: StaffSecondFactorSchema, phone: HkMobileSchema.optional() })
  .superRefine(needsPhone);
/** The account with its new factor; a new authenticator's secret shown once (null for `sms`). */
export const StaffSecondFactorSetSchema = z.object({
  staff: StaffSchema,
  totp: TotpSetupSchema.nullable(),
});

export const StaffUpdateBodySchema = z
  .strictObject({ roles: RolesSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.roles !== undefined || body.disabled !== undefined, {
    message: 'needs roles or disabled',
  });

export const StaffIdParamsSchema = z.object({ id: z.uuid('must be a staff id') });

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** Who: a staff member (web), or an operator's name (`--as`, the CLI). */
  actor_kind: z.enum(['staff', 'operator']),
  actor: z.string(),
  roles: z.array(z.string()),
  action: z.string(),
  target_kind: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.strictObject({
  actor: z.string().max(254).optional(),
  action: z.string().max(80).optional(),
  target_kind: z.string().max(80).optional(),
  target_id: z.string().max(80).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
