// The card payment provider behind one interface (decision 287): the stand-in (decision 071, the
// development default, `card-gateway.ts`) or Stripe (`stripe-card-provider.ts`), chosen by
// PAYMENT_PROVIDER. The payment routes and service only ever see this interface.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { CardBrand } from '@clinicpass/shared/platform/card';

export interface ResolvedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's id of the card, kept as the method's `gateway_reference` (not a secret). */
  reference: string;
}

/** What a verified provider notification means for a payment method, by its provider id. */
export type ProviderNotice =
  | { kind: 'method_verified'; reference: string }
  | { kind: 'method_unverified'; reference: string }
  | {
      kind: 'method_updated';
      reference: string;
      card: Omit<ResolvedCard, 'reference'>;
    }
  | { kind: 'recorded' }
  | { kind: 'ignored' };

export interface ProviderEvent {
  id: string;
  type: string;
  notice: ProviderNotice;
}

export interface CardProvider {
  /** `stand-in` or `stripe`: recorded with each notification. */
  readonly name: string;
  /** A setup intent for the customer `userId`: its client secret, never stored. */
  createSetupIntent(userId: string): Promise<{ clientSecret: string }>;
  /**
   * The card behind the token the customer's browser got from the provider, checked to be
   * `userId`'s own (another customer's token is not found). `year`: the current Hong Kong year.
   */
  resolveCard(token: string, userId: string, year: number): Promise<ResolvedCard>;
  /**
   * A notification whose signature verifies against the raw body, and what it means; throws
   * `webhook_signature_invalid` (400) when it does not, `not_found` when this provider sends none.
   */
  verifyNotification(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}

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

/** A card number sent where a provider token belongs is refused unread. */
export function refuseCardNumber(token: string): void {
  if (/^[\d\s-]{12,}$/.test(token)) {
    throw new AppError('invalid_card_input', {
      message: "Invalid body token: send the card provider's token, never a card number",
      details: { issues: [{ path: 'body.token', message: 'is a card number' }] },
    });
  }
}
