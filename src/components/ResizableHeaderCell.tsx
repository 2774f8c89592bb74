/**
 * A list's header cell whose right edge can be dragged to set the column's width (antd's Table has
 * no resizing of its own; this is its documented `components.header.cell` hook). Double-clicking
 * the edge gives the column its default width back. Cells without a resize callback (columns
 * without a set width, the selection column) are plain header cells.
 */
import type { PointerEvent as ReactPointerEvent, ThHTMLAttributes } from 'react';

/** Narrower than this a column's title no longer reads. */
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  /** Each move of the drag, with the new width. */
  onResizeWidth?: (width: number) => void;
  /** The drag ended at this width. */
  onResizeEnd?: (width: number) => void;
  /** The edge was double-clicked. */
  onResizeReset?: () => void;
}

const clamp = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

export default function ResizableHeaderCell({
  width,
  onResizeWidth,
  onResizeEnd,
  onResizeReset,
  children,
  ...cell
}: ResizableHeaderCellProps) {
  if (!onResizeWidth || typeof width !== 'number') return <th {...cell}>{children}</th>;

  const startDrag = (event: ReactPointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    // Not a click on the title: no sorting, no text selection.
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    let last = width;
    const move = (moved: PointerEvent) => {
      last = clamp(width + moved.clientX - startX);
      onResizeWidth(last);
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      onResizeEnd?.(last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  return (
    <th {...cell}>
      {children}
      <span
        className="list-table-resize-handle"
        data-testid="column-resize-handle"
        aria-hidden
        onPointerDown={startDrag}
        onClick={(event) => event.stopPropagation()}
        onDoubleClick={(event) => {
          event.stopPropagation();
          onResizeReset?.();
        }}
      />
    </th>
  );
}
