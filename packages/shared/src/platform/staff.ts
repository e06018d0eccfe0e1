// The back office's staff (issue 39, decision 295): accounts apart from customers, with roles,
// and the audit log of what they did.
import { z } from 'zod';

/** The staff roles, and what each may do (decision 295). */
export const STAFF_ROLES = ['admin', 'claims', 'network', 'service', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES);

const RolesSchema = z
  .array(StaffRoleSchema)
  .min(1, 'needs at least one role')
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'names a role twice');

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

export const StaffSessionSchema = z.object({
  staff: StaffSchema,
  expires_at: z.iso.datetime({ offset: true }),
});

export const StaffCreateBodySchema = z.strictObject({
  email: EmailSchema,
  name: z.string().trim().min(1, 'is required').max(120),
  roles: RolesSchema,
});

/** A new account's credentials, shown once: a first password and the authenticator's secret. */
export const StaffCreatedSchema = z.object({
  staff: StaffSchema,
  password: z.string(),
  totp: z.object({ secret: z.string(), uri: z.string() }),
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
