/**
 * A ProTable's paged list with a failed load told apart from an empty one: spread the result on
 * the table (`<ProTable {...usePagedList('shop/list', { actionRef })} …>`). When the last load
 * failed the table shows 加载失败 with 重试 (which loads again) instead of 暂无数据.
 */
import type { ActionType } from '@ant-design/pro-components';
import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Empty, theme } from 'antd';
import { useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { compactFilters, pagedRequest, type PagedPath, type TableAnswer, type RowOf } from './proTable';

const text = UI_TEXT.list;

export interface PagedListOptions<F> {
  /** Maps the search form's values to the call's filters (see `pagedRequest`). */
  toBody?: (params: F) => Record<string, unknown>;
  /** The table's own actionRef, when the screen reloads it too. */
  actionRef?: MutableRefObject<ActionType | undefined>;
  /** What an empty list says (default 暂无数据). */
  emptyText?: ReactNode;
  /** Kept up to date with the filters the list was last loaded with (its body without the page): what 导出 sends. */
  filtersRef?: MutableRefObject<Record<string, unknown>>;
}

export function ListLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { token } = theme.useToken();
  return (
    // Not the Empty image: its picture is titled 暂无数据.
    <Empty
      image={<DisconnectOutlined style={{ fontSize: 40, color: token.colorTextQuaternary }} />}
      imageStyle={{ height: 48 }}
      description={text.loadFailed}
    >
      <Button onClick={onRetry}>{text.retry}</Button>
    </Empty>
  );
}

type Request<P extends PagedPath, F> = (
  params: F & { current?: number; pageSize?: number; keyword?: string },
) => Promise<TableAnswer<RowOf<P>>>;
interface PagedListProps<P extends PagedPath, F> {
  request: Request<P, F>;
  locale: { emptyText: ReactNode };
}

/** With the screen's own `actionRef` (which it keeps passing to the table). */
export function usePagedList<P extends PagedPath, F extends Record<string, unknown> = Record<string, unknown>>(
  path: P,
  options: PagedListOptions<F> & { actionRef: MutableRefObject<ActionType | undefined> },
): PagedListProps<P, F>;
/** Without one: the table takes the list's. */
export function usePagedList<P extends PagedPath, F extends Record<string, unknown> = Record<string, unknown>>(
  path: P,
  options?: PagedListOptions<F>,
): PagedListProps<P, F> & { actionRef: MutableRefObject<ActionType | undefined> };
export function usePagedList<P extends PagedPath, F extends Record<string, unknown> = Record<string, unknown>>(
  path: P,
  { toBody, actionRef: givenRef, emptyText, filtersRef }: PagedListOptions<F> = {},
): PagedListProps<P, F> & { actionRef?: MutableRefObject<ActionType | undefined> } {
  const ownRef = useRef<ActionType>();
  const actionRef = givenRef ?? ownRef;
  const [failed, setFailed] = useState(false);
  const load = pagedRequest<P, F>(path, (params) => {
    const body = toBody ? toBody(params) : params;
    if (filtersRef) filtersRef.current = compactFilters(body);
    return body;
  });

  const request: Request<P, F> = async (params) => {
    let answer: TableAnswer<RowOf<P>> | undefined;
    try {
      answer = await load(params);
    } catch {
      // the request layer already said what went wrong
    }
    const ok = Boolean(answer?.success);
    setFailed(!ok);
    // A failed load empties the table, so its error state shows rather than stale rows.
    return ok ? answer! : { data: [], total: 0, success: true };
  };

  const locale = { emptyText: failed ? <ListLoadFailed onRetry={() => actionRef.current?.reload()} /> : emptyText };
  return givenRef ? { request, locale } : { request, locale, actionRef };
}
