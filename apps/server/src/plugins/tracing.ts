// OpenTelemetry traces, optional by configuration (decision 296): with OTEL_EXPORTER_OTLP_ENDPOINT
// set, every request is a span (Fastify's own instrumentation, `@fastify/otel`: one span per
// request with its route template and its path without the query, and one per hook and handler)
// sent over OTLP/HTTP to the collector. An incoming W3C `traceparent` makes the request a child of the caller's trace, as
// the request log already names it (decision 263). Health checks and `/metrics` are left out.
// Registered first, so it sees every route; the spans still queued are sent when the app closes.
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';

const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

export async function registerTracing(
  app: FastifyInstance,
  settings: { endpoint: string; serviceName: string },
): Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({
          url: new URL('v1/traces', settings.endpoint.replace(/\/?$/, '/')).href,
        }),
      ),
    ],
  });
  // The global provider and the W3C trace-context propagator.
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    ignorePaths: ({ url }) => UNTRACED.has(url.split('?')[0] ?? url),
    // The path without its query: a query may hold a policy number or a search.
    requestHook: (span, request) => {
      span.setAttribute('url.path', request.url.split('?')[0] ?? request.url);
    },
  });
  instrumentation.setTracerProvider(provider);
  // Applied to the app at once, as the library applies it itself when the OpenTelemetry SDK
  // registers it (`registerOnInitialization`): a skip-override plugin that only adds hooks and
  // decorations, so it needs no turn in the plugin queue (a queued registration once timed out
  // on a loaded CI machine).
  // Sentry's tracing (error-reporting.ts) brings the same instrumentation and applies it to
  // every Fastify app it sees: one is enough, and a second would throw on its decorations.
  if (app.hasRequestDecorator('opentelemetry')) {
    app.log.warn(
      'OpenTelemetry instrumentation already applied (Sentry tracing); not adding it twice',
    );
    return;
  }
  await new Promise<void>((resolve, reject) => {
    instrumentation.plugin()(app, {}, (error?: Error) => {
      if (error) reject(error);
      else resolve();
    });
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
