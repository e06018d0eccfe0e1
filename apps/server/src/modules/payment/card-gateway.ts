// The card payment provider behind one interface (decision 287): Stripe through its SDK
// (stripe-card-provider.ts) when PAYMENT_PROVIDER=stripe, else this server's stand-in (decision
// 071), the development default, which makes no third-party call. A setup intent's client secret is generated locally; a card is added by the
// provider's token for it, which this stand-in resolves from the provider's published test
// tokens (`pm_card_visa`, …) to the brand, last four digits and expiry we keep. Any other token
// is refused as the provider would refuse it.
import { randomBytes } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { CardBrand } from '@clinicpass/shared/platform/card';

export interface ResolvedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

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

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
};

/** "Visa •••• 4242". */
export function cardLabel(brand: CardBrand, last4: string): string {
  return `${BRAND_NAMES[brand]} •••• ${last4}`;
}

/** What the payment module asks of a card provider. */
export interface CardProvider {
  readonly name: 'stand-in' | 'stripe';
  /** A setup intent's client secret, for the browser's card form; never stored. */
  createSetupIntent(): Promise<string>;
  /** The card behind the provider's token for it (a payment method id), or its refusal. */
  resolveCard(token: string, year: number): Promise<ResolvedCard>;
}

/** A card number sent where the provider's token belongs is refused unread. */
export function refuseCardNumber(token: string): void {
  if (/^[\d\s-]{12,}$/.test(token)) {
    throw new AppError('invalid_card_input', {
      message: "Invalid body token: send the card provider's token, never a card number",
      details: { issues: [{ path: 'body.token', message: 'is a card number' }] },
    });
  }
}

/** A client secret in the provider's shape (`seti_…_secret_…`), random, never stored. */
function newSetupIntentSecret(): string {
  return `seti_${randomBytes(12).toString('hex')}_secret_${randomBytes(18).toString('base64url')}`;
}

/**
 * The card behind a provider token. Test cards expire in December three years after `year`
 * (the current Hong Kong year). A card number sent as a token is refused unread.
 */
function resolveCardToken(token: string, year: number): ResolvedCard {
  refuseCardNumber(token);
  const refused = (REFUSED as Record<string, (typeof REFUSED)[keyof typeof REFUSED]>)[token];
  if (refused !== undefined) throw new AppError(refused);
  const card = TEST_CARDS[token];
  if (card === undefined) throw new AppError('card_setup_failed');
  return { ...card, expMonth: 12, expYear: year + 3 };
}

/** The stand-in provider: the provider's published test tokens, no network. */
export const standInCardProvider: CardProvider = {
  name: 'stand-in',
  createSetupIntent: () => Promise.resolve(newSetupIntentSecret()),
  resolveCard: (token, year) => Promise.resolve(resolveCardToken(token, year)),
};
