import type { Language } from '../i18n/languages';
import { APPLICATION_VALIDATION_MESSAGES } from '../platform/validation-codes';
import { IDENTITY_ERROR_CODES } from './codes';
import type { ClientErrorCode, ErrorCode, IdentityErrorCode } from './codes';

/**
 * Keys of the error catalogue: every server and client code, the default message, and
 * `no_delivery_method`, which has no code of its own (the identity service answers it as
 * `InvalidParameterException`) but has its own wording in the spec, and `passwords_mismatch`
 * ("passwords differ", member-app §8), which forms raise before anything is sent.
 */
export type ErrorMessageKey =
  ErrorCode | ClientErrorCode | 'default' | 'no_delivery_method' | 'passwords_mismatch';

/** The i18next namespace the web loads `errorResources` into. */
export const ERRORS_NAMESPACE = 'errors';

// Wording from the spec's catalogue (member-app §8, first set) where it has one; the rest is ours.
const en = {
  default: 'Something goes wrong, please try again later',
  no_delivery_method:
    'Please select another delivery method or reach out to Customer Service at {{phone}}',
  passwords_mismatch: 'Passwords did not match',

  NotAuthorizedException: 'Incorrect email or password',
  UserNotFoundException: 'User not found',
  UsernameExistsException: 'Username already exists',
  AliasExistsException: 'Username already exists',
  CodeMismatchException: 'Incorrect verification code',
  ExpiredCodeException: 'Verification code expired, please try again',
  LimitExceededException: 'Action limit exceeded, please try again later',
  TooManyRequestsException: 'Action limit exceeded, please try again later',
  TooManyFailedAttemptsException: 'Action limit exceeded, please try again later',
  InvalidParameterException: 'Invalid email or phone number',
  InvalidPasswordException:
    'Password must be at least 8 characters long and must include a lowercase and uppercase and numeric',
  PasswordHistoryPolicyViolationException:
    'Your new password cannot be the same as a password you used before',
  CodeDeliveryFailureException: 'Failed to send verification code, please try again later',
  UserLambdaValidationException: 'Failed to register, please try again later',
  InvalidLambdaResponseException: 'Something goes wrong, please try again later',
  UserNotConfirmedException: 'Your account is not verified yet, please verify your email first',
  PasswordResetRequiredException: 'Please reset your password before signing in',
  ResourceNotFoundException: 'Something goes wrong, please try again later',
  InternalErrorException: 'Something goes wrong, please try again later',

  validation_error: 'Some of the information entered is invalid',
  invalid_json: 'The request could not be read',
  bad_request: 'The request is invalid',
  captcha_required: 'Please complete the verification check',
  captcha_invalid: 'The verification answer is incorrect, please verify again',
  captcha_expired: 'The verification check has expired, please verify again',
  captcha_used: 'This verification check was already used, please verify again',
  unauthenticated: 'Please sign in to continue',
  invalid_token: 'This link or code is invalid or has expired',
  clinic_key_missing: 'A clinic key is required (X-Clinic-Key header)',
  clinic_key_invalid: 'This clinic key is not valid',
  clinic_key_revoked: 'This clinic key has been revoked',
  forbidden: 'You do not have permission to do this',
  no_access: 'You do not have access to this service',
  cross_site_request: 'This request came from another site and was refused',
  query_too_complex: 'The query asks for too much at once',
  invalid_input: 'The request contains characters or nesting that are not accepted',
  not_found: 'The item could not be found',
  route_not_found: 'The requested address does not exist',
  method_not_allowed: 'This action is not allowed',
  conflict: 'The information has changed, please refresh and try again',
  idempotency_conflict: 'This request is already being processed',
  payload_too_large: 'The request is too large',
  headers_too_large: "The request's address or headers are too long",
  unsupported_media_type: 'The content type is not supported',
  limit_exceeded: 'Action limit exceeded, please try again later',
  internal_error: 'Something goes wrong, please try again later',
  read_only_mode: 'The service is in read-only mode, please try again later',
  maintenance: 'The service is under maintenance, please try again later',
  service_unavailable: 'The service is temporarily unavailable, please try again later',
  voucher_not_found: 'Voucher not found',
  voucher_limit_exceeded: 'This voucher has reached its usage limit',
  voucher_expired: 'This voucher has expired',
  voucher_not_effective_yet: 'This voucher is not effective yet',
  voucher_not_supported_by_venue: 'This voucher cannot be used at this clinic',

  // Card errors (platform-layer §8; the five sentences are the spec's wording).
  invalid_card_number: 'The card number is invalid',
  expired_card: 'This card has expired',
  invalid_expiry_date: 'The expiry date is invalid',
  invalid_cvc: 'The security code (CVC) is invalid',
  invalid_card_input: 'The card details are invalid',
  card_required: 'Please enter the card details',
  card_add_failed: 'Failed to add credit card, please try again later',
  card_authentication_failed: 'Two-factor identification failed, please try again',
  card_unsupported: 'Sorry, this card is unsupported at the moment',
  card_setup_failed:
    'Failed to set up credit card, please enter the details again or use another credit card',
  card_declined: 'Your card was declined. Please try another card',
  invoice_not_payable: 'This invoice is not open for payment',
  cardholder_name_mismatch: "Cardholder's name and policy holder's name did not match",
  invalid_state_transition: 'This action is not possible in the current status',
  payment_method_in_use:
    'This payment method pays an active billing, please set another default payment method first',
  payment_method_not_usable: 'This payment method cannot be used, please choose another one',
  effective_date_in_past: 'The effective date cannot be in the past',
  offer_not_available: 'This offer is no longer available',
  insufficient_cash_balance: 'Your cash balance is not enough for this amount',
  redeem_code_used: 'This code has already been used',
  movement_date_out_of_range: 'The effective date is outside the dates allowed for this member',
  idempotency_key_reused: 'This request key was already used for a different request',
  service_request_in_progress: 'Another request to change this policy is in progress',
  rejected_underwriting_case: 'We are unable to accept this change based on the health questions',
  ticket_not_accepted: 'This ticket cannot be used for this step',
  amount_above_member_price: 'The amount is above the member price of this service',
  staff_sign_in_failed: 'Incorrect email, password or authenticator code',
  staff_session_ended: 'Your session has ended, please sign in again',
  hkid_lookup_refused:
    'Look a member up by membership number or policy number; an HKID alone is not enough',
  staff_sso_failed: 'Single sign-on did not complete; please try again',
  claim_documents_missing: 'Please add the documents this claim needs before submitting it',
  file_empty: 'The file is empty',
  file_type_not_accepted: 'Please upload a JPEG, PNG or HEIC photo or a PDF',
  file_has_script: 'This PDF contains script and cannot be accepted',
  ...APPLICATION_VALIDATION_MESSAGES.en,

  network_error: 'Network error, please check your connection and try again',
  invalid_response: 'Something goes wrong, please try again later',
} as const satisfies Record<ErrorMessageKey, string>;

