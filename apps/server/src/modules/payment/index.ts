// The payment module's public surface for other modules (decision 170): its service, and the
// guest-refusing hook the billing routes share with the payment routes.
export { requireCustomer } from './customer';
export * from './payment.service';
