/**
 * The card form's stand-in for the card provider's own fields (decision 071): the provider turns
 * the card details into a token in the browser, so the card number never reaches our server.
 * Here the provider's published test cards become its published test tokens; any other card
 * becomes a token the gateway does not know (it answers `card_setup_failed`).
 */
import { normalizeCardNumber } from '@clinicpass/shared/platform/card';

const TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000056655665556': 'pm_card_visa_debit',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '6200000000000005': 'pm_card_unionpay',
  '3566002020360505': 'pm_card_jcb',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_authenticationRequired',
};

/** The token the provider's card field would answer for `cardNumber`. */
export function tokenizeCard(cardNumber: string): string {
  return TEST_CARDS[normalizeCardNumber(cardNumber)] ?? 'tok_unknown_card';
}
