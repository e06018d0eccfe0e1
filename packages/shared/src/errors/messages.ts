import type { Language } from '../i18n/languages';
import { IDENTITY_ERROR_CODES } from './codes';
import type { ErrorMessageKey, IdentityErrorCode } from './codes';
import { errorMessagesEn } from './messages-en';
import { errorMessagesZhHK } from './messages-zh-hk';

export type { ErrorMessageKey } from './codes';

export { ERRORS_NAMESPACE } from '../i18n/namespaces';

/** The error catalogue per language, ready to load as the i18next namespace `errors`. */
export const errorResources: Record<Language, Record<string, string>> = {
  en: errorMessagesEn,
  'zh-HK': errorMessagesZhHK,
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
    ...pickIdentity(errorMessagesEn),
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
    ...pickIdentity(errorMessagesZhHK),
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
    errorMessagesEn.default;
  const values = options.values ?? {};
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
