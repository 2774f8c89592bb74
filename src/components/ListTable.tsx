/**
 * Every list screen's ProTable: the same props, plus a memory.
 *
 * - Its filters, page, page size and sort live in the URL (src/kit/listQuery.ts): read when the
 *   list opens, written (a new history entry) on each search, reset, page or sort change. A
 *   change that came from elsewhere (the back button, a link to the same screen) draws the table
 *   again from the URL.
 * - Its column settings (shown, order, pinned), the widths dragged on the header's column edges
 *   (./ResizableHeaderCell.tsx) and its density are kept per account in this browser
 *   (localStorage), through ProTable's own `columnsState` persistence, `size` and the columns'
 *   widths (the density through ./DensityButton.tsx: pro-table's own icon makes React warn about
 *   findDOMNode).
 *
 * pro-components' own `form.syncToUrl` was not used: it writes with history.replaceState outside
 * the router (no back button, and umi's location never hears of it) and keeps neither the page
 * changes nor the sort.
 */
import { ProTable, type ParamsType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { history, useLocation, useModel } from '@umijs/max';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '#contract/constants';
import { keepStored, readStored } from '@/utils/browserStorage';
import { tablePagination } from '@/services/requestDefaults';
import DensityButton, { type TableDensity } from './DensityButton';
import ResizableHeaderCell, { type ResizableHeaderCellProps } from './ResizableHeaderCell';
import {
  listQueryKey,
  listStateFromSearch,
  queryFields,
  searchWithListState,
  sortableFields,
  type ListQueryOptions,
  type ListState,
  type QueryField,
} from '@/kit/listQuery';

export interface ListTableProps<T extends Record<string, any>, U extends ParamsType> extends ProTableProps<T, U> {
  /** A second list on one screen (a tab of it): the prefix of its URL parameters and the name of its column settings. */
  listId?: string;
}

type TableSize = TableDensity;
const TABLE_SIZES: readonly TableSize[] = ['small', 'middle', 'large'];

/** Where a list's column settings are kept: per account, screen and list. */
export const columnSettingsKey = (account: string, pathname: string, listId?: string) =>
  `console.table.${account}.${pathname}${listId ? `.${listId}` : ''}`;

function readSize(key: string): TableSize | undefined {
  const size = readStored(key);
  return TABLE_SIZES.includes(size as TableSize) ? (size as TableSize) : undefined;
}

type ColumnWidths = Record<string, number>;

function readWidths(key: string): ColumnWidths {
  try {
    const stored: unknown = JSON.parse(readStored(key) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, number] => Number.isFinite(entry[1])));
  } catch {
    return {};
  }
}

/** The name a column's width is kept under: its key, else its dataIndex. */
function columnName<T>(column: ProColumns<T>): string | undefined {
  if (column.key !== undefined) return String(column.key);
  if (column.dataIndex === undefined) return undefined;
  return Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : String(column.dataIndex);
}

/** The columns as this drawing of the table starts: the URL's sort as the sorted column's default; the search form's initial values come from the form. */
function startingColumns<T>(columns: ProColumns<T>[], state: ListState): ProColumns<T>[] {
  return columns.map((column) => {
    const { initialValue: _initial, ...rest } = column;
    const name = column.dataIndex ?? column.key;
    if (column.sorter !== true) return rest;
    const sorted = state.sort && String(name) === state.sort.field ? state.sort.order : null;
    return { ...rest, defaultSortOrder: sorted };
  });
}

interface Drawing {
  /** Bumped when the table must be drawn again from the URL. */
  count: number;
  /** The URL state (listQueryKey) it shows. */
  key: string;
  /** The state it shows now (updated by its own changes before they reach the URL). */
  state: ListState;
}

