// Error reporting to a Sentry-compatible DSN (spec §8, §9), only when SENTRY_DSN is set: without
// it the SDK is never even imported. 10% of transactions traced, info and debug breadcrumbs
// dropped, every event, breadcrumb and span scrubbed of personal data (shared scrubber), and the
// failures the API answers with a 5xx reported with their code. 4xx answers are the API working
// as intended (a wrong password, a bad field) and are not reported.
import {
  createTracesSampler,
  errorTags,
  filterBreadcrumb,
  privateDataCollection,
} from '@clinicpass/shared/observability/reporting';
import { scrubValue } from '@clinicpass/shared/observability/scrub';
import type * as SentryNode from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { toAppError } from './errors';

type Sentry = typeof SentryNode;

let started: { dsn: string; sentry: Sentry } | undefined;

/**
 * Starts the SDK once per process (a second app in the same process with the same DSN shares
 * it; tests that change the DSN start it again).
 */
export async function startErrorReporting(
  settings: NonNullable<Config['errorReporting']>,
): Promise<Sentry> {
  if (started?.dsn === settings.dsn) return started.sentry;
  const sentry = await import('@sentry/node');
  sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    dataCollection: privateDataCollection(),
    tracesSampler: createTracesSampler(),
    beforeBreadcrumb: (breadcrumb) => filterBreadcrumb(breadcrumb),
    beforeSend: (event) => scrubValue(event),
    beforeSendSpan: (span) => scrubValue(span),
    // Errors are reported by the hook below, with their code; the integration only names spans.
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'Fastify'),
      sentry.fastifyIntegration({ shouldHandleError: () => false }),
    ],
  });
  started = { dsn: settings.dsn, sentry };
  return sentry;
}

export const errorReportingPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.errorReporting;
    if (settings === null) return;
    const sentry = await startErrorReporting(settings);

    // Runs after the one error handler has answered: the status tells what the client saw.
    app.addHook('onError', (request, reply, error, done) => {
      if (reply.statusCode >= 500 || toAppError(error).status >= 500) {
        const routeUrl = request.routeOptions.url;
        sentry.withScope((scope) => {
          // The class of what was thrown, and the code the client was answered with.
          scope.setTags({
            ...errorTags(error),
            error_code: toAppError(error).code,
            http_method: request.method,
          });
          if (routeUrl !== undefined) scope.setTag('route', routeUrl);
          // The cause of an internal_error is the unexpected error itself: report that.
          const reported =
            error instanceof Error && error.name === 'AppError' && error.cause !== undefined
              ? error.cause
              : error;
          sentry.captureException(reported);
        });
      }
      done();
    });
    app.addHook('onClose', async () => {
      await sentry.flush(2000);
    });
  },
  { name: 'error-reporting', dependencies: ['errors'] },
);
