import { z } from 'zod';
import { queryInt } from '../validation/query-int';

/** Result page size of the finder and of lists by default. */
export const PAGE_SIZE = 20;
/** The largest `page_size` a list accepts. */
export const MAX_PAGE_SIZE = 100;
/** `no_pagination` still stops here, so one request cannot read a whole table. */
export const NO_PAGINATION_CAP = 1000;

/**
 * Where a page sits in a list: `start` 0-based, `end` inclusive, `total` over all pages.
 * An empty page has `end = start - 1` (no items), written `items *\/total` in the header.
 */
export const PaginationSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().min(-1),
  total: z.number().int().nonnegative(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** A list response body: `{ results, pagination }`. */
export function PaginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ results: z.array(item), pagination: PaginationSchema });
}
export type Paginated<Item> = { results: Item[]; pagination: Pagination };

/** The `page` (from 1) and `page_size` query parameters every list accepts. */
export const PageQuerySchema = z.object({
  page: queryInt(z.number().int().min(1).default(1)),
  page_size: queryInt(z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE)),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The pagination of page `page` (from 1) of `pageSize` items out of `total`. */
export function paginationFor(page: number, pageSize: number, total: number): Pagination {
  const start = (page - 1) * pageSize;
  // Past the end, `end` is `start - 1`: an empty page, as the schema says.
  return { start, end: Math.max(start, Math.min(start + pageSize, total)) - 1, total };
}

const CONTENT_RANGE = /^items\s+(?:(\d*)-(\d*)|\*)\/(\d*|\*)$/;

/**
 * Pagination from a `Content-Range: items 0-19/345` header (`items *\/0` for an empty page).
 * Missing parts read as 0, as the spec's client does; no header or another unit gives null.
 */
export function parseContentRange(header: string | null): Pagination | null {
  if (header === null) return null;
  const match = CONTENT_RANGE.exec(header.trim());
  if (!match) return null;
  const [, start, end, total] = match;
  return { start: toCount(start), end: toCount(end), total: toCount(total) };
}

function toCount(part: string | undefined): number {
  const value = Number.parseInt(part ?? '', 10);
  return Number.isNaN(value) ? 0 : value;
}

/** The `Content-Range` header for a page: `items 0-19/345`, or `items *\/345` when empty. */
export function formatContentRange(pagination: Pagination): string {
  const { start, end, total } = pagination;
  return end < start ? `items */${total}` : `items ${start}-${end}/${total}`;
}

/** The page number (from 1) a 0-based `start` falls on. */
export function pageFromStart(start: number, pageSize: number = PAGE_SIZE): number {
  return Math.floor(start / pageSize) + 1;
}
