/**
 * The width a ProTable's shown columns add up to: its `scroll.x`. The columns are sized to fit the
 * content area at 1280 px with the side menu open; below that (a phone) the table scrolls inside
 * its card instead of squeezing each cell to a letter a line.
 */
import type { ProColumns } from '@ant-design/pro-components';

/** Columns without a fixed width (the one that takes the rest) count as this much. */
export const FLEX_COLUMN_MIN_WIDTH = 160;

export function tableWidth<T>(columns: ProColumns<T>[]): number {
  return columns
    .filter((column) => !column.hideInTable)
    .reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : FLEX_COLUMN_MIN_WIDTH), 0);
}

/** Money and masked card numbers: never broken digit by digit. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;
