/**
 * The error vocabulary, one per side of the spec. The API answers with snake_case codes; the
 * identity service answers with the cloud identity service's (Cognito's) exception names, so the
 * spec's sign-in error catalogue maps one to one. The web maps a code to a message and never
 * parses free text.
 */

import { APPLICATION_VALIDATION_CODES } from '../platform/validation-codes';

/** API error codes and the HTTP status each is answered with. */
export const API_ERROR_CODES = {
  validation_error: 400,
  invalid_json: 400,
  bad_request: 400,
  captcha_required: 400,
  captcha_invalid: 400,
  captcha_expired: 400,
  captcha_used: 400,
  unauthenticated: 401,
  invalid_token: 401,
  // The clinic area (decision 106): no clinic key, an unknown one, a revoked one.
  clinic_key_missing: 401,
  clinic_key_invalid: 401,
  clinic_key_revoked: 401,
  forbidden: 403,
  no_access: 403,
  // Hardening (issue 15, decisions 135–139): a state change sent from another site with the
  // browser's cookies; a GraphQL operation over the limits; input the API never accepts.
  cross_site_request: 403,
  query_too_complex: 400,
  invalid_input: 400,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  // An address or headers beyond what the HTTP parser takes (Node's 16 KiB), refused before
  // any route.
  headers_too_large: 431,
  unsupported_media_type: 415,
  limit_exceeded: 429,
  internal_error: 500,
  read_only_mode: 503,
  maintenance: 503,
  service_unavailable: 503,
  voucher_not_found: 404,
  voucher_limit_exceeded: 409,
  // Gone: the voucher existed and will never be usable again.
  voucher_expired: 410,
  voucher_not_effective_yet: 409,
  voucher_not_supported_by_venue: 409,
  // Platform layer (spec platform-layer §8, decision 052). Card errors: the card form's faults
  // are 400; what the card provider refuses is 402, as card providers answer.
  invalid_card_number: 400,
  expired_card: 400,
  invalid_expiry_date: 400,
  invalid_cvc: 400,
  invalid_card_input: 400,
  card_required: 400,
  card_add_failed: 402,
  card_authentication_failed: 402,
  card_unsupported: 402,
  card_setup_failed: 402,
  // Paying an invoice (decision 337): the card was declined when charged; the invoice is not
  // open for payment (paid, void, refunded, free).
  card_declined: 402,
  invoice_not_payable: 409,
  cardholder_name_mismatch: 400,
  // Platform rules: an illegal status move, a payment method still paying a billing, one that
  // cannot be used, a date in the past, an offer gone, an idempotency key reused for another body.
  invalid_state_transition: 409,
  payment_method_in_use: 409,
  payment_method_not_usable: 409,
  effective_date_in_past: 400,
  offer_not_available: 409,
  insufficient_cash_balance: 409,
  redeem_code_used: 409,
  movement_date_out_of_range: 409,
  idempotency_key_reused: 422,
  // Service requests and underwriting (decisions 080–084): another request of the policy is
  // still in progress; the health questions' result refuses the change.
  service_request_in_progress: 409,
  // The back office (issue 39, decision 295): a staff sign-in refused (one answer for a wrong
  // email, password or code, so none is confirmed), and a staff session ended by a role change.
  staff_sign_in_failed: 401,
  staff_session_ended: 401,
  // A member look-up by an HKID alone (decision 297): a membership or policy number is needed.
  hkid_lookup_refused: 400,
  // Single sign-on (decision 328): the provider's answer could not be used (the message says why).
  staff_sso_failed: 401,
  rejected_underwriting_case: 409,
  // The clinic side (issue 18): a recording step with a ticket that cannot be used (its
  // `details.outcome` says why); an amount charged above the member price.
  ticket_not_accepted: 409,
  amount_above_member_price: 400,
  // Claims (issue 40, decisions 290–293): a submission without the documents its type needs;
  // an upload that is empty, of a type the content does not show, or a PDF carrying script.
  claim_documents_missing: 409,
  file_empty: 400,
  file_type_not_accepted: 400,
  file_has_script: 400,
  ...APPLICATION_VALIDATION_CODES,
} as const satisfies Record<string, number>;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/**
 * Identity service error names and their status. Cognito answers almost every client fault with
 * 400 and tells them apart by name; we keep that so a Cognito-shaped client behaves the same here.
 */
export const IDENTITY_ERROR_CODES = {
  NotAuthorizedException: 400,
  UserNotFoundException: 400,
  UsernameExistsException: 400,
  AliasExistsException: 400,
  CodeMismatchException: 400,
  ExpiredCodeException: 400,
  LimitExceededException: 400,
  TooManyRequestsException: 429,
  TooManyFailedAttemptsException: 400,
  InvalidParameterException: 400,
  InvalidPasswordException: 400,
  PasswordHistoryPolicyViolationException: 400,
  CodeDeliveryFailureException: 400,
  UserLambdaValidationException: 400,
  InvalidLambdaResponseException: 400,
  UserNotConfirmedException: 400,
  PasswordResetRequiredException: 400,
  ResourceNotFoundException: 400,
  InternalErrorException: 500,
} as const satisfies Record<string, number>;
export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_CODES;

/** Every code a server (API or identity service) may answer with. */
export type ErrorCode = ApiErrorCode | IdentityErrorCode;

/**
 * Codes the API client raises itself, never sent by a server: no response arrived
 * (`network_error`, status 0) or a response could not be read as promised (`invalid_response`).
 */
export const CLIENT_ERROR_CODES = ['network_error', 'invalid_response'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  ...API_ERROR_CODES,
  ...IDENTITY_ERROR_CODES,
};

/** The HTTP status a server answers an error code with. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** Whether a value (for instance a `code` read from a response body) is one of our server codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(STATUS_BY_CODE, value);
}

/**
 * Keys of the error catalogue: every server and client code, the default message, and
 * `no_delivery_method`, which has no code of its own (the identity service answers it as
 * `InvalidParameterException`) but has its own wording in the spec, and `passwords_mismatch`
 * ("passwords differ", member-app §8), which forms raise before anything is sent.
 */
export type ErrorMessageKey =
  ErrorCode | ClientErrorCode | 'default' | 'no_delivery_method' | 'passwords_mismatch';
