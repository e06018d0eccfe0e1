// Parts many route table entries share.
import { z } from 'zod';

/**
 * The `Idempotency-Key` header a POST that creates or moves money or status honours (decision
 * 063): documented on the route; the server checks its length when it reads it.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().optional(),
});
