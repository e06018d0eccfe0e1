// Payment methods of the signed-in customer (spec platform-layer §7 "Payments"). Every route
// needs a signed-in customer (401 for a guest) and reaches only the caller's own methods:
// another customer's id answers 404 with no data.
import { PaginatedSchema } from '@clinicpass/shared/api-client/pagination';
import { AppError } from '@clinicpass/shared/errors/app-error';
import {
  DefaultPaymentMethodBodySchema,
  EmptyBodySchema,
  PaymentMethodBodySchema,
  PaymentMethodProfileMappingBodySchema,
  ValidateCardBodySchema,
} from '@clinicpass/shared/platform/bodies';
import {
  DefaultPaymentMethodSchema,
  PaymentMethodProfileMappingSchema,
  PaymentMethodSchema,
  SetupIntentSchema,
  ValidateCardResultSchema,
} from '@clinicpass/shared/platform/entities/billing';
import {
  PaymentMethodProfileMappingQuerySchema,
  PaymentMethodQuerySchema,
} from '@clinicpass/shared/platform/queries';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAppError } from '../../plugins/errors';
import { idempotent } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import { IdParamsSchema } from '../platform-common/params';
import { newSetupIntentSecret } from './card-gateway';
import { callerOf, IdempotencyHeadersSchema, nowOf, requireCustomer } from './customer';
import * as service from './payment.service';

const tags = ['payments'];

const SIGN_IN_MESSAGE = 'Sign in to manage your payment methods';

const CARD_FIELDS = ['card_number', 'exp_month', 'exp_year', 'cvc'] as const;

/**
 * A card form's body that does not parse, as the spec's card errors: a missing or blank field is
 * `card_required`, anything else `invalid_card_input`; both 400 and naming the field.
 */
function cardInputError(request: FastifyRequest, error: Error): AppError {
  const parsed = toAppError(error);
  const body = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as Record<string, unknown>;
  const missing = CARD_FIELDS.find((field) => {
    const value = body[field];
    return (
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    );
  });
  if (missing !== undefined) {
    return new AppError('card_required', {
      message: `Invalid body ${missing}: is required`,
      details: { issues: [{ path: `body.${missing}`, message: 'is required' }] },
    });
  }
  return new AppError('invalid_card_input', { message: parsed.message, details: parsed.details });
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => nowOf(app.clock);

  requireCustomer(app, SIGN_IN_MESSAGE);

  app.get(
    '/payment-method',
    {
      schema: {
        tags,
        summary: "The caller's payment methods",
        querystring: PaymentMethodQuerySchema,
        response: { 200: PaginatedSchema(PaymentMethodSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listMethods(
        app.db,
        callerOf(request),
        { status: q.status, gateway: q.gateway_type },
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.post(
    '/payment-method',
    {
      schema: {
        tags,
        summary: 'Adds a payment method from its provider token; honours Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: PaymentMethodBodySchema,
        response: { 200: PaymentMethodSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.createMethod(tx, caller, at, request.body),
      );
    },
  );

  app.get(
    '/payment-method/default',
    {
      schema: {
        tags,
        summary: "The caller's default payment method (404 when none is set)",
        response: { 200: DefaultPaymentMethodSchema },
      },
    },
    async (request) => service.getDefault(app.db, callerOf(request)),
  );

  app.post(
    '/payment-method/default',
    {
      schema: {
        tags,
        summary:
          'Sets the first default payment method (409 when one is set); honours Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: DefaultPaymentMethodBodySchema,
        response: { 200: DefaultPaymentMethodSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.setDefault(tx, caller, at, request.body.payment_method_id, 'first'),
      );
    },
  );

  app.put(
    '/payment-method/default',
    {
      schema: {
        tags,
        summary: 'Sets or replaces the default payment method',
        body: DefaultPaymentMethodBodySchema,
        response: { 200: DefaultPaymentMethodSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return app.db.transaction((tx) =>
        service.setDefault(tx, caller, at, request.body.payment_method_id, 'replace'),
      );
    },
  );

  app.post(
    '/payment-method/validate-card',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Checks card details (Luhn, expiry, CVC); never stores them',
        body: ValidateCardBodySchema,
        response: { 200: ValidateCardResultSchema },
      },
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- a route handler returns a promise
    async (request) => {
      callerOf(request);
      if (request.validationError) throw cardInputError(request, request.validationError);
      return service.validateCard(now(), request.body);
    },
  );

  app.get(
    '/payment-method/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s payment methods',
        params: IdParamsSchema,
        response: { 200: PaymentMethodSchema },
      },
    },
    async (request) => service.getMethod(app.db, callerOf(request), request.params.id),
  );

  app.post(
    '/payment-method/:id/deactivate',
    {
      schema: {
        tags,
        summary:
          'Deactivates a payment method (409 while it pays an active billing); honours Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: EmptyBodySchema,
        response: { 200: PaymentMethodSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.deactivateMethod(tx, caller, at, request.params.id),
      );
    },
  );

  app.post(
    '/payment-gateway/stripe/setup-intent',
    {
      schema: {
        tags,
        summary: "A card setup intent's client secret, generated locally (no provider call)",
        body: EmptyBodySchema,
        response: { 200: SetupIntentSchema },
      },
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- a route handler returns a promise
    async (request) => {
      callerOf(request);
      return { client_secret: newSetupIntentSecret() };
    },
  );

  app.get(
    '/payment-method-profile-mapping',
    {
      schema: {
        tags,
        summary: "Profiles the caller's payment methods pay for",
        querystring: PaymentMethodProfileMappingQuerySchema,
        response: { 200: PaginatedSchema(PaymentMethodProfileMappingSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await service.listMappings(
        app.db,
        callerOf(request),
        { role: q.role, paymentMethodId: q.payment_method_id, profileId: q.profile_id },
        pageWindow(q),
      );
      return pageReply(reply, q, items, total);
    },
  );

  app.post(
    '/payment-method-profile-mapping',
    {
      schema: {
        tags,
        summary: 'Maps a payment method to a profile of one of the caller’s policies',
        headers: IdempotencyHeadersSchema,
        body: PaymentMethodProfileMappingBodySchema,
        response: { 200: PaymentMethodProfileMappingSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = now();
      return idempotent(app.db, request, caller.userId, at.instant, (tx) =>
        service.createMapping(tx, caller, at, request.body),
      );
    },
  );
};
