export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Above this many pages the pager shows a window instead of every page. */
export const MAX_ALL_PAGES = 8;
export const WINDOW_SIZE = 4;

/**
 * Page buttons to show (zero-based page numbers): every page when there are 8 or fewer; otherwise
 * the first page, a window of 4 pages around the current one, the last page, and an ellipsis
 * wherever pages are skipped.
 */
export function pageWindow(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  if (pageCount <= MAX_ALL_PAGES) return Array.from({ length: pageCount }, (_, i) => i);
  const cur = Math.min(Math.max(current, 0), pageCount - 1);
  const start = Math.min(Math.max(cur - 1, 0), pageCount - WINDOW_SIZE);
  const end = start + WINDOW_SIZE - 1;
  const items: PageItem[] = [];
  if (start > 0) {
    items.push(0);
    if (start > 1) items.push('start-ellipsis');
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pageCount - 1) {
    if (end < pageCount - 2) items.push('end-ellipsis');
    items.push(pageCount - 1);
  }
  return items;
}

/** "Showing 1-25 of N" (1-based, inclusive; 0-0 when empty). */
export function showingText(page: number, limit: number, total: number, showAll: boolean): string {
  if (total <= 0) return 'Showing 0-0 of 0';
  if (showAll) return `Showing 1-${total} of ${total}`;
  const from = Math.min(page * limit + 1, total);
  const to = Math.min((page + 1) * limit, total);
  return `Showing ${from}-${to} of ${total}`;
}
