// The card payment provider, as this server stands in for it (decision 071), and the default
// provider (decision 287): no third-party call is made. A setup intent's client secret is
// generated locally; a card is added by the provider's token for it, which this stand-in
// resolves from the provider's published test tokens (`pm_card_visa`, …) to the brand, last four
// digits and expiry we keep. Any other token is refused as the provider would refuse it. It
// sends no notifications, so its webhook route answers 404.
import { randomBytes } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { CardBrand } from '@clinicpass/shared/platform/card';
import { type CardProvider, type ResolvedCard, refuseCardNumber } from './card-provider';

export { cardLabel } from './card-provider';

/** The provider's test tokens and the cards they stand for. */
const TEST_CARDS: Readonly<Record<string, { brand: CardBrand; last4: string }>> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_unionpay: { brand: 'unionpay', last4: '0005' },
  pm_card_jcb: { brand: 'jcb', last4: '0000' },
};

/** Test tokens the provider refuses, and the card error each stands for. */
const REFUSED = {
  pm_card_chargeDeclined: 'card_add_failed',
  pm_card_authenticationRequired: 'card_authentication_failed',
  pm_card_unsupported: 'card_unsupported',
} as const;

/** A client secret in the provider's shape (`seti_…_secret_…`), random, never stored. */
export function newSetupIntentSecret(): string {
  return `seti_${randomBytes(12).toString('hex')}_secret_${randomBytes(18).toString('base64url')}`;
}

/**
 * The card behind a provider token. Test cards expire in December three years after `year`
 * (the current Hong Kong year). A card number sent as a token is refused unread.
 */
export function resolveCardToken(token: string, year: number): ResolvedCard {
  refuseCardNumber(token);
  const refused = (REFUSED as Record<string, (typeof REFUSED)[keyof typeof REFUSED]>)[token];
  if (refused !== undefined) throw new AppError(refused);
  const card = TEST_CARDS[token];
  if (card === undefined) throw new AppError('card_setup_failed');
  return { ...card, expMonth: 12, expYear: year + 3, reference: token };
}

export const standInCardProvider: CardProvider = {
  name: 'stand-in',
  createSetupIntent: () => Promise.resolve({ clientSecret: newSetupIntentSecret() }),
  resolveCard: (token, _userId, year) => Promise.resolve(resolveCardToken(token, year)),
  verifyNotification: () =>
    Promise.reject(
      new AppError('not_found', {
        message: 'The stand-in card provider sends no notifications: set PAYMENT_PROVIDER=stripe',
      }),
    ),
};
