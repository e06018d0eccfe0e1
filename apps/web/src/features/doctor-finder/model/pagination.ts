import { PAGE_SIZE } from '@clinicpass/shared/api-client/pagination';
import { PAGINATION_WINDOW } from '@clinicpass/shared/constants';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Number of pages for a total (page size 20). */
export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(0, Math.ceil(total / pageSize));
}

/** The current page (from 1) of a response's pagination (spec §3: from start and page size). */
export function pageFromStart(start: number, pageSize: number = PAGE_SIZE): number {
  return Math.floor(start / pageSize) + 1;
}

/**
 * The page links to show (spec §5): none at 1 page or fewer; every page up to 7 (5 on mobile);
 * beyond that a head of 3 pages (2 on mobile), an ellipsis and the last 2. The head is the
 * first pages, or slides to start one before the current page so the current page is always
 * shown; once it would meet the last 2, the list is page 1, an ellipsis and the last pages
 * (docs/decisions/021).
 */
export function pageItems(current: number, total: number, mobile: boolean): PageItem[] {
  if (total <= 1) return [];
  const window = mobile ? PAGINATION_WINDOW.mobile : PAGINATION_WINDOW.desktop;
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (total <= window) return range(1, total);
  const head = mobile ? 2 : 3;
  const tail = 2;
  const page = Math.min(Math.max(current, 1), total);
  const headStart = page <= head ? 1 : page - 1;
  const headEnd = headStart + head - 1;
  if (headEnd < total - tail) {
    const items: PageItem[] = [];
    if (headStart > 1) items.push(1, 'ellipsis-start');
    items.push(...range(headStart, headEnd), 'ellipsis-end', total - 1, total);
    return items;
  }
  return [1, 'ellipsis-start', ...range(total - head - tail + 1, total)];
}