// Hong Kong wording: 電郵, 細楷 / 大楷, 登記.
const zhHK = {
  default: '發生錯誤，請稍後再試',
  no_delivery_method: '請選擇其他傳送方式，或致電客戶服務熱線 {{phone}}',
  passwords_mismatch: '兩次輸入的密碼不相符',

  NotAuthorizedException: '電郵或密碼不正確',
  UserNotFoundException: '找不到用戶',
  UsernameExistsException: '用戶名稱已存在',
  AliasExistsException: '用戶名稱已存在',
  CodeMismatchException: '驗證碼不正確',
  ExpiredCodeException: '驗證碼已過期，請重試',
  LimitExceededException: '操作次數已超出上限，請稍後再試',
  TooManyRequestsException: '操作次數已超出上限，請稍後再試',
  TooManyFailedAttemptsException: '操作次數已超出上限，請稍後再試',
  InvalidParameterException: '電郵或電話號碼無效',
  InvalidPasswordException: '密碼必須最少有 8 個字元，並包括細楷字母、大楷字母及數字',
  PasswordHistoryPolicyViolationException: '新密碼不可與曾經使用的密碼相同',
  CodeDeliveryFailureException: '未能發送驗證碼，請稍後再試',
  UserLambdaValidationException: '登記失敗，請稍後再試',
  InvalidLambdaResponseException: '發生錯誤，請稍後再試',
  UserNotConfirmedException: '你的帳戶尚未驗證，請先驗證你的電郵',
  PasswordResetRequiredException: '請先重設密碼，然後再登入',
  ResourceNotFoundException: '發生錯誤，請稍後再試',
  InternalErrorException: '發生錯誤，請稍後再試',

  validation_error: '部分輸入的資料無效',
  invalid_json: '無法讀取請求內容',
  bad_request: '請求無效',
  captcha_required: '請完成驗證',
  captcha_invalid: '驗證答案不正確，請重新驗證',
  captcha_expired: '驗證已過期，請重新驗證',
  captcha_used: '此驗證已被使用，請重新驗證',
  unauthenticated: '請先登入',
  invalid_token: '此連結或代碼無效或已過期',
  clinic_key_missing: '須提供診所金鑰（X-Clinic-Key 標頭）',
  clinic_key_invalid: '此診所金鑰無效',
  clinic_key_revoked: '此診所金鑰已被撤銷',
  forbidden: '你沒有權限進行此操作',
  no_access: '你未能使用此服務',
  cross_site_request: '此請求來自其他網站，已被拒絕',
  query_too_complex: '查詢一次要求的資料過多',
  invalid_input: '請求包含不接受的字元或嵌套層數',
  not_found: '找不到相關資料',
  route_not_found: '所要求的網址不存在',
  method_not_allowed: '不允許此操作',
  conflict: '資料已更改，請重新整理後再試',
  idempotency_conflict: '此請求正在處理中',
  payload_too_large: '請求內容過大',
  headers_too_large: '請求的網址或標頭過長',
  unsupported_media_type: '不支援此內容類型',
  limit_exceeded: '操作次數已超出上限，請稍後再試',
  internal_error: '發生錯誤，請稍後再試',
  read_only_mode: '服務暫時只供查閱，請稍後再試',
  maintenance: '服務正在維護中，請稍後再試',
  service_unavailable: '服務暫時未能使用，請稍後再試',
  voucher_not_found: '找不到此電子券',
  voucher_limit_exceeded: '此電子券已達使用上限',
  voucher_expired: '此電子券已過期',
  voucher_not_effective_yet: '此電子券尚未生效',
  voucher_not_supported_by_venue: '此電子券不適用於此診所',

  invalid_card_number: '信用卡號碼無效',
  expired_card: '此信用卡已過期',
  invalid_expiry_date: '到期日無效',
  invalid_cvc: '保安編號（CVC）無效',
  invalid_card_input: '信用卡資料無效',
  card_required: '請輸入信用卡資料',
  card_add_failed: '未能新增信用卡，請稍後再試',
  card_authentication_failed: '雙重認證失敗，請重試',
  card_unsupported: '抱歉，暫時不支援此信用卡',
  card_setup_failed: '未能設定信用卡，請重新輸入資料或使用其他信用卡',
  card_declined: '信用卡付款被拒絕，請使用其他信用卡',
  invoice_not_payable: '此發票不可付款',
  cardholder_name_mismatch: '持卡人姓名與保單持有人姓名不符',
  invalid_state_transition: '目前狀態下不可進行此操作',
  payment_method_in_use: '此付款方式正用於有效的繳費安排，請先設定其他預設付款方式',
  payment_method_not_usable: '此付款方式無法使用，請選擇其他付款方式',
  effective_date_in_past: '生效日期不可早於今日',
  offer_not_available: '此優惠已不再提供',
  insufficient_cash_balance: '現金結餘不足以支付此金額',
  redeem_code_used: '此代碼已被使用',
  movement_date_out_of_range: '生效日期不在此成員可選的日期範圍內',
  idempotency_key_reused: '此請求編號已用於另一個請求',
  service_request_in_progress: '此保單已有另一項更改申請正在處理中',
  rejected_underwriting_case: '根據健康問卷，我們未能接受此更改',
  ticket_not_accepted: '此票券不適用於這個步驟',
  amount_above_member_price: '金額高於此服務的會員價',
  staff_sign_in_failed: '電郵、密碼或驗證器代碼不正確',
  staff_session_ended: '你的登入已結束，請重新登入',
  hkid_lookup_refused: '請以會員編號或保單編號查找會員；單憑香港身份證號碼不可查找',
  staff_sso_failed: '單一登入未能完成，請再試一次',
  claim_documents_missing: '提交前請先加入此索償所需的文件',
  file_empty: '檔案是空的',
  file_type_not_accepted: '請上載 JPEG、PNG 或 HEIC 相片或 PDF 檔案',
  file_has_script: '此 PDF 含有程式碼，未能接受',
  ...APPLICATION_VALIDATION_MESSAGES['zh-HK'],

  network_error: '網絡錯誤，請檢查網絡連線後再試',
  invalid_response: '發生錯誤，請稍後再試',
} as const satisfies Record<ErrorMessageKey, string>;

