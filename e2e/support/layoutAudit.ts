/**
 * The layout checks of the screens audit: measured in the page (`measureLayout`), judged by a pure
 * function (`layoutProblems`, unit-tested in tests/web/layoutAudit.test.ts) that names each problem
 * precisely enough to find it on the screenshot.
 */
import type { Page } from '@playwright/test';

/** A table cell narrower than this shows less than two characters of 14 px text. */
export const MIN_CELL_WIDTH_PX = 28;
/** Sub-pixel rounding a layout may show without anything being cut. */
export const OVERFLOW_TOLERANCE_PX = 1;
/** From this window width on, a table must fit its card: no horizontal scroll, no fixed column over another. */
export const WIDE_VIEWPORT_PX = 1200;
/** Below this window width the layout is a phone's (antd's `sm`): a list in the page gets the width. */
export const PHONE_VIEWPORT_PX = 576;
/** What a list in the page may leave of a phone's width, both sides together: 8px of page, a card's border and 8px of card each side, with room to spare. */
export const PHONE_LIST_MARGIN_PX = 40;

export interface MeasuredCell {
  /** The column's header text, or its index when the header has none. */
  column: string;
  left: number;
  right: number;
  fixed: boolean;
}

export interface MeasuredTable {
  /** Its header texts, to name it in a message. */
  name: string;
  /** The scroll box of its content (`.ant-table-content` or `.ant-table-body`). */
  scrollWidth: number;
  clientWidth: number;
  /** The visible cells of its header row and of its first body row, left to right. */
  rows: MeasuredCell[][];
  /** In a dialog or drawer (which has its own frame), not in the page. */
  inDialog?: boolean;
}

export interface LayoutMeasure {
  viewportWidth: number;
  documentScrollWidth: number;
  tables: MeasuredTable[];
}

const overlap = (a: MeasuredCell, b: MeasuredCell) => Math.min(a.right, b.right) - Math.max(a.left, b.left);

/** Every layout problem of one screen, as sentences; none when the screen is right. */
export function layoutProblems(measure: LayoutMeasure): string[] {
  const problems: string[] = [];
  const wide = measure.viewportWidth >= WIDE_VIEWPORT_PX;
  if (measure.documentScrollWidth > measure.viewportWidth + OVERFLOW_TOLERANCE_PX) {
    problems.push(`page is ${measure.documentScrollWidth}px wide in a ${measure.viewportWidth}px window`);
  }
  const phoneListWidth = measure.viewportWidth - PHONE_LIST_MARGIN_PX;
  for (const table of measure.tables) {
    if (measure.viewportWidth < PHONE_VIEWPORT_PX && !table.inDialog && table.clientWidth < phoneListWidth - OVERFLOW_TOLERANCE_PX) {
      problems.push(
        `table [${table.name}] is a ${table.clientWidth}px strip of a ${measure.viewportWidth}px window (a phone's list gets at least ${phoneListWidth}px)`,
      );
    }
    if (wide && table.scrollWidth > table.clientWidth + OVERFLOW_TOLERANCE_PX) {
      problems.push(`table [${table.name}] overflows its card: content ${table.scrollWidth}px in ${table.clientWidth}px`);
    }
    const reported = new Set<string>();
    for (const row of table.rows) {
      for (const cell of row) {
        const width = cell.right - cell.left;
        const narrow = `narrow:${cell.column}`;
        if (width < MIN_CELL_WIDTH_PX && !reported.has(narrow)) {
          reported.add(narrow);
          problems.push(`table [${table.name}] column "${cell.column}" is ${Math.round(width)}px wide (< ${MIN_CELL_WIDTH_PX}px)`);
        }
        if (!wide || !cell.fixed) continue;
        for (const other of row) {
          if (other === cell) continue;
          const covered = overlap(cell, other);
          const key = `cover:${cell.column}>${other.column}`;
          if (covered > OVERFLOW_TOLERANCE_PX && !reported.has(key)) {
            reported.add(key);
            problems.push(`table [${table.name}] fixed column "${cell.column}" covers "${other.column}" by ${Math.round(covered)}px`);
          }
        }
      }
    }
  }
  return problems;
}

/**
 * Measures the page as it is shown (the tables scrolled to their start). With `scope` (a dialog),
 * only its tables, and its own width instead of the page's.
 */
export function measureLayout(page: Page, scope?: string): Promise<LayoutMeasure> {
  return page.evaluate((scopeSelector): LayoutMeasure => {
    const root: ParentNode = (scopeSelector ? document.querySelector(scopeSelector) : null) ?? document;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const skipped = '.ant-table-selection-column, .ant-table-row-expand-icon-cell, .ant-table-cell-scrollbar';
    const tables: MeasuredTable[] = [];
    for (const table of Array.from(root.querySelectorAll('.ant-table'))) {
      if (!visible(table)) continue;
      const scroller = table.querySelector('.ant-table-body') ?? table.querySelector('.ant-table-content');
      if (!scroller) continue;
      const headers = Array.from(table.querySelectorAll('thead tr:last-child > th')).filter((th) => visible(th));
      const columnOf = (cell: Element, index: number) => {
        const header = headers[index];
        return (header?.textContent ?? '').trim() || `#${index + 1}`;
      };
      const rowCells = (row: Element | null): MeasuredCell[] =>
        row
          ? Array.from(row.children)
              .filter((cell) => visible(cell))
              .map((cell, index) => ({ cell, index }))
              .filter(({ cell }) => !cell.matches(skipped) && (cell as HTMLTableCellElement).colSpan === 1)
              .map(({ cell, index }) => {
                const box = cell.getBoundingClientRect();
                return {
                  column: columnOf(cell, index),
                  left: box.left,
                  right: box.right,
                  fixed: cell.matches('.ant-table-cell-fix-left, .ant-table-cell-fix-right'),
                };
              })
          : [];
      tables.push({
        name: headers.map((th, index) => columnOf(th, index)).join(', '),
        scrollWidth: scroller.scrollWidth,
        clientWidth: scroller.clientWidth,
        inDialog: Boolean(table.closest('.ant-modal, .ant-drawer')),
        rows: [rowCells(table.querySelector('thead tr:last-child')), rowCells(table.querySelector('tbody tr.ant-table-row'))].filter(
          (row) => row.length > 0,
        ),
      });
    }
    const content = scopeSelector ? root.querySelector('.ant-modal, .ant-drawer-content-wrapper') : null;
    const width = content ? Math.ceil(content.getBoundingClientRect().right) : document.documentElement.scrollWidth;
    return { viewportWidth: window.innerWidth, documentScrollWidth: width, tables };
  }, scope);
}
