// Route table: the root area (spec platform-layer §7): redeeming a one-time secret. No sign-in
// needed (the token is the credential); limited per client address; `Idempotency-Key` replays
// a redemption of the same token (decision 089).
import { SecretRedeemBodySchema } from '../platform/bodies';
import { SecretRedemptionSchema } from '../platform/entities/reference';
import { defineRoute } from './route';

export const rootContract = {
  redeemSecret: defineRoute({
    method: 'POST',
    area: 'root',
    path: '/secret/',
    body: SecretRedeemBodySchema,
    responses: { 200: SecretRedemptionSchema },
    errors: ['validation_error', 'invalid_token', 'idempotency_key_reused', 'limit_exceeded'],
    auth: 'token',
    tags: ['root'],
    summary: 'Redeem a one-time secret (a letter link) into what it grants',
  }),
} as const;
