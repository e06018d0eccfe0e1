// The doctor finder as one plugin: reference data and service-point REST under /api/customer,
// GraphQL at /api/graphql, all behind one per-address rate limit counted in PostgreSQL. The
// GraphQL plugin is handed in by app.ts: a module never imports plugins/graphql.ts (decision 170).
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchedRateLimitStore, takeDistinct } from '../../plugins/limits';
import { referenceRoutes, referenceServiceFor } from '../reference';
import { flaggedServicePoints } from '../directory';
import { createFinderReadModel } from './finder.snapshot';
import { GRAPHQL_CONTRACT } from '../../graphql-contract';
import type { GraphqlPluginOptions } from '../../plugins/graphql-resolvers';
import { outpatientResolvers } from '../outpatient/outpatient.graphql';
import { finderResolvers } from './finder.graphql';
import { createFinderRepository } from './finder.repository';
import { finderRoutes } from './finder.routes';
import { createFinderService } from './finder.service';

/** Finder requests per client address per minute: generous for people, a brake for scrapers. */
export const FINDER_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export interface FinderModuleOptions {
  /** The GraphQL endpoint, registered inside the finder's rate limit with the finder's services. */
  graphql: FastifyPluginAsync<GraphqlPluginOptions>;
}

export const finderModule: FastifyPluginAsyncZod<FinderModuleOptions> = async (app, options) => {
  const reference = referenceServiceFor(app.db);
  // The read model in memory (decision 110): loading starts now (searches wait for it), then
  // it is reloaded whenever a rebuild bumps finder_index_version.
  const readModel = createFinderReadModel(app.db, {
    onLoad: (loaded) => {
      // Time and memory of each process's load, in its log and its metrics (decision 262).
      app.log.info(loaded, 'finder read model loaded');
      app.metrics.finderLoaded(loaded);
    },
    onError: (error) => {
      app.log.warn({ err: error }, 'finder read model reload failed; serving the previous copy');
    },
  });
  app.readiness.set('finder read model', () => readModel.loaded());
  app.addHook('onClose', async () => {
    await readModel.close();
  });
  const finder = createFinderService(
    createFinderRepository(app.db),
    readModel,
    undefined,
    undefined,
    // Issue 19: cards say when their details were checked and whether reports flag them.
    { staleDays: app.config.directory.staleDays, flagged: () => flaggedServicePoints(app.db) },
    // Issue 37: distinct policy numbers per client address an hour.
    (address, policyNumber, now) =>
      takeDistinct(
        app.db,
        `finder:policy-numbers:ip:${address}`,
        policyNumber,
        {
          limit: app.config.guestLimits.policyNumbersPerAddressPerHour,
          windowMs: 3_600_000,
          message: 'Too many different policy numbers from this address; please try again later',
        },
        now,
      ),
    (ms) => {
      app.metrics.finderSearch(ms);
    },
  );

  // Registered inside this plugin, the limit covers only the finder's routes.
  const limitStore = batchedRateLimitStore(app.db, 'finder', {
    onError: (error) => {
      app.log.warn({ err: error }, 'finder rate-limit counts not written; kept for the next write');
    },
  });
  app.addHook('onClose', async () => {
    await limitStore.close();
  });
  await app.register(rateLimit, {
    global: true,
    max: FINDER_RATE_LIMIT.max,
    timeWindow: FINDER_RATE_LIMIT.timeWindow,
    store: limitStore.Store,
    // The key is the client address (request.ip honours TRUST_PROXY).
    keyGenerator: (request) => request.ip,
  });

  await app.register(
    async (customer) => {
      await customer.register(referenceRoutes, { service: reference });
      await customer.register(finderRoutes, { service: finder });
    },
    { prefix: '/api/customer' },
  );
  // Modules hand their resolvers to the GraphQL plugin, which composes them.
  await app.register(options.graphql, {
    contract: GRAPHQL_CONTRACT,
    resolvers: {
      ...finderResolvers({ finder, reference }),
      ...outpatientResolvers(app),
    },
  });
};
