// Field types the platform entities share (decision 050): integer ids, uuid user ids,
// 'YYYY-MM-DD' Hong Kong calendar dates, ISO 8601 timestamps with an offset, money as a number
// of dollars in the entity's currency (HKD unless it says otherwise).
import { z } from 'zod';

/** A row id: a positive integer (`/policy/{id}`). */
export const IdSchema = z.number().int().positive();
/** A user id (uuid), as `user_id` and `user` carry. */
export const UserIdSchema = z.string().min(1);
/** A calendar date in Hong Kong, 'YYYY-MM-DD'. */
export const DateSchema = z.iso.date();
/** An instant, ISO 8601 with an offset (`create_date`, `update_date`). */
export const TimestampSchema = z.iso.datetime({ offset: true });
/** An amount of money in dollars (2 decimal places at most on the wire). */
export const MoneySchema = z.number();
/** ISO 4217 currency code; the platform bills in HKD. */
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/);
/** A percentage, 0–100. */
export const PercentSchema = z.number().min(0).max(100);
/** A document a member can download: its name and address. */
export const DocumentLinkSchema = z.object({
  name: z.string(),
  url: z.string(),
});
export type DocumentLink = z.infer<typeof DocumentLinkSchema>;

/** `create_date` and `update_date`, which most entities carry. */
export const TIMESTAMPS = {
  create_date: TimestampSchema,
  update_date: TimestampSchema,
};
