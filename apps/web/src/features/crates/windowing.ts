/* Pure windowing math of the crate song list: fixed row height, only visible rows rendered. */

export interface RowRange {
  /** First row rendered (inclusive). */
  start: number;
  /** One past the last row rendered. */
  end: number;
}

/**
 * The rows to render for a viewport of `viewport` pixels scrolled to `scrollTop`, with `overscan`
 * extra rows above and below; empty when there are no rows.
 */
export function visibleRange(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan = 6,
): RowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const shown = Math.max(1, Math.ceil(Math.max(0, viewport) / rowHeight) + 1);
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(count, first + shown + overscan),
  };
}

/** The offsets of the pages of `pageSize` rows that hold rows start..end-1. */
export function pagesFor(range: RowRange, pageSize: number): number[] {
  if (range.end <= range.start || pageSize <= 0) return [];
  const pages: number[] = [];
  const first = Math.floor(range.start / pageSize) * pageSize;
  for (let offset = first; offset < range.end; offset += pageSize) pages.push(offset);
  return pages;
}

/**
 * The scrollTop that brings row `index` into view, or null when it already is (fully).
 * A row above the view goes to the top; a row below goes to the bottom.
 */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewport: number,
  rowHeight: number,
): number | null {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewport) return Math.max(0, rowBottom - viewport);
  return null;
}

/** The row a drop at `y` pixels from the top of the list content lands on (clamped). */
export function rowAt(y: number, rowHeight: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor(y / rowHeight)));
}