/** The error catalogue per language, ready to load as the i18next namespace `errors`. */
export const errorResources: Record<Language, Record<string, string>> = {
  en,
  'zh-HK': zhHK,
};

/**
 * The second wording of the sign-in and reset errors (spec member-app §8 and platform-layer §8),
 * used by the other login screens. Keys without a second wording keep the first.
 */
export const IDENTITY_MESSAGES_ALT: Record<
  Language,
  Record<IdentityErrorCode | 'default', string>
> = {
  en: {
    ...pickIdentity(en),
    default: 'Something went wrong, please try again later.',
    NotAuthorizedException: 'Invalid email or password.',
    InvalidParameterException: 'Invalid email or password.',
    UserNotFoundException: 'User not found.',
    UsernameExistsException: 'User already exists.',
    AliasExistsException: 'User already exists.',
    CodeMismatchException: 'Incorrect verification code, please try again.',
    ExpiredCodeException: 'The verification code has expired, please try again.',
    LimitExceededException: 'Action limit exceeded, please try again later.',
    TooManyRequestsException: 'Action limit exceeded, please try again later.',
    TooManyFailedAttemptsException: 'Action limit exceeded, please try again later.',
    InvalidPasswordException:
      'Password must contain at least 8 characters, 1 lowercase, 1 uppercase and 1 numerical character.',
    CodeDeliveryFailureException: 'Failed to send verification code, please try again later.',
    UserLambdaValidationException: 'Failed to proceed, please try again later.',
  },
  'zh-HK': {
    ...pickIdentity(zhHK),
    default: '發生錯誤，請稍後再試。',
    NotAuthorizedException: '電郵或密碼無效。',
    InvalidParameterException: '電郵或密碼無效。',
    UserNotFoundException: '找不到用戶。',
    UsernameExistsException: '用戶已存在。',
    AliasExistsException: '用戶已存在。',
    CodeMismatchException: '驗證碼不正確，請重試。',
    ExpiredCodeException: '驗證碼已過期，請重試。',
    LimitExceededException: '操作次數已超出上限，請稍後再試。',
    TooManyRequestsException: '操作次數已超出上限，請稍後再試。',
    TooManyFailedAttemptsException: '操作次數已超出上限，請稍後再試。',
    InvalidPasswordException:
      '密碼必須包含最少 8 個字元，包括 1 個細楷字母、1 個大楷字母及 1 個數字。',
    CodeDeliveryFailureException: '未能發送驗證碼，請稍後再試。',
    UserLambdaValidationException: '未能繼續，請稍後再試。',
  },
};

