import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatContentRange,
  PageQuerySchema,
  PaginatedSchema,
  pageFromStart,
  paginationFor,
  parseContentRange,
} from './pagination';

describe('Content-Range', () => {
  it('reads a page of a list', () => {
    expect(parseContentRange('items 0-19/345')).toEqual({ start: 0, end: 19, total: 345 });
    expect(parseContentRange('items 340-344/345')).toEqual({ start: 340, end: 344, total: 345 });
  });

  it('reads an empty list, missing parts as 0', () => {
    expect(parseContentRange('items */0')).toEqual({ start: 0, end: 0, total: 0 });
    expect(parseContentRange('items -/')).toEqual({ start: 0, end: 0, total: 0 });
    expect(parseContentRange('items 0-19/*')).toEqual({ start: 0, end: 19, total: 0 });
  });

  it('gives null without a header or in another unit', () => {
    expect(parseContentRange(null)).toBeNull();
    expect(parseContentRange('bytes 0-99/1000')).toBeNull();
  });

  it('writes a page, and an empty page with a star', () => {
    expect(formatContentRange({ start: 20, end: 39, total: 345 })).toBe('items 20-39/345');
    expect(formatContentRange(paginationFor(1, 20, 0))).toBe('items */0');
    expect(formatContentRange(paginationFor(99, 20, 345))).toBe('items */345');
  });

  it('marks a page past the end empty: end is start - 1', () => {
    expect(paginationFor(99, 20, 345)).toEqual({ start: 1960, end: 1959, total: 345 });
    expect(paginationFor(1, 20, 0)).toEqual({ start: 0, end: -1, total: 0 });
    expect(paginationFor(19, 20, 345)).toEqual({ start: 360, end: 359, total: 345 });
  });

  it('round-trips a non-empty page', () => {
    const page = paginationFor(18, 20, 345);
    expect(page).toEqual({ start: 340, end: 344, total: 345 });
    expect(parseContentRange(formatContentRange(page))).toEqual(page);
  });
});

describe('pages', () => {
  it('number pages from 1', () => {
    expect(pageFromStart(0)).toBe(1);
    expect(pageFromStart(19)).toBe(1);
    expect(pageFromStart(20)).toBe(2);
    expect(pageFromStart(200, 100)).toBe(3);
  });

  it('read page and page size from a query, 20 by default and at most 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(PageQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({
      page: 3,
      page_size: 50,
    });
    expect(PageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('describe a list body of results and pagination', () => {
    const schema = PaginatedSchema(z.object({ id: z.number() }));
    const body = { results: [{ id: 1 }], pagination: { start: 0, end: 0, total: 1 } };
    expect(schema.parse(body)).toEqual(body);
    expect(schema.safeParse({ results: [{ id: 'x' }], pagination: body.pagination }).success).toBe(
      false,
    );
  });
});
