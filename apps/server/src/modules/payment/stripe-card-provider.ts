// Cards through Stripe's official SDK (decision 287): a setup intent for the browser's card form,
// and the card behind the payment method id the form returns (brand, last four digits, expiry;
// never the number). Stripe's refusals become the spec's card errors; Stripe being unreachable
// or misconfigured is a 503 that names no secret. STRIPE_API_BASE points the SDK at a local
// server speaking Stripe's API in tests.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { CardBrand } from '@clinicpass/shared/platform/card';
import Stripe from 'stripe';
import { type CardProvider, refuseCardNumber, type ResolvedCard } from './card-gateway';

/** Stripe's amounts are in the currency's smallest unit (cents for HKD). */
function smallestUnit(amount: number): number {
  return Math.round(amount * 100);
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API origin; a local server in tests. */
  apiBase: string;
}

const BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  unionpay: 'unionpay',
  jcb: 'jcb',
};

/** The SDK client for these settings: host, port and protocol from STRIPE_API_BASE. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port === '' ? (protocol === 'http' ? 80 : 443) : Number(base.port),
    protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
}

/** The card a Stripe payment method stands for; a refusal for anything that is not a card. */
export function cardOf(method: Stripe.PaymentMethod): ResolvedCard {
  const card = method.type === 'card' ? method.card : null;
  const brand = card ? BRANDS[card.brand] : undefined;
  if (!card || brand === undefined) throw new AppError('card_unsupported');
  return { brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/** Stripe's errors as the spec's: what it refuses is 402, Stripe not answering is 503. */
function providerError(error: unknown, refusal: 'card_add_failed' | 'card_declined'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(
      error.code === 'authentication_required' ? 'card_authentication_failed' : refusal,
    );
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError('card_setup_failed');
  }
  return new AppError('service_unavailable', {
    message: 'The card provider is not answering, please try again later',
  });
}

export function stripeCardProvider(settings: StripeSettings): CardProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    async createCustomer(userId) {
      try {
        // Only our id: no name, email or phone goes to the provider.
        const customer = await stripe.customers.create(
          { metadata: { clinicpass_user: userId } },
          { idempotencyKey: `customer-${userId}` },
        );
        return customer.id;
      } catch (error) {
        throw providerError(error, 'card_add_failed');
      }
    },
    async createSetupIntent(customer) {
      try {
        // The card the browser confirms is saved to the customer, so it can be charged later.
        const intent = await stripe.setupIntents.create({
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          ...(customer === null ? {} : { customer }),
        });
        if (intent.client_secret === null) throw new AppError('card_setup_failed');
        return intent.client_secret;
      } catch (error) {
        throw providerError(error, 'card_add_failed');
      }
    },
    async charge(charge) {
      if (!/^pm_[A-Za-z0-9_]{1,200}$/.test(charge.token)) {
        throw new AppError('payment_method_not_usable');
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: smallestUnit(charge.amount),
            currency: charge.currency.toLowerCase(),
            payment_method: charge.token,
            ...(charge.customer === null ? {} : { customer: charge.customer }),
            confirm: true,
            off_session: true,
            description: charge.description,
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status !== 'succeeded') throw new AppError('card_declined');
        return { reference: intent.id };
      } catch (error) {
        throw providerError(error, 'card_declined');
      }
    },
    async resolveCard(token) {
      refuseCardNumber(token);
      // A payment method id is `pm_` and letters, digits, underscores: anything else is not
      // sent to Stripe (nor into its URL).
      if (!/^pm_[A-Za-z0-9_]{1,200}$/.test(token)) throw new AppError('card_setup_failed');
      try {
        return cardOf(await stripe.paymentMethods.retrieve(token));
      } catch (error) {
        throw providerError(error, 'card_add_failed');
      }
    },
  };
}
