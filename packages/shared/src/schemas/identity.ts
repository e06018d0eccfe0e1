/**
 * The identity service's requests and answers, written once for the server routes, the web's
 * API calls and its forms. Field names are snake_case as on the wire. Validation messages are
 * i18n keys of the web's `auth` namespace (`validation.*`); the server answers a failed field as
 * `InvalidParameterException` naming it.
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, OTP_LENGTH } from '../constants';
import { LANGUAGES } from '../i18n/languages';

/** At least 8 characters with a lowercase letter, an uppercase letter and a digit (spec §5). */
export const PASSWORD_MAX_LENGTH = 256;
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password)
  );
}

export const CODE_PATTERN = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** Lowercased and trimmed, then checked (spec §5: "lowercased before sending"). */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'validation.email' }).max(254, { message: 'validation.email' }));

export const CodeSchema = z.string().regex(CODE_PATTERN, { message: 'validation.code' });

/** Any password (policy is the service's to check, so it can answer InvalidPasswordException). */
export const PasswordInputSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const DeliveryMediumSchema = z.enum(['EMAIL', 'SMS']);
export type DeliveryMedium = z.infer<typeof DeliveryMediumSchema>;

export const SignInRequestSchema = z.object({ email: EmailSchema, password: PasswordInputSchema });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const ChallengeRequestSchema = z.object({
  session: z.string().min(16).max(200),
  code: CodeSchema,
});

export const TokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});

export const SmsChallengeSchema = z.object({
  name: z.literal('SMS_MFA'),
  session: z.string(),
  /** Masked phone: country code and last 4 digits. */
  destination: z.string(),
});

/** Signed in (tokens only with `X-Token-Delivery: body`), or a code is needed first. */
export const SignInResponseSchema = z.object({
  signed_in: z.boolean(),
  challenge: SmsChallengeSchema.optional(),
  tokens: TokensSchema.optional(),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const CodeDeliveryDetailsSchema = z.object({
  destination: z.string(),
  delivery_medium: DeliveryMediumSchema,
  attribute_name: z.enum(['email', 'phone_number']),
});
export const CodeDeliveryResponseSchema = z.object({
  code_delivery_details: CodeDeliveryDetailsSchema,
});
export type CodeDeliveryResponse = z.infer<typeof CodeDeliveryResponseSchema>;

export const LanguageSchema = z.enum(LANGUAGES);

export const ForgotPasswordRequestSchema = z.object({
  email: EmailSchema,
  delivery: DeliveryMediumSchema.default('EMAIL'),
  language: LanguageSchema.optional(),
  /**
   * Where the emailed link leads: an absolute URL on the app's origin (or an allowed one). The
   * email is filled in for `{email}` and the flag for `{requested}`, or both are added as
   * query parameters `email` and `requested=true`.
   */
  redirect_url: z.string().max(2000).optional(),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

export const ConfirmForgotPasswordRequestSchema = z.object({
  email: EmailSchema,
  code: CodeSchema,
  new_password: PasswordInputSchema,
});

export const FirstTimeRequestSchema = z.object({
  email: EmailSchema,
  language: LanguageSchema.optional(),
});
export const FirstTimeConfirmRequestSchema = ConfirmForgotPasswordRequestSchema;

export const PhoneVerifyRequestSchema = z.object({
  phone_number: z.string().min(1).max(40),
  language: LanguageSchema.optional(),
});
export const PhoneVerifyConfirmRequestSchema = z.object({ code: CodeSchema });

export const ChangePasswordRequestSchema = z.object({
  current_password: PasswordInputSchema,
  new_password: PasswordInputSchema,
});

export const RefreshRequestSchema = z.object({ refresh_token: z.string().max(200).optional() });

export const MeResponseSchema = z.object({
  signed_in: z.boolean(),
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      /** Masked; null when none. */
      phone_number: z.string().nullable(),
      phone_verified: z.boolean(),
    })
    .nullable(),
  /** Announcement audience: `customer` when signed in, else `guest` (spec §6). */
  tag: z.enum(['customer', 'guest']),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });

/** Session service (`POST /session/`). */
export const DeviceSessionResponseSchema = z.object({
  session_id: z.string(),
  /** `created`: a new id; `resumed`: the id sent was known; `renewed`: it was not, a new one. */
  code: z.enum(['created', 'resumed', 'renewed']),
});
export type DeviceSessionResponse = z.infer<typeof DeviceSessionResponseSchema>;

/** The header asking for tokens in the response body (clients other than browsers). */
export const TOKEN_DELIVERY_HEADER = 'x-token-delivery';
/** The session service's request header carrying a known session id. */
export const SESSION_ID_HEADER = 'session-id';
