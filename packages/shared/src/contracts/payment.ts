// Route table: payment methods of the signed-in customer (spec platform-layer §7 "Payments").
// Only the caller's own methods (404 otherwise); a card's details are checked, never stored.
import { PaginatedSchema } from '../api-client/pagination';
import {
  DefaultPaymentMethodBodySchema,
  EmptyBodySchema,
  PaymentMethodBodySchema,
  PaymentMethodProfileMappingBodySchema,
  ValidateCardBodySchema,
} from '../platform/bodies';
import {
  DefaultPaymentMethodSchema,
  PaymentMethodProfileMappingSchema,
  PaymentMethodSchema,
  ProviderNotificationResultSchema,
  SetupIntentSchema,
  ValidateCardResultSchema,
} from '../platform/entities/billing';
import { IdParamsSchema } from '../platform/params';
import {
  PaymentMethodProfileMappingQuerySchema,
  PaymentMethodQuerySchema,
} from '../platform/queries';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['payments'] as const;
const area = 'customer';
const auth = 'customer';

const READ_ONE = ['validation_error', 'unauthenticated', 'not_found'] as const;
/** Choosing a default: the method must be one of the caller's, active and verified. */
const DEFAULT = [...READ_ONE, 'payment_method_not_usable'] as const;

export const paymentContract = {
  listPaymentMethods: defineRoute({
    method: 'GET',
    area,
    path: '/payment-method',
    query: PaymentMethodQuerySchema,
    responses: { 200: PaginatedSchema(PaymentMethodSchema) },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "The caller's payment methods",
  }),
  createPaymentMethod: defineRoute({
    method: 'POST',
    area,
    path: '/payment-method',
    headers: IdempotencyHeadersSchema,
    body: PaymentMethodBodySchema,
    responses: { 200: PaymentMethodSchema },
    errors: [
      'validation_error',
      'unauthenticated',
      'idempotency_key_reused',
      'invalid_card_input',
      'card_setup_failed',
      'payment_method_not_usable',
    ],
    auth,
    tags,
    summary: 'Adds a payment method from its provider token; honours Idempotency-Key',
  }),
  getDefaultPaymentMethod: defineRoute({
    method: 'GET',
    area,
    path: '/payment-method/default',
    responses: { 200: DefaultPaymentMethodSchema },
    errors: ['unauthenticated', 'not_found'],
    auth,
    tags,
    summary: "The caller's default payment method (404 when none is set)",
  }),
  setDefaultPaymentMethod: defineRoute({
    method: 'POST',
    area,
    path: '/payment-method/default',
    headers: IdempotencyHeadersSchema,
    body: DefaultPaymentMethodBodySchema,
    responses: { 200: DefaultPaymentMethodSchema },
    errors: [...DEFAULT, 'conflict', 'idempotency_key_reused'],
    auth,
    tags,
    summary: 'Sets the first default payment method (409 when one is set); honours Idempotency-Key',
  }),
  replaceDefaultPaymentMethod: defineRoute({
    method: 'PUT',
    area,
    path: '/payment-method/default',
    body: DefaultPaymentMethodBodySchema,
    responses: { 200: DefaultPaymentMethodSchema },
    errors: DEFAULT,
    auth,
    tags,
    summary: 'Sets or replaces the default payment method',
  }),
  /** A body that does not parse answers the spec's card errors, not `validation_error`. */
  validateCard: defineRoute({
    method: 'POST',
    area,
    path: '/payment-method/validate-card',
    body: ValidateCardBodySchema,
    responses: { 200: ValidateCardResultSchema },
    errors: [
      'unauthenticated',
      'card_required',
      'invalid_card_input',
      'invalid_card_number',
      'expired_card',
      'invalid_expiry_date',
      'invalid_cvc',
    ],
    auth,
    tags,
    summary: 'Checks card details (Luhn, expiry, CVC); never stores them',
  }),
  getPaymentMethod: defineRoute({
    method: 'GET',
    area,
    path: '/payment-method/:id',
    params: IdParamsSchema,
    responses: { 200: PaymentMethodSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'One of the caller’s payment methods',
  }),
  deactivatePaymentMethod: defineRoute({
    method: 'POST',
    area,
    path: '/payment-method/:id/deactivate',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: EmptyBodySchema,
    responses: { 200: PaymentMethodSchema },
    errors: [
      ...READ_ONE,
      'idempotency_key_reused',
      'invalid_state_transition',
      'payment_method_in_use',
    ],
    auth,
    tags,
    summary:
      'Deactivates a payment method (409 while it pays an active billing); honours Idempotency-Key',
  }),
  createSetupIntent: defineRoute({
    method: 'POST',
    area,
    path: '/payment-gateway/stripe/setup-intent',
    body: EmptyBodySchema,
    responses: { 200: SetupIntentSchema },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "A card setup intent's client secret, from the card provider (decision 287)",
  }),
  receiveStripeWebhook: defineRoute({
    method: 'POST',
    area: 'top',
    path: '/api/payment/stripe-webhook',
    responses: { 200: ProviderNotificationResultSchema },
    errors: ['webhook_signature_invalid', 'invalid_input', 'not_found'],
    auth: 'token',
    tags,
    summary: 'Stripe event notifications, verified by their Stripe-Signature header',
    description:
      'Called by Stripe, not by the app: the raw JSON body is verified against the endpoint signing secret (400 webhook_signature_invalid otherwise), each event id is applied once (a replay answers duplicate: true), and an event type the payment methods do not use answers outcome: ignored. 404 unless PAYMENT_PROVIDER=stripe.',
  }),
  listPaymentMethodProfileMappings: defineRoute({
    method: 'GET',
    area,
    path: '/payment-method-profile-mapping',
    query: PaymentMethodProfileMappingQuerySchema,
    responses: { 200: PaginatedSchema(PaymentMethodProfileMappingSchema) },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "Profiles the caller's payment methods pay for",
  }),
  createPaymentMethodProfileMapping: defineRoute({
    method: 'POST',
    area,
    path: '/payment-method-profile-mapping',
    headers: IdempotencyHeadersSchema,
    body: PaymentMethodProfileMappingBodySchema,
    responses: { 200: PaymentMethodProfileMappingSchema },
    errors: [...READ_ONE, 'idempotency_key_reused', 'conflict'],
    auth,
    tags,
    summary: 'Maps a payment method to a profile of one of the caller’s policies',
  }),
} as const;
