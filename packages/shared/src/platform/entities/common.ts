// Field types the platform entities share (decision 050): integer ids, uuid user ids,
// 'YYYY-MM-DD' Hong Kong calendar dates, ISO 8601 timestamps with an offset, money as a number
// of dollars in the entity's currency (HKD unless it says otherwise).
import { z } from 'zod';

/** The largest row id: PostgreSQL's `integer` (a larger one would fail in the database, a 500). */
export const ID_MAX = 2_147_483_647;
/** A row id: a positive integer up to ID_MAX (`/policy/{id}`). */
export const IdSchema = z.number().int().positive().max(ID_MAX);
/** A free-form JSON object's limits (decision 136): how deep it nests, its size as JSON. */
export const FREE_FORM_MAX_DEPTH = 8;
export const FREE_FORM_MAX_CHARACTERS = 32_768;

function depthWithin(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return false;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}

/** A free-form JSON object a client stores (a survey attempt, mapping parameters), bounded. */
export const FreeFormObjectSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => depthWithin(value, FREE_FORM_MAX_DEPTH), {
    message: `must not nest more than ${FREE_FORM_MAX_DEPTH} levels deep`,
  })
  .refine((value) => JSON.stringify(value).length <= FREE_FORM_MAX_CHARACTERS, {
    message: `must be at most ${FREE_FORM_MAX_CHARACTERS} characters as JSON`,
  });
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
/**
 * A document a member can download: its name and address. `name_zh`, beside the spec's `name`
 * (English), is the Chinese name when the record has one (decision 222).
 */
export const DocumentLinkSchema = z.object({
  name: z.string(),
  name_zh: z.string().optional(),
  url: z.string(),
});
export type DocumentLink = z.infer<typeof DocumentLinkSchema>;

/** `create_date` and `update_date`, which most entities carry. */
export const TIMESTAMPS = {
  create_date: TimestampSchema,
  update_date: TimestampSchema,
};
