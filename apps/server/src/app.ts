// The application as a plugin tree: shared decorations, then the cross-cutting plugins, then
// the modules under their API area prefixes. server.ts and the tests both build it here.
import { type Clock, systemClock } from '@clinicpass/shared/time/clock';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import type { Config } from './config';
import type { Database } from './db/client';
import { parseQueryString } from './lib/query-string';
import { captchaPlugin, captchaRoutes } from './modules/captcha/captcha.plugin';
import { announcementRoutes } from './modules/announcement/announcement.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { clinicModule } from './modules/clinic/clinic.module';
import { directoryRoutes } from './modules/directory';
import { finderModule } from './modules/finder/finder.module';
import { rebuildFinderIndex } from './modules/finder/finder.index';
import { healthRoutes } from './modules/health/health.routes';
import { devRoutes } from './modules/identity/dev.routes';
import { claimRoutes, storageOf } from './modules/claims';
import { documentRoutes } from './modules/document/document.routes';
import { authGate, identityPlugin } from './modules/identity/identity.plugin';
import { identityRoutes } from './modules/identity/identity.routes';
import { serviceModePlugin } from './modules/session/service-mode';
import { sessionRoutes } from './modules/session/session.routes';
import { authPlugin } from './plugins/auth';
import { outpatientRoutes } from './modules/outpatient/outpatient.routes';
import { standInCardProvider } from './modules/payment/card-gateway';
import { paymentRoutes } from './modules/payment/payment.routes';
import { stripeCardProvider } from './modules/payment/stripe-card-provider';
import { stripeWebhookRoutes } from './modules/payment/stripe-webhook.routes';
import { policyRoutes } from './modules/policy/policy.routes';
import { productRoutes } from './modules/product/product.routes';
import { serviceRequestModule } from './modules/service-request/service-request.module';
import { applicationCaseRoutes } from './modules/application-case/application-case.routes';
import { healsRoutes, partnerRoutes } from './modules/partner/partner.routes';
import { referenceListRoutes } from './modules/reference/lists.routes';
import { customerServicePhone } from './modules/reference/lists.service';
import { opsModule } from './modules/staff';
import { rootSecretRoutes } from './modules/root-secret/root-secret.routes';
import { stakeholderRoutes } from './modules/stakeholder/stakeholder.routes';
import { authContextPlugin } from './plugins/auth-context';
import { docsPlugin } from './plugins/docs';
import { errorReportingPlugin } from './plugins/error-reporting';
import { answerClientError, errorsPlugin, sendError, toAppError } from './plugins/errors';
import { graphqlPlugin } from './plugins/graphql';
import { crossSitePlugin } from './plugins/cross-site';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobsPlugin } from './plugins/jobs';
import { poolOf } from './jobs/runner';
import { requestContextPlugin, requestIdOf } from './plugins/request-context';
import { metricsPlugin } from './plugins/metrics';
import { registerTracing } from './plugins/tracing';
import { normaliseUrl } from './plugins/request-path';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { compressionPlugin } from './plugins/compression';
import { lifecyclePlugin } from './lifecycle';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
    /** What `/readyz` waits for besides the database, by name: true once that part is ready. */
    readiness: Map<string, () => boolean>;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  clock?: Clock;
  /** A ready pino logger (server.ts) or logger options (tests). */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The pool the job runner uses; default: the pool behind `db` (decision 280). */
  pool?: Pool;
  /** Told of every route as it is registered (the authorisation matrix test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Paths never to log in full: they may carry codes or tokens. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-captcha"]',
  'req.headers["x-clinic-key"]',
  'req.headers["x-member-view-token"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } };
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const fastify = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(deps.config) }),
    // Fastify also takes a hop count here (documented), though its types list only the others.
    trustProxy: deps.config.trustProxy as boolean | string,
    // Query strings are parsed into plain objects; lists are comma-separated strings. The
    // parser is Fastify's own (fast-querystring) with long pairs decoded once: the finder's
    // GraphQL GET carries the same ~1.5 KB query document on every search (decision 218).
    // Paths are matched as normalised (decoded unreserved escapes, folded slashes, no dot
    // segments) and without regard to case, and every path check reads that form (decision 250).
    rewriteUrl: (req) => normaliseUrl(req.url ?? '/'),
    routerOptions: {
      ignoreTrailingSlash: true,
      caseSensitive: false,
      maxParamLength: 200,
      querystringParser: parseQueryString,
    },
    bodyLimit: 1024 * 1024,
    // X-Request-Id when valid, else a UUID (decision 263).
    genReqId: requestIdOf,
    // Errors the router raises before any route (a bad URL encoding, too long a parameter) leave
    // in the app's error format too.
    frameworkErrors: (error, request, reply) => {
      void sendError(reply, request, toAppError(error));
    },
    // What Node's HTTP parser refuses before Fastify has a request (a 100,000-character address,
    // a malformed request line) also leaves with a code and a message, not Fastify's bare one.
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) fastify.addHook('onRoute', deps.onRoute);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('readiness', new Map<string, () => boolean>());

  // Before any route, so every one is traced (decision 296).
  if (deps.config.tracing !== null) await registerTracing(app, deps.config.tracing);
  await app.register(errorsPlugin);
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin);
  await app.register(errorReportingPlugin);
  await app.register(requestContextPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(crossSitePlugin);
  await app.register(inputGuardPlugin);
  await app.register(docsPlugin);
  await app.register(authContextPlugin);
  await app.register(captchaPlugin);
  await app.register(identityPlugin);
  await app.register(authPlugin, { gate: authGate(app.identityService) });
  await app.register(serviceModePlugin);
  await app.register(jobsPlugin, { pool: deps.pool ?? poolOf(deps.db) });

  await app.register(healthRoutes);
  await app.register(identityRoutes, { prefix: '/identity' });
  await app.register(sessionRoutes, { prefix: '/session' });
  if (deps.config.nodeEnv !== 'production') await app.register(devRoutes, { prefix: '/dev' });
  await app.register(captchaRoutes, { prefix: '/api/customer' });
  await app.register(outpatientRoutes, { prefix: '/api/customer' });
  await app.register(clinicModule, { prefix: '/api/clinic' });
  await app.register(announcementRoutes, { prefix: '/api/customer' });
  await app.register(directoryRoutes, { prefix: '/api/customer' });
  await app.register(finderModule, { graphql: graphqlPlugin });
  await app.register(productRoutes, { prefix: '/api/customer' });
  await app.register(policyRoutes, { prefix: '/api/customer' });
  const stripe = deps.config.payment.stripe;
  const cardProvider = stripe ? stripeCardProvider(stripe) : standInCardProvider;
  await app.register(paymentRoutes, { prefix: '/api/customer', cardProvider });
  if (stripe) await app.register(stripeWebhookRoutes, { prefix: '/api/payment', settings: stripe });
  await app.register(billingRoutes, { prefix: '/api/customer', cardProvider });
  await app.register(documentRoutes, { prefix: '/api/customer' });
  await app.register(claimRoutes, {
    prefix: '/api/customer',
    storage: storageOf(deps.config.claimDocuments),
  });
  await app.register(serviceRequestModule, { prefix: '/api/customer' });
  await app.register(referenceListRoutes, { prefix: '/api/customer' });
  await app.register(stakeholderRoutes, { prefix: '/api/customer' });
  await app.register(applicationCaseRoutes, { prefix: '/api/customer' });
  await app.register(partnerRoutes, { prefix: '/api/customer' });
  await app.register(partnerRoutes, { prefix: '/api/partnership' });
  await app.register(healsRoutes, { prefix: '/api/customer' });
  await app.register(rootSecretRoutes, { prefix: '/api/root' });
  await app.register(opsModule, { prefix: '/api/ops', rebuildReadModel: rebuildFinderIndex });

  await app.register(spaPlugin, {
    webDistDir: deps.config.webDistDir,
    customerServicePhone: () =>
      customerServicePhone(deps.db, deps.config.identity.customerServicePhone),
  });
  return fastify;
}
