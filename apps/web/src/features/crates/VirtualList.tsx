import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { scrollToReveal, visibleRange, type RowRange } from './windowing';

export interface VirtualListHandle {
  /** Scrolls just enough for row `index` to be in view. */
  reveal: (index: number) => void;
}

/**
 * A windowed list: rows of one fixed height, only those in view (and a few around) rendered, so
 * a crate of 10,000 songs scrolls as lightly as one of ten. `onRange` hears which rows are shown.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  onRange,
  label,
  overscan = 6,
  handle,
  testId,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number, style: React.CSSProperties) => ReactNode;
  onRange?: (range: RowRange) => void;
  label: string;
  overscan?: number;
  handle?: Ref<VirtualListHandle>;
  testId?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setViewport(el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useImperativeHandle(
    handle,
    () => ({
      reveal: (index) => {
        const el = scrollRef.current;
        if (!el) return;
        const top = scrollToReveal(index, el.scrollTop, el.clientHeight, rowHeight);
        if (top !== null) {
          el.scrollTop = top;
          setScrollTop(top);
        }
      },
    }),
    [rowHeight],
  );

  const range = visibleRange(scrollTop, viewport, rowHeight, count, overscan);
  const onRangeRef = useRef(onRange);
  onRangeRef.current = onRange;
  useEffect(() => {
    onRangeRef.current?.({ start: range.start, end: range.end });
  }, [range.start, range.end]);

  const rows: ReactNode[] = [];
  for (let i = range.start; i < range.end; i++) {
    rows.push(
      renderRow(i, {
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: rowHeight,
        transform: `translateY(${i * rowHeight}px)`,
      }),
    );
  }

  return (
    <div
      ref={scrollRef}
      className="virtual-list"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-testid={testId}
    >
      <ul
        className="virtual-list-content"
        aria-label={label}
        style={{ height: count * rowHeight, position: 'relative' }}
      >
        {rows}
      </ul>
    </div>
  );
}
