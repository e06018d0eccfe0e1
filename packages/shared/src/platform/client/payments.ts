import type {
  BillingPatchBody,
  DefaultPaymentMethodBody,
  PaymentMethodBody,
  PaymentMethodProfileMappingBody,
  ValidateCardBody,
} from '../bodies';
import {
  BillingSchema,
  DefaultPaymentMethodSchema,
  InvoiceSchema,
  PaymentMethodProfileMappingSchema,
  PaymentMethodSchema,
  SetupIntentSchema,
  ValidateCardResultSchema,
} from '../entities/billing';
import type {
  BillingQuery,
  InvoiceQuery,
  PaymentMethodProfileMappingQuery,
  PaymentMethodQuery,
} from '../queries';
import { segment } from './call';
import type { CallOptions, Caller } from './call';

/** Payment, invoice and billing calls (spec platform-layer §7). */
export function paymentCalls(call: Caller) {
  return {
    /** GET /payment-method?status&gateway_type */
    listPaymentMethods: (query?: PaymentMethodQuery, options?: CallOptions) =>
      call.list({ path: '/payment-method', query }, PaymentMethodSchema, options),
    /** POST /payment-method */
    createPaymentMethod: (body: PaymentMethodBody, options?: CallOptions) =>
      call.send('POST', { path: '/payment-method' }, body, PaymentMethodSchema, options),
    /** GET /payment-method/{id} */
    getPaymentMethod: (id: number, options?: CallOptions) =>
      call.get({ path: `/payment-method/${segment(id)}` }, PaymentMethodSchema, options),
    /** POST /payment-method/{id}/deactivate (empty body) */
    deactivatePaymentMethod: (id: number, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/payment-method/${segment(id)}/deactivate` },
        {},
        PaymentMethodSchema,
        options,
      ),
    /** GET /payment-method/default; null when the customer has none. */
    getDefaultPaymentMethod: (options?: CallOptions) =>
      call.find({ path: '/payment-method/default' }, DefaultPaymentMethodSchema, options),
    /** POST /payment-method/default: sets the first default. */
    setDefaultPaymentMethod: (body: DefaultPaymentMethodBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/payment-method/default' },
        body,
        DefaultPaymentMethodSchema,
        options,
      ),
    /** PUT /payment-method/default: replaces the default. */
    replaceDefaultPaymentMethod: (body: DefaultPaymentMethodBody, options?: CallOptions) =>
      call.send(
        'PUT',
        { path: '/payment-method/default' },
        body,
        DefaultPaymentMethodSchema,
        options,
      ),
    /** POST /payment-method/validate-card: `{ success: true }`, or a card error. */
    validateCard: (body: ValidateCardBody, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/payment-method/validate-card' },
        body,
        ValidateCardResultSchema,
        options,
      ),
    /** POST /payment-gateway/stripe/setup-intent */
    createSetupIntent: (options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/payment-gateway/stripe/setup-intent' },
        {},
        SetupIntentSchema,
        options,
      ),
    /** GET /payment-method-profile-mapping?role&payment_method_id&profile_id */
    listPaymentMethodProfileMappings: (
      query?: PaymentMethodProfileMappingQuery,
      options?: CallOptions,
    ) =>
      call.list(
        { path: '/payment-method-profile-mapping', query },
        PaymentMethodProfileMappingSchema,
        options,
      ),
    /** POST /payment-method-profile-mapping */
    createPaymentMethodProfileMapping: (
      body: PaymentMethodProfileMappingBody,
      options?: CallOptions,
    ) =>
      call.send(
        'POST',
        { path: '/payment-method-profile-mapping' },
        body,
        PaymentMethodProfileMappingSchema,
        options,
      ),

    /** GET /invoice */
    listInvoices: (query?: InvoiceQuery, options?: CallOptions) =>
      call.list({ path: '/invoice', query }, InvoiceSchema, options),
    /** GET /invoice/{id} */
    getInvoice: (id: number, options?: CallOptions) =>
      call.get({ path: `/invoice/${segment(id)}` }, InvoiceSchema, options),
    /** GET /billing */
    listBillings: (query?: BillingQuery, options?: CallOptions) =>
      call.list({ path: '/billing', query }, BillingSchema, options),
    /** GET /billing/{id} */
    getBilling: (id: number, options?: CallOptions) =>
      call.get({ path: `/billing/${segment(id)}` }, BillingSchema, options),
    /** PATCH /billing/{id}: frequency or payment method. */
    updateBilling: (id: number, body: BillingPatchBody, options?: CallOptions) =>
      call.send('PATCH', { path: `/billing/${segment(id)}` }, body, BillingSchema, options),
  };
}
