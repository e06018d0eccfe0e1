// Card checks shared by the card form and `POST /payment-method/validate-card`: the number by the
// Luhn check and brand, the expiry against today's Hong Kong month, the CVC by brand. Each fault
// is one of the spec's card error codes (decision 056).
import type { ApiErrorCode } from '../errors/codes';

/** Card brands we accept. */
export const SUPPORTED_CARD_BRANDS = ['visa', 'mastercard', 'amex', 'unionpay', 'jcb'] as const;
export type CardBrand = (typeof SUPPORTED_CARD_BRANDS)[number];

/** The card details a form collects. */
export interface CardDetails {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** The card's error codes, in the order the checks run. */
export type CardErrorCode = Extract<
  ApiErrorCode,
  | 'card_required'
  | 'invalid_card_number'
  | 'card_unsupported'
  | 'invalid_expiry_date'
  | 'expired_card'
  | 'invalid_cvc'
>;

/** The digits of a card number as people type it (spaces and hyphens dropped). */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Whether a string of 12–19 digits passes the Luhn check. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its leading digits, or null when it is none we accept. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  return null;
}

/**
 * The first fault of a card, or null when it may be added. `today` is the Hong Kong date
 * ('YYYY-MM-DD'); a card is valid through the last day of its expiry month.
 */
export function cardError(card: CardDetails, today: string): CardErrorCode | null {
  const digits = normalizeCardNumber(card.card_number);
  if (digits === '' || card.cvc.trim() === '') return 'card_required';
  if (!/^\d+$/.test(digits) || digits.length < 12 || digits.length > 19) {
    return 'invalid_card_number';
  }
  const brand = cardBrand(digits);
  // Some UnionPay cards carry numbers without a Luhn check digit.
  if (brand !== 'unionpay' && !isLuhnValid(digits)) return 'invalid_card_number';
  if (brand === null) return 'card_unsupported';

  const [yearText = '', monthText = ''] = today.split('-');
  const thisYear = Number(yearText);
  const thisMonth = Number(monthText);
  const { exp_month: month, exp_year: year } = card;
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'invalid_expiry_date';
  if (!Number.isInteger(year) || year > thisYear + 20) return 'invalid_expiry_date';
  if (year < thisYear || (year === thisYear && month < thisMonth)) return 'expired_card';

  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) return 'invalid_cvc';
  return null;
}
