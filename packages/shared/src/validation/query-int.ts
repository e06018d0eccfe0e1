import { z } from 'zod';

/**
 * A whole number as a query string writes it: decimal digits only, then the number's own rules
 * (`inner`). `z.coerce.number()` also took "1e3" (1000), "0x10" (16), " 2" and "" (0), and
 * answered a repeated parameter (an array) with "received NaN". A number, as GraphQL's
 * arguments and JSON bodies give it, passes as it is.
 */
export function queryInt<Inner extends z.ZodType<number>>(inner: Inner) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    inner,
  );
}
