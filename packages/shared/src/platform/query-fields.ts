// Building blocks of the platform's query schemas. A query arrives at the server as strings and
// leaves the typed client as numbers, booleans and lists, so each field accepts both and puts
// out one type: `z.input` is what the client may send, `z.output` what the route reads.
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../api-client/pagination';
import { DateSchema, ID_MAX } from './entities/common';

/**
 * A whole number, from a number or its decimal text, at least `min` and at most `max` (by
 * default the largest row id: every such number ends up in an `integer` column or comparison).
 */
export function wholeNumber(min = 1, max = ID_MAX) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, 'must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
}

/** A flag: `true` / `false`, as a boolean or its text. */
export const QueryBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

/** A list: an array, or its items comma-joined (`a,b`), each read by `item`. Empty → no filter. */
export function commaList<Item extends z.ZodType<unknown, string | number>>(item: Item) {
  return z.union([
    z.array(item),
    z.string().transform((text, context): z.output<Item>[] => {
      const items: z.output<Item>[] = [];
      for (const part of text.split(',')) {
        if (part.trim() === '') continue;
        const parsed = item.safeParse(part.trim());
        if (!parsed.success) {
          context.addIssue({ code: 'custom', message: `'${part.trim()}' is not a valid item` });
          return z.NEVER;
        }
        items.push(parsed.data);
      }
      return items;
    }),
  ]);
}

/** A free text filter: trimmed, at most 100 characters. */
export const SearchTextSchema = z.string().trim().max(100);

/** A policy number as filters take it. */
export const PolicyNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens');

/** `page` (from 1) and `page_size` (1–100, default 20). */
export const PAGE_FIELDS = {
  page: wholeNumber(1).default(1),
  page_size: wholeNumber(1).pipe(z.number().max(MAX_PAGE_SIZE)).default(PAGE_SIZE),
};

/** `no_pagination=true` returns every row up to the cap (NO_PAGINATION_CAP). */
export const NO_PAGINATION_FIELD = {
  no_pagination: QueryBooleanSchema.default(false),
};

/**
 * A date filter with its range variants: `name`, `name__gt`, `name__gte`, `name__lt`,
 * `name__lte`, each 'YYYY-MM-DD'.
 */
export function dateRangeFields<Name extends string>(name: Name) {
  const optionalDate = DateSchema.optional();
  return {
    [name]: optionalDate,
    [`${name}__gt`]: optionalDate,
    [`${name}__gte`]: optionalDate,
    [`${name}__lt`]: optionalDate,
    [`${name}__lte`]: optionalDate,
  } as Record<
    Name | `${Name}__gt` | `${Name}__gte` | `${Name}__lt` | `${Name}__lte`,
    typeof optionalDate
  >;
}

/** `ordering`: field names, comma-separated, each optionally prefixed with `-` (descending). */
export function orderingField<Field extends string>(fields: readonly [Field, ...Field[]]) {
  const allowed = new Set<string>(fields);
  return z
    .string()
    .trim()
    .refine((text) => text.split(',').every((part) => allowed.has(part.trim().replace(/^-/, ''))), {
      message: `must name fields among ${fields.join(', ')}, each optionally prefixed with -`,
    })
    .optional();
}
