// Path parameters of the platform routes.
import { PolicyNumberSchema, wholeNumber } from '@clinicpass/shared/platform/query-fields';
import { z } from 'zod';

/** `{id}`: a positive whole number; anything else is a 400 naming `id`. */
export const IdParamsSchema = z.object({ id: wholeNumber(1) });

/** `{number}`: a policy number. */
export const PolicyNumberParamsSchema = z.object({ number: PolicyNumberSchema });
