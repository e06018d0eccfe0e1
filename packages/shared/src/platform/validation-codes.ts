// Application validation codes (spec platform-layer §5), with the status an API answer carries
// and English and Traditional Chinese (Hong Kong) messages. The error vocabulary in errors/codes
// and errors/messages takes them in, so `AppError('missing_product')` and the web's catalogue
// both know them. Status (decision 052): 400 for what is wrong in the request itself, 409 for
// what clashes with the state of something else (an existing policy, an expired coupon).
import type { Language } from '../i18n/languages';
import { applicationValidationMessagesEn } from './validation-messages-en';
import { applicationValidationMessagesZhHK } from './validation-messages-zh-hk';

export const APPLICATION_VALIDATION_CODES = {
  empty_application_case: 400,
  policyholder_is_not_unique: 400,
  duplicated_insured_lives: 400,
  invalid_application_token: 400,
  missing_product: 400,
  inactive_product: 409,
  exact_one_policyholder_required: 400,
  exact_one_insured_life_required: 400,
  missing_underwriting_case: 400,
  underwriting_case_product_mismatch: 400,
  incomplete_underwriting_case: 409,
  postponed_underwriting_case: 409,
  missing_first_name: 400,
  missing_last_name: 400,
  invalid_gender: 400,
  missing_date_of_birth: 400,
  date_of_birth_out_of_range: 400,
  invalid_identity_document_type: 400,
  missing_policyholder: 400,
  invalid_policyholder_occupation: 400,
  missing_residential_address: 400,
  missing_mailing_address: 400,
  missing_insured_life: 400,
  invalid_insured_life_occupation: 400,
  invalid_relationship_to_policyholder: 400,
  invalid_relationship_to_insured_life: 400,
  invalid_allocation_percentage: 400,
  invalid_total_allocation_percentage: 400,
  missing_beneficiary: 400,
  missing_application_payment_method: 400,
  not_payment_method_owner: 400,
  expired_payment_method: 409,
  missing_third_party_payor_profile: 400,
  duplicated_product_coverage: 409,
  quotation_factor_not_aligned: 409,
  missing_sum_assured: 400,
  issue_age_out_of_range: 400,
  sum_assured_out_of_range: 400,
  proposed_effective_date_not_allowed: 409,
  invalid_proposed_effective_date: 400,
  invalid_reward_length: 400,
  invalid_reward_type: 400,
  referred_application_under_review: 409,
  existing_policy: 409,
  existing_policyholder: 409,
  existing_insured_life: 409,
  referee_is_referrer: 400,
  invalid_referral_coupon: 400,
  coupon_expired: 409,
  duplicated_group_members: 400,
  agreement_missing: 400,
  only_applicable_to_new_insured_life: 409,
} as const satisfies Record<string, 400 | 409>;
export type ApplicationValidationCode = keyof typeof APPLICATION_VALIDATION_CODES;

/** Whether a value (a code from a response) is an application validation code. */
export function isApplicationValidationCode(value: unknown): value is ApplicationValidationCode {
  return typeof value === 'string' && Object.hasOwn(APPLICATION_VALIDATION_CODES, value);
}

/** Messages of the application validation codes per language. */
export const APPLICATION_VALIDATION_MESSAGES: Record<
  Language,
  Record<ApplicationValidationCode, string>
> = { en: applicationValidationMessagesEn, 'zh-HK': applicationValidationMessagesZhHK };
