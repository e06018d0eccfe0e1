import { z } from 'zod';

/**
 * The body of every error response, from the API and the identity service alike. A module of its
 * own: the API client reads it on every page, without the server's `AppError` and the catalogues
 * of both languages that `AppError` fills its messages from (decision 315).
 */
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
