// Stripe's webhook (decision 287): POST /api/payment/stripe/webhook, registered only when
// PAYMENT_PROVIDER=stripe. The signature is checked by the SDK on the raw body, which this plugin
// alone keeps (its own JSON parser, scoped to it by Fastify's encapsulation). What an event
// means here:
//   - payment_method.detached: the card is gone at Stripe, so it is no longer usable here;
//   - payment_method.updated / automatically_updated: its brand, last four and expiry follow.
// Both set a state, so a replayed or repeated event changes nothing more; any other event is
// acknowledged and ignored.
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { paymentMethod } from '../../db/billing-schema';
import { addressRateLimit } from '../../plugins/limits';
import { cardLabel } from './card-gateway';
import { cardOf, stripeClient, type StripeSettings } from './stripe-card-provider';

const MAX_BYTES = 256 * 1024;

/**
 * Deliveries per sending address per minute, counted across processes before the signature is
 * checked: far above what Stripe sends one account (it retries with backoff on a 429), a wall
 * for anyone else posting unsigned bodies for the SDK to hash.
 */
export const STRIPE_WEBHOOK_RATE_LIMIT = { max: 300, timeWindow: 60_000 } as const;

export const stripeWebhookRoutes: FastifyPluginAsync<{ settings: StripeSettings }> = async (
  app,
  { settings },
) => {
  const stripe = stripeClient(settings);
  await app.register(
    rateLimit,
    addressRateLimit(app.db, 'stripe-webhook', STRIPE_WEBHOOK_RATE_LIMIT),
  );
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BYTES }, (_req, body, done) => {
    done(null, body);
  });

  app.post('/stripe/webhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new AppError('invalid_input', {
        message: 'Invalid webhook: a Stripe-Signature header and a body are required',
        details: { issues: [{ path: 'headers.stripe-signature', message: 'is required' }] },
      });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, settings.webhookSecret);
    } catch {
      throw new AppError('invalid_input', {
        message: 'Invalid webhook: the Stripe-Signature does not match the body',
        details: { issues: [{ path: 'headers.stripe-signature', message: 'does not verify' }] },
      });
    }
    const now = new Date();
    const ofCard = (id: string) =>
      and(eq(paymentMethod.gateway, 'stripe-card'), eq(paymentMethod.gatewayReference, id));
    if (event.type === 'payment_method.detached') {
      const changed = await app.db
        .update(paymentMethod)
        .set({ isVerified: false, updateDate: now })
        .where(and(ofCard(event.data.object.id), eq(paymentMethod.isVerified, true)))
        .returning({ id: paymentMethod.id });
      request.log.info({ event: event.id, methods: changed.length }, 'stripe card detached');
      return { received: true, handled: event.type };
    }
    if (
      event.type === 'payment_method.updated' ||
      event.type === 'payment_method.automatically_updated'
    ) {
      let card;
      try {
        card = cardOf(event.data.object);
      } catch {
        return { received: true, handled: null };
      }
      await app.db
        .update(paymentMethod)
        .set({
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          label: cardLabel(card.brand, card.last4),
          updateDate: now,
        })
        .where(ofCard(event.data.object.id));
      return { received: true, handled: event.type };
    }
    return { received: true, handled: null };
  });
};
