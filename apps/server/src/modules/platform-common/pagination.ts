// Lists of the platform API answer `{ results, pagination }` with a `Content-Range` header
// (spec platform-layer §7; decision 054).
import {
  formatContentRange,
  paginationFor,
  type Paginated,
} from '@clinicpass/shared/api-client/pagination';
import type { FastifyReply } from 'fastify';

export interface PageRequest {
  page: number;
  page_size: number;
}

/** The row offset and limit of a page. */
export function pageWindow(query: PageRequest): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size };
}

/** Sets `Content-Range` and builds the body of one page of `total` items. */
export function pageReply<Item>(
  reply: FastifyReply,
  query: PageRequest,
  results: Item[],
  total: number,
): Paginated<Item> {
  const pagination = paginationFor(query.page, query.page_size, total);
  void reply.header('Content-Range', formatContentRange(pagination));
  return { results, pagination };
}

/** One page of a list already read whole (small catalogues). */
export function pageOf<Item>(
  reply: FastifyReply,
  query: PageRequest,
  items: readonly Item[],
): Paginated<Item> {
  const { offset, limit } = pageWindow(query);
  return pageReply(reply, query, items.slice(offset, offset + limit), items.length);
}
