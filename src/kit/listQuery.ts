/**
 * A list's state in its URL: the search form's filters, the page, the page size and the sort
 * (`?status=paid&created=2026-11-01,2026-11-25&current=2&sort=createdAt:descend`). Every list
 * (src/components/ListTable.tsx) reads it when it opens and writes it on each change, so a
 * filtered list's link can be shared, the back button steps through its states, and the bar of
 * open pages brings a list back as it was left. The fields are the table's own search columns.
 * The dashboard's cards link to lists filtered the same way (listLink).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '#contract/constants';

/** A search form field as the URL carries it: a text (or a select's value), or a range `a,b`. */
export interface QueryField {
  name: string;
  kind: 'text' | 'range';
  /** The column's initialValue: the field's value when the URL does not name it. */
  initial?: unknown;
  /** A select's option values, when some are not strings (a level id): the URL's text maps back to them. */
  options?: readonly unknown[];
}

export type SortOrder = 'ascend' | 'descend';

export interface ListState {
  filters: Record<string, unknown>;
  current: number;
  pageSize: number;
  sort?: { field: string; order: SortOrder };
}

export interface ListQueryOptions {
  /** Names the parameters of a second list on one screen (`audit.current`); none for the screen's list. */
  prefix?: string;
  defaultPageSize?: number;
}

const RANGE_TYPES = new Set(['dateRange', 'dateTimeRange', 'timeRange', 'digitRange']);
/** A date, or a date and time, as ProTable's string dateFormatter writes them. */
const RANGE_END = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const SORT_ORDERS: readonly SortOrder[] = ['ascend', 'descend'];

const fieldName = (column: ProColumns<any>): string | undefined => {
  const name = column.dataIndex ?? column.key;
  if (Array.isArray(name)) return name.join('.');
  return name === undefined || name === null ? undefined : String(name);
};

/** The search form's fields of a table's columns (those ProTable puts in its search form). */
export function queryFields(columns: readonly ProColumns<any>[]): QueryField[] {
  return columns.flatMap((column): QueryField[] => {
    const name = fieldName(column);
    if (!name || column.search === false || column.hideInSearch || column.valueType === 'option') return [];
    const valueType = typeof column.valueType === 'string' ? column.valueType : undefined;
    const fieldProps = typeof column.fieldProps === 'object' ? (column.fieldProps as { options?: Array<{ value?: unknown }> }) : undefined;
    const values = fieldProps?.options?.map((option) => option.value);
    return [
      {
        name,
        kind: valueType && RANGE_TYPES.has(valueType) ? 'range' : 'text',
        ...(column.initialValue !== undefined && { initial: column.initialValue }),
        ...(values?.some((value) => typeof value !== 'string') && { options: values }),
      },
    ];
  });
}

/** The names of a table's sortable columns (sorter: true, a server sort). */
export const sortableFields = (columns: readonly ProColumns<any>[]): string[] =>
  columns.filter((column) => column.sorter === true).flatMap((column) => fieldName(column) ?? []);

function parseText(field: QueryField, text: string): unknown {
  const option = field.options?.find((value) => String(value) === text);
  return option ?? text;
}

function parseRange(text: string): [string, string] | undefined {
  const [from, to, extra] = text.split(',');
  return extra === undefined && from && to && RANGE_END.test(from) && RANGE_END.test(to) ? [from, to] : undefined;
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The list's state in `search` (location.search): a field the URL leaves out takes its initial value; named but empty, none. */
export function listStateFromSearch(
  search: string,
  fields: readonly QueryField[],
  { prefix = '', defaultPageSize = DEFAULT_PAGE_SIZE }: ListQueryOptions = {},
  sortable: readonly string[] = [],
): ListState {
  const params = new URLSearchParams(search);
  const filters: Record<string, unknown> = {};
  for (const field of fields) {
    const text = params.get(prefix + field.name);
    if (text === null) {
      if (field.initial !== undefined) filters[field.name] = field.initial;
      continue;
    }
    const value = field.kind === 'range' ? parseRange(text) : text === '' ? undefined : parseText(field, text);
    if (value !== undefined) filters[field.name] = value;
  }
  const [sortField, sortOrder] = (params.get(`${prefix}sort`) ?? '').split(':');
  const sort =
    sortable.includes(sortField) && SORT_ORDERS.includes(sortOrder as SortOrder)
      ? { field: sortField, order: sortOrder as SortOrder }
      : undefined;
  return {
    filters,
    current: positive(params.get(`${prefix}current`), FIRST_PAGE),
    pageSize: positive(params.get(`${prefix}pageSize`), defaultPageSize),
    ...(sort && { sort }),
  };
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const asText = (value: unknown) => (Array.isArray(value) ? value.map(String).join(',') : String(value));

/**
 * `search` with the list's parameters replaced by `state` (other parameters, such as a screen's
 * tab, stay). Defaults are left out: page 1, the default page size, a field at its initial value.
 */
export function searchWithListState(
  search: string,
  state: ListState,
  fields: readonly QueryField[],
  { prefix = '', defaultPageSize = DEFAULT_PAGE_SIZE }: ListQueryOptions = {},
): string {
  const params = new URLSearchParams(search);
  for (const field of fields) {
    const name = prefix + field.name;
    const value = state.filters[field.name];
    params.delete(name);
    if (isEmpty(value)) {
      // An emptied field with an initial value says so, or it would come back.
      if (field.initial !== undefined) params.set(name, '');
    } else if (field.initial === undefined || asText(value) !== asText(field.initial)) {
      params.set(name, asText(value));
    }
  }
  const set = (name: string, value: string | undefined) =>
    value === undefined ? params.delete(prefix + name) : params.set(prefix + name, value);
  set('current', state.current === FIRST_PAGE ? undefined : String(state.current));
  set('pageSize', state.pageSize === defaultPageSize ? undefined : String(state.pageSize));
  set('sort', state.sort ? `${state.sort.field}:${state.sort.order}` : undefined);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The part of `search` that is this list's state, in a fixed form: tells the list's own writes from a change made elsewhere (back button, a link). */
export function listQueryKey(
  search: string,
  fields: readonly QueryField[],
  options: ListQueryOptions = {},
  sortable: readonly string[] = [],
): string {
  return searchWithListState('', listStateFromSearch(search, fields, options, sortable), fields, options);
}

/** A list link with its filters as the URL query (the form `listStateFromSearch` reads). */
export function listLink(path: string, filters: Record<string, string | readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(filters)) params.set(field, typeof value === 'string' ? value : value.join(','));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
