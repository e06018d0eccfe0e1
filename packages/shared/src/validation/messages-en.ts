// The validation catalogue in English (validation/messages.ts): a module of its own, so a page
// loads the catalogue of the language it shows (decision 315).

export const validationMessagesEn = {
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

/** A key of the validation catalogue. */
export type ValidationKey = keyof typeof validationMessagesEn;
