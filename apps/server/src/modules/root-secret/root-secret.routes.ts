// POST /api/root/secret/ (spec platform-layer §7, root area): redeems a one-time secret. No
// sign-in needed (the token is the credential); limited per client address, counted in
// PostgreSQL so every process shares the count. `Idempotency-Key` replays a redemption of the
// same token (decision 089).
import rateLimit from '@fastify/rate-limit';
import { rootContract } from '@clinicpass/shared/contracts/root';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requestLanguage } from '../../plugins/errors';
import { addressRateLimit } from '../../plugins/limits';
import type { Database } from '../../db/client';
import { idempotencyKeyOf, idempotentUnder } from '../platform-common/idempotency';
import * as service from './root-secret.service';

/** Redemptions per client address per window: enough for people, a wall for guessing. */
export const SECRET_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;

export const rootSecretRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, addressRateLimit(app.db, 'root-secret', SECRET_RATE_LIMIT));

  route(app, rootContract.redeemSecret, async (request) => {
    const now = request.now.instant;
    const { token } = request.body;
    const redeem = (db: Database) =>
      service.redeemSecret(db, app.config.secretKey, token, now, requestLanguage(request));
    const scope = await service.replayScope(
      app.db,
      app.config.secretKey,
      token,
      idempotencyKeyOf(request),
    );
    if (scope === null) return redeem(app.db);
    return idempotentUnder(app.db, request, scope.userId, scope.key, now, redeem);
  });
};
