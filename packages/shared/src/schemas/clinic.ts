// The clinic side (issue 18): what a clinic counter sends to identify a member's ticket (the
// QR token, or the 16-digit number printed under it), what a verification answers, the visits it
// records, and the policy year's use the member card shows. Written once; the server routes, the
// typed client, the clinic screen and the member pages use it.
import { z } from 'zod';
import { MemberUsageSchema } from './member-usage';
import { OpaqueTokenSchema, TICKET_TYPES } from './outpatient';

export { LastVisitSchema, MemberUsageSchema, type MemberUsage } from './member-usage';

const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The number under a QR code as typed at a counter: 16 digits, grouped any way with spaces or
 * dashes (`1234 5678-9012 3456`); the server drops the separators.
 */
export const TicketNumberInputSchema = z
  .string()
  .max(64)
  .regex(/^[\s-]*(?:\d[\s-]*){16}$/, 'must be 16 digits (spaces and dashes are ignored)');

/** Drops the spaces and dashes of a typed ticket number. */
export function normaliseTicketNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * What every verification can answer:
 * - `valid`: the ticket may be used here now;
 * - `not_yet_effective`: its effective date (body check: the 12-month rule) is still ahead;
 * - `expired`: the token's life, the ticket's policy year or the membership has ended;
 * - `revoked`: an operator revoked the member's tokens;
 * - `already_used`: this step was already recorded for this visit (a second scan);
 * - `wrong_ticket_type`: the ticket is not the one this step takes;
 * - `not_in_network`: this clinic is not on the member's panel (or offers no such service);
 * - `unknown`: no ticket has this token or number;
 * - `no_open_visit`: a payment ticket while the member has no visit opened at this clinic;
 * - `quota_used_up`: the policy year's consultations are all used.
 */
export const VERIFICATION_OUTCOMES = [
  'valid',
  'not_yet_effective',
  'expired',
  'revoked',
  'already_used',
  'wrong_ticket_type',
  'not_in_network',
  'unknown',
  'no_open_visit',
  'quota_used_up',
] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** The three recording steps and the ticket each takes. */
export const CLINIC_STEPS = ['open-visit', 'close-visit', 'body-check'] as const;
export type ClinicStep = (typeof CLINIC_STEPS)[number];
export const STEP_TICKET_TYPE = {
  'open-visit': 'visit',
  'close-visit': 'payment',
  'body-check': 'body-check',
} as const satisfies Record<ClinicStep, (typeof TICKET_TYPES)[number]>;

const ticketFields = {
  /** The opaque token read from the QR code. */
  token: OpaqueTokenSchema.optional(),
  /** Or the number printed under it, as typed. */
  number: TicketNumberInputSchema.optional(),
  /** The clinic (venue) acting; needed when a staff member is bound to several. */
  venue_id: z.number().int().positive().optional(),
};

const oneTicket = {
  check: (body: { token?: string | undefined; number?: string | undefined }) =>
    (body.token === undefined) !== (body.number === undefined),
  message: 'send either token or number (exactly one)',
};

/** POST /clinic/ticket/verify: a ticket by token or number, optionally the step it is for. */
export const ClinicVerifyBodySchema = z
  .object({
    ...ticketFields,
    /** The step the counter is at: a ticket of another type answers `wrong_ticket_type`. */
    step: z.enum(CLINIC_STEPS).optional(),
  })
  .refine(oneTicket.check, { message: oneTicket.message, path: ['token'] });
export type ClinicVerifyBody = z.input<typeof ClinicVerifyBodySchema>;

/** POST /clinic/visit/open and /clinic/body-check: the ticket only. */
export const ClinicTicketBodySchema = z
  .object(ticketFields)
  .refine(oneTicket.check, { message: oneTicket.message, path: ['token'] });
export type ClinicTicketBody = z.input<typeof ClinicTicketBodySchema>;

/** POST /clinic/visit/close: the payment ticket, the service given and the amount charged. */
export const ClinicCloseVisitBodySchema = z
  .object({
    ...ticketFields,
    /** One of this venue's services, as the verification listed them. */
    service_point_id: z.number().int().positive(),
    /** HK$ charged to the member: at most the member price. */
    amount: z.number().min(0).max(1_000_000).multipleOf(0.01),
  })
  .refine(oneTicket.check, { message: oneTicket.message, path: ['token'] });
