// The card provider's notifications (decision 287): POST /api/payment/stripe-webhook. Stripe
// signs the exact bytes it sends, so this plugin (and only it: a plugin's content type parsers
// are its own) keeps a JSON body as the raw Buffer; the provider verifies the signature on it
// and parses the event. No session: the signature is the credential.
import { paymentContract as contract } from '@clinicpass/shared/contracts/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import type { CardProvider } from './card-provider';
import * as service from './payment.service';

/** Stripe's events are a few kilobytes; this leaves room and refuses more. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface PaymentWebhookOptions {
  cards: CardProvider;
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const paymentWebhookRoutes: FastifyPluginAsyncZod<PaymentWebhookOptions> = async (
  app,
  options,
) => {
  const { cards } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  route(app, contract.receiveStripeWebhook, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    const event = await cards.verifyNotification(
      raw,
      Array.isArray(header) ? header.join(',') : header,
    );
    return app.db.transaction((tx) =>
      service.recordNotification(tx, cards.name, event, request.now),
    );
  });
};
