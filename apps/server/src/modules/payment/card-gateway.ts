// The card payment provider behind one interface (decision 287): Stripe through its SDK
// (stripe-card-provider.ts) when PAYMENT_PROVIDER=stripe, else this server's stand-in (decision
// 071), the development default, which makes no third-party call. A setup intent's client secret is generated locally; a card is added by the
// provider's token for it, which this stand-in resolves from the provider's published test
// tokens (`pm_card_visa`, …) to the brand, last four digits and expiry we keep. Any other token
// is refused as the provider would refuse it.
import { createHash, randomBytes } from 'node:crypto';
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
  // Saved without trouble, declined when charged (the provider's test card of that name).
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341' },
};

/** Test cards that are saved but declined when charged, and the card error each stands for. */
const DECLINED_ON_CHARGE: Readonly<Record<string, 'card_declined'>> = {
  pm_card_visa_chargeDeclined: 'card_declined',
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

/** A charge of a saved card (decision 337). */
export interface CardCharge {
  /** The provider's token of the card (`gateway_reference`). */
  token: string;
  /** The provider's customer the card is saved to (null with the stand-in). */
  customer: string | null;
  /** In the currency's main unit (HK$160.36 is 160.36). */
  amount: number;
  currency: string;
  /** The same key charges once however often it is sent. */
  idempotencyKey: string;
  description: string;
}

/** What the payment module asks of a card provider. */
export interface CardProvider {
  readonly name: 'stand-in' | 'stripe';
  /** A new customer at the provider for a user, or null where the provider has none. */
  createCustomer(userId: string): Promise<string | null>;
  /** A setup intent's client secret, for the browser's card form; never stored. */
  createSetupIntent(customer: string | null): Promise<string>;
  /** The card behind the provider's token for it (a payment method id), or its refusal. */
  resolveCard(token: string, year: number): Promise<ResolvedCard>;
  /** Takes a payment from a saved card: the provider's id for it, or its refusal (402). */
  charge(charge: CardCharge): Promise<{ reference: string }>;
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
  createCustomer: () => Promise.resolve(null),
  createSetupIntent: () => Promise.resolve(newSetupIntentSecret()),
  resolveCard: (token, year) => Promise.resolve(resolveCardToken(token, year)),
  charge: (charge) => {
    const refused = DECLINED_ON_CHARGE[charge.token];
    if (refused !== undefined) return Promise.reject(new AppError(refused));
    if (TEST_CARDS[charge.token] === undefined) {
      return Promise.reject(new AppError('payment_method_not_usable'));
    }
    // The provider's id of the payment: the same for the same key, as the provider answers.
    const id = createHash('sha256').update(charge.idempotencyKey).digest('hex').slice(0, 24);
    return Promise.resolve({ reference: `pi_standin_${id}` });
  },
};