export default function ListTable<T extends Record<string, any>, U extends ParamsType = ParamsType>({
  listId,
  columns = [],
  form,
  pagination,
  onSubmit,
  onReset,
  onChange,
  options,
  ...rest
}: ListTableProps<T, U>) {
  const { pathname, search } = useLocation();
  const { initialState } = useModel('@@initialState');
  const account = initialState?.username ?? '';
  const paginationConfig = pagination === false ? false : { ...tablePagination, ...pagination };
  const queryOptions: ListQueryOptions = {
    prefix: listId ? `${listId}.` : '',
    defaultPageSize: (paginationConfig && paginationConfig.defaultPageSize) || DEFAULT_PAGE_SIZE,
  };
  const fields: QueryField[] = queryFields(columns);
  const sortable = sortableFields(columns);
  const key = listQueryKey(search, fields, queryOptions, sortable);

  const drawing = useRef<Drawing>();
  if (!drawing.current || drawing.current.key !== key) {
    drawing.current = {
      count: (drawing.current?.count ?? -1) + 1,
      key,
      state: listStateFromSearch(search, fields, queryOptions, sortable),
    };
  }
  const { count, state: start } = drawing.current;

  // Each drawing's starting props, the same objects for its whole life (a new form object on every
  // render kept ProTable loading: see the money e2e's history).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per drawing (count): `form` may be new on every render, and `write` replaces `start` within a drawing
  const startingForm = useMemo(() => ({ ...form, initialValues: { ...form?.initialValues, ...start.filters } }), [count]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per drawing (count) and columns: `write` replaces `start` within a drawing
  const shownColumns = useMemo(() => startingColumns(columns, start), [count, columns]);

  // Several changes in one event (a search also returns to page 1) make one history entry.
  const pending = useRef(false);
  const write = (change: Partial<ListState>, { redraw = false } = {}) => {
    const current = drawing.current!;
    current.state = { ...current.state, ...change };
    if (pending.current) return;
    pending.current = true;
    queueMicrotask(() => {
      pending.current = false;
      const here = history.location;
      if (here.pathname !== pathname) return;
      const next = searchWithListState(here.search, current.state, fields, queryOptions);
      const nextKey = listQueryKey(next, fields, queryOptions, sortable);
      if (nextKey === listQueryKey(here.search, fields, queryOptions, sortable)) return;
      if (redraw) current.count += 1;
      current.key = nextKey;
      history.push({ pathname, search: next });
    });
  };

  const settingsKey = columnSettingsKey(account, pathname, listId);
  const [size, setSize] = useState<TableSize | undefined>(() => readSize(`${settingsKey}.density`));

  // A column with a set width can be widened or narrowed on its header's edge; the others share
  // what is left.
  const [widths, setWidths] = useState<ColumnWidths>(() => readWidths(`${settingsKey}.widths`));
  const keptWidths = useRef(widths);
  keptWidths.current = widths;
  const changeWidths = useCallback(
    (change: (current: ColumnWidths) => ColumnWidths, { keep = false } = {}) => {
      const next = change(keptWidths.current);
      keptWidths.current = next;
      setWidths(next);
      if (keep) keepStored(`${settingsKey}.widths`, JSON.stringify(next));
    },
    [settingsKey],
  );
  const sizedColumns = useMemo(
    () =>
      shownColumns.map((column): ProColumns<T> => {
        const name = columnName(column);
        if (name === undefined || typeof column.width !== 'number') return column;
        const width = widths[name] ?? column.width;
        const resizing: ResizableHeaderCellProps = {
          width,
          onResizeWidth: (next) => changeWidths((current) => ({ ...current, [name]: next })),
          onResizeEnd: (next) => changeWidths((current) => ({ ...current, [name]: next }), { keep: true }),
          onResizeReset: () => changeWidths(({ [name]: _dropped, ...others }) => others, { keep: true }),
        };
        return {
          ...column,
          width,
          onHeaderCell: (shown) =>
            ({ ...column.onHeaderCell?.(shown), ...resizing }) as ReturnType<NonNullable<ProColumns<T>['onHeaderCell']>>,
        };
      }),
    [shownColumns, widths, changeWidths],
  );

  return (
    <ProTable<T, U>
      key={count}
      {...rest}
      columns={sizedColumns}
      components={{ ...rest.components, header: { ...rest.components?.header, cell: ResizableHeaderCell } }}
      form={startingForm}
      options={options === false ? false : { setting: { draggable: true }, ...options, density: false }}
      optionsRender={
        options === false
          ? undefined
          : (_, items) => [
              <DensityButton
                key="density"
                value={size}
                onChange={(next) => {
                  setSize(next);
                  keepStored(`${settingsKey}.density`, next);
                }}
              />,
              ...items,
            ]
      }
      columnsState={{ persistenceKey: settingsKey, persistenceType: 'localStorage' }}
      size={size}
      pagination={
        paginationConfig && {
          ...paginationConfig,
          defaultCurrent: start.current,
          defaultPageSize: start.pageSize,
          onChange: (page, pageSize) => {
            paginationConfig.onChange?.(page, pageSize);
            const shown = drawing.current!.state;
            if (page !== shown.current || pageSize !== shown.pageSize) write({ current: page, pageSize });
          },
        }
      }
      onSubmit={(values) => {
        onSubmit?.(values);
        const filters = Object.fromEntries(fields.map((field) => [field.name, (values as Record<string, unknown>)[field.name]]));
        write({ filters, current: FIRST_PAGE });
      }}
      onReset={() => {
        onReset?.();
        const initial = Object.fromEntries(fields.flatMap((field) => (field.initial === undefined ? [] : [[field.name, field.initial]])));
        write({ filters: initial, current: FIRST_PAGE }, { redraw: true });
      }}
      onChange={(changed, filters, sorter, extra) => {
        onChange?.(changed, filters, sorter, extra);
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = one?.field === undefined ? undefined : String(one.field);
        const sort = field && one.order && sortable.includes(field) ? { field, order: one.order } : undefined;
        const shown = drawing.current!.state.sort;
        if (extra?.action === 'sort' && (sort?.field !== shown?.field || sort?.order !== shown?.order)) write({ sort });
      }}
    />
  );
}
