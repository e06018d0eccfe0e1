// `/metrics` in Prometheus's text format (prom-client), for the platform's scraper only
// (decision 263): served when METRICS_TOKEN is set, to a request bearing it; otherwise it does
// not exist (404, never the SPA's page). Each process has its own registry and series; the
// scraper labels them by instance. Request counts and durations by route template (never the
// raw URL: ids and query strings would make unbounded series), the finder's search time and
// snapshot loads, the pool's connections, and a hook (`queueDepth`) for a job queue's depth.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface AppMetrics {
  /** The process's registry; null when metrics are off (METRICS_TOKEN unset). */
  readonly registry: Registry | null;
  /** One finder search's time in the service (ms). */
  finderSearch(ms: number): void;
  /** A finder snapshot load: its time and the process's memory after it. */
  finderLoaded(loaded: { ms: number; heapUsedMb: number; rssMb: number }): void;
  /** Reports a queue's depth at every scrape (the job runner's hook). */
  queueDepth(queue: string, depth: () => Promise<number> | number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const OFF: AppMetrics = {
  registry: null,
  finderSearch: () => undefined,
  finderLoaded: () => undefined,
  queueDepth: () => undefined,
};

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  if (match === null) return false;
  const given = Buffer.from(match[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function poolOf(app: FastifyInstance): pg.Pool | undefined {
  // drizzle's node-postgres database exposes its client; a transaction (tests) has none.
  const client = (app.db as { $client?: unknown }).$client;
  return client !== null && typeof client === 'object' && 'totalCount' in client
    ? (client as pg.Pool)
    : undefined;
}

export const metricsPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    const token = app.config.metricsToken;
    if (token === null) {
      app.decorate('metrics', OFF);
      app.get('/metrics', { schema: { hide: true } }, () => {
        throw new AppError('route_not_found', { message: 'No route GET /metrics' });
      });
      done();
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request durations, by method, route template and status',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const search = new Histogram({
      name: 'clinicpass_finder_search_seconds',
      help: 'Finder searches: time in the service, access check and bookmarks included',
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      registers: [registry],
    });
    const loadSeconds = new Gauge({
      name: 'clinicpass_finder_snapshot_load_seconds',
      help: "The finder snapshot's last load or reload, in seconds",
      registers: [registry],
    });
    const loads = new Counter({
      name: 'clinicpass_finder_snapshot_loads_total',
      help: 'Finder snapshot loads and reloads of this process',
      registers: [registry],
    });
    const loadHeap = new Gauge({
      name: 'clinicpass_finder_snapshot_heap_bytes',
      help: "The process's V8 heap in use after the finder snapshot's last load",
      registers: [registry],
    });
    const pool = poolOf(app);
    if (pool !== undefined) {
      new Gauge({
        name: 'clinicpass_db_pool_connections',
        help: "The database pool's connections, by state (total, idle, waiting clients)",
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
          this.set({ state: 'max' }, app.config.databasePoolMax);
        },
      });
    }
    const queues = new Map<string, () => Promise<number> | number>();
    new Gauge({
      name: 'clinicpass_job_queue_depth',
      help: 'Jobs waiting, by queue (reported by the job runner through app.metrics.queueDepth)',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        for (const [queue, depth] of queues) this.set({ queue }, await depth());
      },
    });
    app.decorate('metrics', {
      registry,
      finderSearch: (ms) => {
        search.observe(ms / 1000);
      },
      finderLoaded: (loaded) => {
        loads.inc();
        loadSeconds.set(loaded.ms / 1000);
        loadHeap.set(loaded.heapUsedMb * 2 ** 20);
      },
      queueDepth: (queue, depth) => {
        queues.set(queue, depth);
      },
    } satisfies AppMetrics);

    app.addHook('onResponse', (request, reply, next) => {
      // Unmatched URLs (404s, the SPA's pages) share one series.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: reply.statusCode };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
      next();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated', { message: 'The metrics need their bearer token' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
    done();
  },
  { name: 'metrics', dependencies: ['errors'] },
);
