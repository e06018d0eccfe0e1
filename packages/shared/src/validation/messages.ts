// The generic validation messages of both specs' §5 (member-app and platform-layer), plus the
// platform's own field rules, in English and Traditional Chinese (Hong Kong). A field error is a
// key of this catalogue with optional values (spec platform-layer §5: "a message key translated
// in a validation namespace, with optional values"); `{{name}}` marks a value, as in i18next, so
// the web registers the catalogue as its `validation` namespace and the server fills it in with
// `formatValidationMessage`.
import type { Language } from '../i18n/languages';

export const VALIDATION_NAMESPACE = 'validation';

const en = {
  required: 'This item is required',
  invalid: 'This item is invalid',
  length_exact: 'Number of characters must be {{length}}',
  length_min: 'Number of characters must be at least {{length}}',
  length_max: 'Number of characters must be at most {{length}}',
  format: 'Format does not match',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid URL',
  spaces: 'Please remove the leading and/or trailing spaces',
  lowercase: 'Please use lowercase letters only',
  uppercase: 'Please use uppercase letters only',
  number_min: 'The number must be at least {{min}}',
  number_max: 'The number must be at most {{max}}',
  number_less: 'The number must be less than {{max}}',
  number_more: 'The number must be more than {{min}}',
  number_not_equal: 'The number must not be {{value}}',
  number_positive: 'The number must be positive',
  number_negative: 'The number must be negative',
  number_integer: 'Please enter a whole number',
  date_min: 'The date must be on or after {{min}}',
  date_max: 'The date must be on or before {{max}}',
  date_invalid: 'Please enter a valid date',
  date_out_of_range: 'The date must be between {{min}} and {{max}}',
  array_min: 'Please choose at least {{count}}',
  array_max: 'Please choose at most {{count}}',
  english_only: 'Please enter English only',
  chinese_only: 'Please enter Chinese only',
  no_chinese: 'Please do not enter Chinese characters',
  employment_after_effective_date:
    'The date of employment must be on or before the proposed effective date',
  identity_or_member_code: 'Please enter the identity document number or the member code',
  hk_phone: 'Please enter a valid Hong Kong phone number',
  hk_mobile: 'Please enter a valid Hong Kong phone number',
  head_count: 'The number of people must be from 1 to {{max}}',
  'max-in-force-policy-per-insured-life':
    'This person already holds the most in-force policies of this plan allowed ({{max}})',
  'max-parent-policy-year':
    'This option is available only in the first {{max}} policy years of the main policy',
  'min-days-before-policy-anniversary':
    'This change must be made at least {{days}} days before the policy anniversary',
} as const;

export type ValidationKey = keyof typeof en;

const zhHK = {
  required: '此項必須填寫',
  invalid: '此項無效',
  length_exact: '字元數目必須為 {{length}}',
  length_min: '字元數目最少為 {{length}}',
  length_max: '字元數目最多為 {{length}}',
  format: '格式不符',
  email: '請輸入有效的電郵地址',
  url: '請輸入有效的網址',
  spaces: '請刪除開首及／或結尾的空格',
  lowercase: '只可使用小楷字母',
  uppercase: '只可使用大楷字母',
  number_min: '數字最少為 {{min}}',
  number_max: '數字最多為 {{max}}',
  number_less: '數字必須少於 {{max}}',
  number_more: '數字必須大於 {{min}}',
  number_not_equal: '數字不可為 {{value}}',
  number_positive: '數字必須為正數',
  number_negative: '數字必須為負數',
  number_integer: '請輸入整數',
  date_min: '日期不可早於 {{min}}',
  date_max: '日期不可遲於 {{max}}',
  date_invalid: '請輸入有效的日期',
  date_out_of_range: '日期必須介乎 {{min}} 至 {{max}}',
  array_min: '請最少選擇 {{count}} 項',
  array_max: '請最多選擇 {{count}} 項',
  english_only: '只可輸入英文',
  chinese_only: '只可輸入中文',
  no_chinese: '不可輸入中文字',
  employment_after_effective_date: '受僱日期不可遲於建議生效日期',
  identity_or_member_code: '請輸入身份證明文件號碼或會員編號',
  hk_phone: '請輸入有效的香港電話號碼',
  hk_mobile: '請輸入有效的香港電話號碼',
  head_count: '人數必須介乎 1 至 {{max}}',
  'max-in-force-policy-per-insured-life': '此人已持有此計劃容許的最多有效保單數目（{{max}}）',
  'max-parent-policy-year': '此選項只適用於主保單的首 {{max}} 個保單年度',
  'min-days-before-policy-anniversary': '此更改必須於保單周年日最少 {{days}} 日前提出',
} as const satisfies Record<ValidationKey, string>;

export const validationResources: Record<Language, Record<ValidationKey, string>> = {
  en,
  'zh-HK': zhHK,
};

export type ValidationValues = Record<string, string | number>;

/** A field error: a catalogue key and the values its message names. */
export interface ValidationMessage {
  key: ValidationKey;
  values?: ValidationValues;
}

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

/** The message of a key in a language, its `{{name}}` marks filled in from `values`. */
export function formatValidationMessage(
  language: Language,
  key: ValidationKey,
  values: ValidationValues = {},
): string {
  return validationResources[language][key].replace(/\{\{(\w+)\}\}/g, (mark, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : mark,
  );
}