// The identity part of a catalogue: the base the second wording overrides.
function pickIdentity(
  messages: Record<ErrorMessageKey, string>,
): Record<IdentityErrorCode | 'default', string> {
  const codes = Object.keys(IDENTITY_ERROR_CODES) as IdentityErrorCode[];
  return {
    ...(Object.fromEntries(codes.map((code) => [code, messages[code]])) as Record<
      IdentityErrorCode,
      string
    >),
    default: messages.default,
  };
}

export interface ErrorMessageOptions {
  /** Use the second wording of the sign-in errors. */
  alt?: boolean;
  /** Values for `{{name}}` placeholders, as i18next would fill them. */
  values?: Readonly<Record<string, string | number>>;
}

/**
 * The catalogue message for a code in a language. An unknown code reads as the default message,
 * so a new server code never shows a raw code to a member.
 */
export function errorMessage(
  code: string,
  language: Language,
  options: ErrorMessageOptions = {},
): string {
  const primary = errorResources[language];
  const alt: Record<string, string> | undefined = options.alt
    ? IDENTITY_MESSAGES_ALT[language]
    : undefined;
  const template =
    (alt !== undefined && Object.hasOwn(alt, code) ? alt[code] : undefined) ??
    (Object.hasOwn(primary, code) ? primary[code] : undefined) ??
    alt?.default ??
    primary.default ??
    en.default;
  const values = options.values ?? {};
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
