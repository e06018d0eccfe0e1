// Every counter of the app, in one place (decision 171). Four kinds, each in its own PostgreSQL
// table and changed by single statements, so every API process shares the counts:
// - request rates (`finder_rate_limit`, decision 013): @fastify/rate-limit stores, batched for
//   the finder, exact for root secrets; `hitCounter` for a clinic key's calls;
// - failure counters with reservations (`lookup_failure_counter`): the member look-up and its
//   captcha cost (decisions 091, 150), clinic keys (106), redeem attempts (141);
// - fixed-window event counts (`identity_rate_counter`, decision 044), and the guest-write
//   limits built on them (decision 251: sessions, challenges, look-ups, policy numbers);
// - sign-in failures and lockout (`identity_sign_in_failure`, decision 044).
// Nothing outside this folder touches those tables (a lint rule in eslint.config.js). Functions
// take the database handle first, like every service (decision 170).
export {
  addressRateLimit,
  BATCH_FLUSH_MS,
  batchedRateLimitStore,
  hitCounter,
  postgresRateLimitStore,
  sweepCounters,
} from './request-rate';
export { addFailures, countFailures, releaseFailures } from './failures';
export { countInWindow } from './event-windows';
export { takeDistinct, takeFromWindow, windowCount, type WindowLimit } from './window-limits';
export {
  clearSignInFailures,
  recordSignInFailure,
  signInFailure,
  takeSignInAttempt,
  type SignInAttemptRules,
} from './lockout';
