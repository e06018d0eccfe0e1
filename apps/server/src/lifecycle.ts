// A process's end behind a load balancer (decision 261): on SIGTERM `/readyz` answers 503 at
// once, so the balancer stops sending new work; for the drain time every request (new
// connections too) is still served, each answer asking its client to reconnect (`Connection:
// close`, so a kept-alive client moves to another replica); then the listener closes and the
// requests in flight finish before the process ends.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Lifecycle {
  /** True from SIGTERM on: `/readyz` answers 503 `service_unavailable`. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  (app: FastifyInstance, _options, done) => {
    const lifecycle: Lifecycle = { draining: false };
    app.decorate('lifecycle', lifecycle);
    app.addHook('onSend', (_request, reply, payload, next) => {
      if (lifecycle.draining) void reply.header('connection', 'close');
      next(null, payload);
    });
    done();
  },
  { name: 'lifecycle' },
);

/**
 * Drains then closes: `/readyz` fails at once, requests are served for `drainMs`, then the
 * listener closes and Fastify waits for the requests in flight.
 */
export async function drainAndClose(
  app: FastifyInstance,
  drainMs: number,
  log: (message: string) => void = () => undefined,
): Promise<void> {
  app.lifecycle.draining = true;
  if (drainMs > 0) {
    log(`draining for ${String(drainMs / 1000)} s: /readyz answers 503`);
    await sleep(drainMs);
  }
  await app.close();
}
