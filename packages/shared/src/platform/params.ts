// Path parameters of the platform routes (their route table entries: src/contracts).
import { z } from 'zod';
import { PolicyNumberSchema, wholeNumber } from './query-fields';

/** `{id}`: a positive whole number; anything else is a 400 naming `id`. */
export const IdParamsSchema = z.object({ id: wholeNumber(1) });

/** `{number}`: a policy number. */
export const PolicyNumberParamsSchema = z.object({ number: PolicyNumberSchema });