export type ClinicCloseVisitBody = z.input<typeof ClinicCloseVisitBodySchema>;

/** A venue a clinic caller acts for. */
export const ClinicVenueSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_zh: z.string(),
});
export type ClinicVenue = z.infer<typeof ClinicVenueSchema>;

/** GET /clinic/me: who the clinic caller is and the venues they may act for. */
export const ClinicMeSchema = z.object({
  /** `user`: a signed-in staff member; `key`: a counter's clinic key (decision 106). */
  kind: z.enum(['user', 'key']),
  email: z.string().nullable(),
  venues: z.array(ClinicVenueSchema),
});
export type ClinicMe = z.infer<typeof ClinicMeSchema>;

/** One of a venue's services on the member's panel, with the doctor's prices. */
export const ClinicVenueServiceSchema = z.object({
  service_point_id: z.number().int(),
  service_id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  doctor_name_en: z.string(),
  doctor_name_zh: z.string(),
  /** HK$ the member pays; null when the doctor has no price for it. */
  member_price: z.number().nullable(),
  /** HK$ the doctor's usual (marked) price; null when unknown. */
  usual_price: z.number().nullable(),
});
export type ClinicVenueService = z.infer<typeof ClinicVenueServiceSchema>;

/** What the counter sees of a member on a valid ticket: never the HKID or the phone. */
export const ClinicMemberSchema = z.object({
  /** Names with all but the first letter of each part masked: `C** T** M***`, `陳**`. */
  masked_name_en: z.string(),
  masked_name_zh: z.string(),
  membership_number: z.string(),
  plan_name_en: z.string(),
  plan_name_zh: z.string(),
  usage: MemberUsageSchema,
});
export type ClinicMember = z.infer<typeof ClinicMemberSchema>;

export const VISIT_KINDS = ['consultation', 'body-check'] as const;
/**
 * `open`: before consultation; `closed`: paid; `closed_unpaid`: still open when its Hong Kong
 * day ended (counts against the quota, decision 183); `void`: cancelled by an operator.
 */
export const VISIT_STATUSES = ['open', 'closed', 'closed_unpaid', 'void'] as const;

/** A recorded visit (consultation or body check). */
export const ClinicVisitSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_KINDS),
  status: z.enum(VISIT_STATUSES),
  /** Hong Kong date of the visit. */
  visit_date: CalendarDate,
  venue: ClinicVenueSchema,
  membership_number: z.string(),
  service: z
    .object({
      service_point_id: z.number().int(),
      name_en: z.string(),
      name_zh: z.string(),
    })
    .nullable(),
  /** HK$ charged (closed visits). */
  amount_charged: z.number().nullable(),
  /** The member price at the time of closing. */
  member_price: z.number().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ClinicVisit = z.infer<typeof ClinicVisitSchema>;

/** What a verification answers. */
export const ClinicVerificationSchema = z.object({
  outcome: z.enum(VERIFICATION_OUTCOMES),
  /** The ticket's type, when the ticket was found. */
  ticket_type: z.enum(TICKET_TYPES).nullable(),
  venue_id: z.number().int(),
  /** For `not_yet_effective`: the date it becomes usable. */
  effective_date: CalendarDate.nullable(),
  /** Only for `valid`. */
  member: ClinicMemberSchema.nullable(),
  /** Only for `valid`: this venue's services on the member's panel, with prices. */
  services: z.array(ClinicVenueServiceSchema),
  /** The member's visit this step belongs to (open visit; a recorded step for `already_used`). */
  visit: ClinicVisitSchema.nullable(),
});
export type ClinicVerification = z.infer<typeof ClinicVerificationSchema>;

/** What a recording step answers: the visit, and whether this call recorded it. */
export const ClinicRecordResultSchema = z.object({
  /** False when the step had already been recorded (a double scan or a retry). */
  recorded: z.boolean(),
  visit: ClinicVisitSchema,
  /** The member's use after the step. */
  usage: MemberUsageSchema,
});
export type ClinicRecordResult = z.infer<typeof ClinicRecordResultSchema>;

/** A visit in the owner's visit list of a policy (portal). */
export const PolicyVisitSchema = ClinicVisitSchema.extend({
  holder_name_en: z.string(),
  holder_name_zh: z.string(),
});
export type PolicyVisit = z.infer<typeof PolicyVisitSchema>;
