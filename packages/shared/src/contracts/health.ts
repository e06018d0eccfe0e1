// Route table: the process's health checks (top level, kept out of the OpenAPI document: they
// are for load balancers, not API clients).
import { z } from 'zod';
import { defineRoute } from './route';

export const HealthSchema = z.object({ status: z.literal('ok') });
export const StartingSchema = z.object({
  code: z.literal('service_unavailable'),
  message: z.string(),
});

export const healthContract = {
  /** The process is up. */
  liveness: defineRoute({
    method: 'GET',
    area: 'top',
    path: '/healthz',
    responses: { 200: HealthSchema },
    errors: [],
    auth: 'none',
    hide: true,
  }),
  /** The database answers and every part the process waits for is ready. */
  readiness: defineRoute({
    method: 'GET',
    area: 'top',
    path: '/readyz',
    responses: { 200: HealthSchema, 503: StartingSchema },
    errors: ['service_unavailable'],
    auth: 'none',
    hide: true,
  }),
} as const;
