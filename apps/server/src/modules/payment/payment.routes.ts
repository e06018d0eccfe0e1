// Payment methods of the signed-in customer (spec platform-layer §7 "Payments"). Every route
// needs a signed-in customer (401 for a guest) and reaches only the caller's own methods:
// another customer's id answers 404 with no data.
import { paymentContract as contract } from '@clinicpass/shared/contracts/payment';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerCustomer } from './payment-customer';
import {
  type ContractHandler,
  fastifySchema,
  route,
  type RouteHost,
} from '../../lib/contract-route';
import { toAppError } from '../../plugins/errors';
import { idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import type { CardProvider } from './card-gateway';
import { requireCustomer } from './customer';
import * as service from './payment.service';

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

export const paymentRoutes: FastifyPluginAsyncZod<{ cardProvider: CardProvider }> = async (
  app,
  { cardProvider },
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
) => {
  requireCustomer(app, SIGN_IN_MESSAGE);

  route(app, contract.listPaymentMethods, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listMethods(
      app.db,
      request.requireCaller(),
      { status: q.status, gateway: q.gateway_type },
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.createPaymentMethod, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.createMethod(tx, caller, now, request.body, cardProvider),
    ),
  );

  route(app, contract.getDefaultPaymentMethod, async (request) =>
    service.getDefault(app.db, request.requireCaller()),
  );

  route(app, contract.setDefaultPaymentMethod, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.setDefault(tx, caller, now, request.body.payment_method_id, 'first'),
    ),
  );

  route(app, contract.replaceDefaultPaymentMethod, async (request) => {
    const caller = request.requireCaller();
    return app.db.transaction((tx) =>
      service.setDefault(tx, caller, request.now, request.body.payment_method_id, 'replace'),
    );
  });

  // A body that does not parse answers the spec's card errors, so the route reads the
  // validation error itself (`attachValidation`) instead of the error handler.
  // eslint-disable-next-line @typescript-eslint/require-await -- a route handler returns a promise
  const validateCard: ContractHandler<typeof contract.validateCard> = async (request) => {
    request.requireCaller();
    if (request.validationError) throw cardInputError(request, request.validationError);
    return service.validateCard(request.now, request.body);
  };
  const host: RouteHost = app;
  host.route({
    method: contract.validateCard.method,
    url: contract.validateCard.path,
    attachValidation: true,
    schema: fastifySchema(contract.validateCard),
    handler: validateCard as unknown as RouteHandlerMethod,
  });

  route(app, contract.getPaymentMethod, async (request) =>
    service.getMethod(app.db, request.requireCaller(), request.params.id),
  );

  route(app, contract.deactivatePaymentMethod, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.deactivateMethod(tx, caller, now, request.params.id),
    ),
  );

  route(app, contract.createSetupIntent, async (request) => {
    const caller = request.requireCaller();
    // The card is saved to the owner's customer at the provider, so it can pay invoices later.
    const customer = await providerCustomer(app.db, cardProvider, caller.userId);
    return { client_secret: await cardProvider.createSetupIntent(customer) };
  });

  route(app, contract.listPaymentMethodProfileMappings, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listMappings(
      app.db,
      request.requireCaller(),
      { role: q.role, paymentMethodId: q.payment_method_id, profileId: q.profile_id },
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.createPaymentMethodProfileMapping, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.createMapping(tx, caller, now, request.body),
    ),
  );
};
