// What the web's browser journeys (apps/web/e2e) need of the server, and nothing else: a free
// port, an embedded PostgreSQL with the schema, a connection, the seed's factories, a clinic
// user and a local stand-in for a Sentry DSN. The journeys import `@clinicpass/server/test-support`
// (and `…/test-support/keep-exit-code` in a global setup), never the server's `src` or `test`.
export { freePort, startEmbeddedPostgres } from '../src/db/embedded';
export { ensureDatabase } from '../src/db/migrate';
export { connectDatabase } from '../src/db/client';
export { factories, FACTORY_PASSWORD, hkidFor } from '../src/db/seed/factories';
export { addClinicUser } from '../src/modules/clinic/clinic-user.service';
export { GUEST_LIMITS_OFF } from '../test/constants';
export { startDsnStandIn, type DsnStandIn, type EnvelopeItem } from '../test/dsn-stand-in';
