// The payment module's public surface for other modules (decision 170): its service, and what
// the billing routes share with the payment routes (the caller, "now", the Idempotency-Key
// header) until the request-context plugin takes them over (issue 14).
export { callerOf, IdempotencyHeadersSchema, nowOf, requireCustomer } from './customer';
export * from './payment.service';
