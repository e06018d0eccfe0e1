// The member-card contract (member-app §3, §5, §7): the look-up body, QR tickets, the member
// summary and medical cards. Written once; the server route, the API client and the form use it.
// The look-up schema keeps the HKID and phone checks out of this file (the phone rules pull in
// libphonenumber-js/max, which the web loads only on the member-card route).
import { z } from 'zod';
import { MemberUsageSchema } from './member-usage';

/** QR ticket types, in the order the QR codes page shows them. */
export const TICKET_TYPES = ['visit', 'payment', 'body-check'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** The six medical card types (member-app §3). */
export const CARD_TYPES = [
  'wea',
  'medpass',
  'outpatient-card',
  'dental-card',
  'inpatient-card',
  'out-in-patient-card',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Header carrying the member view token; the web keeps it in session storage under this key. */
export const MEMBER_VIEW_TOKEN_HEADER = 'x-member-view-token';
export const MEMBER_VIEW_TOKEN_STORAGE_KEY = 'member-view-token';
/**
 * Set by the page, as `1` and nothing else, while this browser holds a member: a live view token
 * or a card kept on the device. A member page's address is then sent its own shell; without it,
 * the member card form's, where the app sends such a visit anyway (decision 232).
 */
export const MEMBER_ON_DEVICE_COOKIE = 'cp_member';
/** Life of a shared card link. */
export const SHARED_CARD_LINK_DAYS = 7;
/**
 * Life of a QR ticket token, re-issued on every look-up: 7 days, so a card kept on the device
 * yesterday works at today's counter; the counter's check also refuses it once the membership is
 * no longer in force (decision 153).
 */
export const TICKET_TOKEN_HOURS = 7 * 24;
/** Failed member look-ups allowed per client address and per identifier within the window. */
export const MEMBER_LOOKUP_FAILURE_LIMIT = 5;
export const MEMBER_LOOKUP_WINDOW_MINUTES = 15;

const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Opaque tokens are base64url (22+ characters for 16 bytes). */
export const OpaqueTokenSchema = z
  .string()
  .min(22)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

export const TicketSchema = z.object({
  type: z.enum(TICKET_TYPES),
  /** Opaque bearer token carried by the QR code. */
  token: z.string(),
  /** The number printed under the QR code. */
  number: z.string(),
  effective_date: CalendarDate,
  expiry_date: CalendarDate,
  /** Whether the effective date is today or earlier (Hong Kong). */
  enabled: z.boolean(),
  name_en: z.string(),
  name_zh: z.string(),
  service_types: z.array(z.string()),
  policy_number: z.string(),
  membership_number: z.string(),
  holder_name_en: z.string(),
  holder_name_zh: z.string(),
  /** When the token stops being accepted (ISO instant). */
  token_expires_at: z.string(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketsResponseSchema = z.object({ tickets: z.array(TicketSchema) });
export type TicketsResponse = z.infer<typeof TicketsResponseSchema>;

export const CoveredServiceSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
});
export type CoveredService = z.infer<typeof CoveredServiceSchema>;

export const BodyCheckSchema = z.object({
  /** "Up to one per year depending on plan": 0 when the plan has none. */
  checks_per_year: z.number().int(),
  effective_date: CalendarDate.nullable(),
  status: z.enum(['effective', 'not_effective', 'not_covered']),
  last_check_date: CalendarDate.nullable(),
});
export type BodyCheck = z.infer<typeof BodyCheckSchema>;

/** What the member pages show about the member (never the HKID in any form). */
export const MemberSummarySchema = z.object({
  name_en: z.string(),
  name_zh: z.string(),
  membership_number: z.string(),
  member_code: z.string(),
  policy_number: z.string(),
  card_type: z.enum(CARD_TYPES),
  medical_network_panel: z.string().nullable(),
  body_check: BodyCheckSchema,
  covered_services: z.array(CoveredServiceSchema),
  /** The policy year's use (issue 18): visits used and included, body checks left, last visit. */
  usage: MemberUsageSchema.optional(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MemberTicketResponseSchema = z.object({
  tickets: z.array(TicketSchema),
  member: MemberSummarySchema,
  member_view_token: z.string(),
  member_view_token_expires_at: z.string(),
});
export type MemberTicketResponse = z.infer<typeof MemberTicketResponseSchema>;

/** A medical card (member-app §3); `card_image` is null: the web draws the card itself. */
export const MedicalCardSchema = z.object({
  card_number: z.string(),
  holder_name: z.string(),
  holder_name_en: z.string(),
  holder_name_zh: z.string(),
  policy_number: z.string(),
  card_type: z.enum(CARD_TYPES),
  company: z.string(),
  effective_from: CalendarDate,
  effective_to: CalendarDate,
  card_image: z.string().nullable(),
  member_code: z.string(),
});
export type MedicalCard = z.infer<typeof MedicalCardSchema>;

export const MedicalCardsResponseSchema = z.object({ results: z.array(MedicalCardSchema) });

export const SharedCardLinkResponseSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
});

export const SharedCardResponseSchema = z.object({
  card: MedicalCardSchema,
  tickets: z.array(TicketSchema),
});
export type SharedCardResponse = z.infer<typeof SharedCardResponseSchema>;

export const ANNOUNCEMENT_TAGS = ['customer', 'guest'] as const;
export type AnnouncementTag = (typeof ANNOUNCEMENT_TAGS)[number];
export const MESSAGE_TYPES = ['info', 'warning', 'error', 'success'] as const;

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  content_en: z.string(),
  content_zh: z.string(),
  /** The content in the request's language. */
  content: z.string(),
  is_dismissable: z.boolean(),
  message_type: z.enum(MESSAGE_TYPES),
  tags: z.array(z.enum(ANNOUNCEMENT_TAGS)),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementsResponseSchema = z.object({ results: z.array(AnnouncementSchema) });
/**
 * The answer's header naming the tag it is for: the one asked for, or the one the server chose
 * from the request's identity when none was (decision 239).
 */
export const ANNOUNCEMENT_TAG_HEADER = 'X-Announcement-Tag';
