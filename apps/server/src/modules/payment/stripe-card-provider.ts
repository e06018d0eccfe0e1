// The card provider as Stripe (decision 287), through the official SDK: a setup intent carries
// the customer's user id in its metadata (set here with the secret key, so it can be trusted);
// the browser confirms it with Stripe.js and sends the setup intent's id (`seti_…`) as the
// method's token; the card is read from the setup intent's payment method. Another customer's
// setup intent answers as one that does not exist. Notifications are verified by the SDK
// against the raw body and the endpoint's signing secret.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { CardBrand } from '@clinicpass/shared/platform/card';
import Stripe from 'stripe';
import {
  type CardProvider,
  type ProviderEvent,
  type ProviderNotice,
  type ResolvedCard,
  refuseCardNumber,
} from './card-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A different API server (tests: a local one speaking Stripe's protocol). */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** The metadata key naming the ClinicPass user a setup intent was made for. */
export const USER_METADATA = 'clinicpass_user_id';

const BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  unionpay: 'unionpay',
  jcb: 'jcb',
};

const SETUP_INTENT_ID = /^seti_[A-Za-z0-9]{1,64}$/;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A Stripe failure as this API's answer: a card refusal as the card's error, else 503. */
function fromStripe(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(
      error.code === 'authentication_required' ? 'card_authentication_failed' : 'card_add_failed',
    );
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError
  ) {
    return new AppError('service_unavailable', {
      message: 'The card provider could not be reached, please try again later',
    });
  }
  throw error;
}

function cardOf(method: Stripe.PaymentMethod): Omit<ResolvedCard, 'reference'> {
  const card = method.card;
  if (method.type !== 'card' || !card) throw new AppError('card_unsupported');
  const brand = BRANDS[card.brand];
  if (brand === undefined) throw new AppError('card_unsupported');
  return { brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/** What a verified event means for a payment method (its Stripe id as the reference). */
function noticeOf(event: Stripe.Event): ProviderNotice {
  switch (event.type) {
    case 'setup_intent.succeeded': {
      const reference = idOf(event.data.object.payment_method);
      return reference === null ? { kind: 'recorded' } : { kind: 'method_verified', reference };
    }
    case 'setup_intent.setup_failed':
      return { kind: 'recorded' };
    case 'payment_method.detached':
      return { kind: 'method_unverified', reference: event.data.object.id };
    case 'payment_method.updated':
    case 'payment_method.automatically_updated': {
      const method = event.data.object;
      if (method.type !== 'card' || !method.card || BRANDS[method.card.brand] === undefined) {
        return { kind: 'method_unverified', reference: method.id };
      }
      return { kind: 'method_updated', reference: method.id, card: cardOf(method) };
    }
    default:
      return { kind: 'ignored' };
  }
}

export function stripeCardProvider(settings: StripeSettings): CardProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async createSetupIntent(userId) {
      try {
        const intent = await stripe.setupIntents.create({
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { [USER_METADATA]: userId },
        });
        if (intent.client_secret === null) throw new AppError('card_setup_failed');
        return { clientSecret: intent.client_secret };
      } catch (error) {
        throw fromStripe(error);
      }
    },

    async resolveCard(token, userId) {
      refuseCardNumber(token);
      if (!SETUP_INTENT_ID.test(token)) {
        throw new AppError('invalid_card_input', {
          message: "Invalid body token: send the confirmed setup intent's id (seti_…)",
          details: { issues: [{ path: 'body.token', message: 'is not a setup intent id' }] },
        });
      }
      const notFound = new AppError('not_found', {
        message: `No setup intent ${token}`,
        details: { issues: [{ path: 'body.token', message: 'is not one of your setup intents' }] },
      });
      try {
        let intent: Stripe.SetupIntent;
        try {
          intent = await stripe.setupIntents.retrieve(token);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound;
          throw error;
        }
        if (intent.metadata?.[USER_METADATA] !== userId) throw notFound;
        if (intent.status === 'requires_action') throw new AppError('card_authentication_failed');
        if (intent.status !== 'succeeded') throw new AppError('card_setup_failed');
        const reference = idOf(intent.payment_method);
        if (reference === null) throw new AppError('card_setup_failed');
        const method = await stripe.paymentMethods.retrieve(reference);
        return { ...cardOf(method), reference };
      } catch (error) {
        throw fromStripe(error);
      }
    },

    async verifyNotification(rawBody, signature): Promise<ProviderEvent> {
      if (signature === undefined || signature === '') {
        throw new AppError('webhook_signature_invalid', {
          message: 'The Stripe-Signature header is missing',
        });
      }
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          settings.webhookSecret,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('webhook_signature_invalid', {
            message: 'The Stripe-Signature header does not match the body',
          });
        }
        // A body that is signed but not JSON (the SDK parses after verifying).
        throw new AppError('invalid_input', { message: 'The notification is not a JSON event' });
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') {
        throw new AppError('invalid_input', { message: 'The notification has no id or type' });
      }
      return { id: event.id, type: event.type, notice: noticeOf(event) };
    },
  };
}
