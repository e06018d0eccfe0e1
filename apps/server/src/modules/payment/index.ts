// The payment module's public surface for other modules (decision 170): its service, and the
// guest-refusing hook the billing routes share with the payment routes, and the card provider
// with the provider's customer of a user (paying an invoice, decision 337).
export type { CardProvider } from './card-gateway';
export { requireCustomer } from './customer';
export { providerCustomer } from './payment-customer';
export * from './payment.service';
