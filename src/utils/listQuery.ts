/**
 * A list's filters from its URL (`?status=pending`, `?created=2026-11-01,2026-11-25`): the links
 * of the dashboard's cards open a list already filtered. Each list names the fields it reads;
 * the values become its search form's initial values (ProTable loads its first page with them).
 */
import { useState } from 'react';
import dayjs from '@/utils/dayjs';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search form's initial values from `search` (location.search) for the fields `fields`: plain texts, `created`-like ranges `a,b`. */
export function filtersFromSearch(search: string, fields: { text?: readonly string[]; ranges?: readonly string[] }): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const field of fields.text ?? []) {
    const value = params.get(field);
    if (value) values[field] = value;
  }
  for (const field of fields.ranges ?? []) {
    const [from, to] = (params.get(field) ?? '').split(',');
    if (from && to && DAY.test(from) && DAY.test(to)) values[field] = [from, to];
  }
  return values;
}

/**
 * A ProTable's `form` props with the initial values from the URL: one object for the screen's life.
 * A new `form` object on every render kept the table loading with its rows greyed out (the money e2e
 * saw an empty 提现审批 for 10 s after its only request had answered).
 */
export function useSearchFormFromUrl(fields: { text?: readonly string[]; ranges?: readonly string[] }): { initialValues: Record<string, unknown> } {
  const [form] = useState(() => ({ initialValues: filtersFromSearch(window.location.search, fields) }));
  return form;
}

/** A list link with its filters as the URL query (the form `filtersFromSearch` reads). */
export function listLink(path: string, filters: Record<string, string | readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(filters)) params.set(field, typeof value === 'string' ? value : value.join(','));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A whole-day range (the browser's zone, as the lists' date filters) as ISO bounds: [from 00:00, the day after `to` 00:00). */
export function dayRangeBounds(range: readonly [string, string] | undefined): { from: string; to: string } | undefined {
  if (!range?.[0] || !range?.[1]) return undefined;
  return { from: dayjs(range[0]).startOf('day').toISOString(), to: dayjs(range[1]).add(1, 'day').startOf('day').toISOString() };
}
