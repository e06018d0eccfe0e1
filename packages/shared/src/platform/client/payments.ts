import type { ApiClient } from '../../api-client/client';
import { billingContract } from '../../contracts/billing';
import { paymentContract as contract } from '../../contracts/payment';
import type {
  BillingPatchBody,
  DefaultPaymentMethodBody,
  PaymentMethodBody,
  PaymentMethodProfileMappingBody,
  ValidateCardBody,
} from '../bodies';
import type { DefaultPaymentMethod } from '../entities/billing';
import type {
  BillingQuery,
  InvoiceQuery,
  PaymentMethodProfileMappingQuery,
  PaymentMethodQuery,
} from '../queries';
import type { CallOptions } from './call';
import { callPlatformRoute as callRoute } from './route';

/**
 * Payment, invoice and billing calls (spec platform-layer §7), by the route table
 * (contracts/payment.ts, contracts/billing.ts).
 */
export function paymentCalls(api: ApiClient) {
  return {
    /** GET /payment-method?status&gateway_type */
    listPaymentMethods: (query?: PaymentMethodQuery, options?: CallOptions) =>
      callRoute(api, contract.listPaymentMethods, { query, ...options }),
    /** POST /payment-method: a card token from the card form, never a card number. */
    createPaymentMethod: (body: PaymentMethodBody, options?: CallOptions) =>
      callRoute(api, contract.createPaymentMethod, { body, ...options }),
    /** GET /payment-method/{id} */
    getPaymentMethod: (id: number, options?: CallOptions) =>
      callRoute(api, contract.getPaymentMethod, { params: { id }, ...options }),
    /** POST /payment-method/{id}/deactivate (empty body) */
    deactivatePaymentMethod: (id: number, options?: CallOptions) =>
      callRoute(api, contract.deactivatePaymentMethod, { params: { id }, ...options }),
    /** GET /payment-method/default; null when the customer has none. */
    getDefaultPaymentMethod: (options?: CallOptions) =>
      callRoute(api, contract.getDefaultPaymentMethod, {
        ...options,
        notFoundAsError: false,
      }) as Promise<DefaultPaymentMethod | null>,
    /** POST /payment-method/default: sets the first default. */
    setDefaultPaymentMethod: (body: DefaultPaymentMethodBody, options?: CallOptions) =>
      callRoute(api, contract.setDefaultPaymentMethod, { body, ...options }),
    /** PUT /payment-method/default: replaces the default. */
    replaceDefaultPaymentMethod: (body: DefaultPaymentMethodBody, options?: CallOptions) =>
      callRoute(api, contract.replaceDefaultPaymentMethod, { body, ...options }),
    /** POST /payment-method/validate-card: `{ success: true }`, or a card error. */
    validateCard: (body: ValidateCardBody, options?: CallOptions) =>
      callRoute(api, contract.validateCard, { body, ...options }),
    /** POST /payment-gateway/stripe/setup-intent */
    createSetupIntent: (options?: CallOptions) =>
      callRoute(api, contract.createSetupIntent, { ...options }),
    /** GET /payment-method-profile-mapping?role&payment_method_id&profile_id */
    listPaymentMethodProfileMappings: (
      query?: PaymentMethodProfileMappingQuery,
      options?: CallOptions,
    ) => callRoute(api, contract.listPaymentMethodProfileMappings, { query, ...options }),
    /** POST /payment-method-profile-mapping */
    createPaymentMethodProfileMapping: (
      body: PaymentMethodProfileMappingBody,
      options?: CallOptions,
    ) => callRoute(api, contract.createPaymentMethodProfileMapping, { body, ...options }),

    /** GET /invoice */
    listInvoices: (query?: InvoiceQuery, options?: CallOptions) =>
      callRoute(api, billingContract.listInvoices, { query, ...options }),
    /** GET /invoice/{id} */
    getInvoice: (id: number, options?: CallOptions) =>
      callRoute(api, billingContract.getInvoice, { params: { id }, ...options }),
    /** GET /billing */
    listBillings: (query?: BillingQuery, options?: CallOptions) =>
      callRoute(api, billingContract.listBillings, { query, ...options }),
    /** GET /billing/{id} */
    getBilling: (id: number, options?: CallOptions) =>
      callRoute(api, billingContract.getBilling, { params: { id }, ...options }),
    /** PATCH /billing/{id}: frequency and/or payment method. */
    updateBilling: (id: number, body: BillingPatchBody, options?: CallOptions) =>
      callRoute(api, billingContract.updateBilling, { params: { id }, body, ...options }),
  };
}
