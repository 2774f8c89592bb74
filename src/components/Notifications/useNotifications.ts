/**
 * The bell's state: the unread count, the list shown in its panel, and the live stream. The stream
 * runs only while the tab is shown: a tab in the background closes it (no request at all), and
 * showing the tab again reads the count (and the open list) anew and reopens the stream.
 */
import { useDocumentVisibility } from 'ahooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NotificationItem } from '#contract/api/notification';
import { getUnreadCount, listNotifications, markAllNotificationsRead, markNotificationsRead } from '@/services/notification';
import { ignoreRefusal } from '@/services/tryCall';
import { openNotificationStream, type StreamHandlers } from './liveStream';
import { announceRecordChange } from './recordChanges';

/** Items per page of the panel. */
export const PANEL_PAGE_SIZE = 10;

export type ListState = 'idle' | 'loading' | 'failed' | 'ready';

export interface Notifications {
  /** Unknown (not read yet) is null: the badge shows nothing. */
  unread: number | null;
  items: NotificationItem[];
  list: ListState;
  hasMore: boolean;
  loadingMore: boolean;
  /** Reads the first page (the panel opened, or 重试). */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  markRead(item: NotificationItem): Promise<void>;
  markAllRead(): Promise<void>;
}

/** New items first, each id once. */
const merge = (first: NotificationItem[], then: NotificationItem[]) => {
  const seen = new Set<number>();
  return [...first, ...then].filter((item) => !seen.has(item.id) && seen.add(item.id)).sort((a, b) => b.id - a.id);
};

export function useNotifications({ enabled, panelOpen }: { enabled: boolean; panelOpen: boolean }): Notifications {
  const visible = useDocumentVisibility() !== 'hidden';
  const [unread, setUnread] = useState<number | null>(null);
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [list, setList] = useState<ListState>('idle');
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const lastEventId = useRef<string>();
  const listLoaded = useRef(false);
  const panelShown = useRef(panelOpen);
  panelShown.current = panelOpen;

  const refreshCount = useCallback(async () => {
    try {
      setUnread((await getUnreadCount()).unread);
    } catch {
      // the badge keeps what it showed; the stream will bring the next count
    }
  }, []);

  const load = useCallback(async () => {
    setList('loading');
    try {
      const first = await listNotifications(1, PANEL_PAGE_SIZE);
      setItems(first.list);
      setTotal(first.total);
      setPage(1);
      setList('ready');
      listLoaded.current = true;
    } catch {
      setList('failed');
    }
  }, []);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const next = await listNotifications(page + 1, PANEL_PAGE_SIZE);
      setItems((shown) => merge(shown, next.list));
      setTotal(next.total);
      setPage(page + 1);
    } catch {
      // 加载更多 stays for another try
    } finally {
      setLoadingMore(false);
    }
  }, [page]);

  // The live stream, while logged in and shown; the count is read first (the stream then keeps it).
  useEffect(() => {
    if (!enabled || !visible) return undefined;
    void refreshCount();
    if (panelShown.current) void load();
    const handlers: StreamHandlers = {
      onItem: (item) => {
        announceRecordChange(item.kind);
        if (!listLoaded.current) return;
        setItems((shown) => merge([item], shown));
        setTotal((count) => count + 1);
      },
      onUnread: setUnread,
      // Read the count once more: its answer (A0230) takes the request layer to the login page.
      onSessionEnd: () => void refreshCount(),
    };
    const stream = openNotificationStream(handlers, { lastEventId: lastEventId.current });
    return () => {
      lastEventId.current = stream.lastEventId();
      stream.close();
    };
  }, [enabled, visible, refreshCount, load]);

  // The panel reads its list each time it opens.
  useEffect(() => {
    if (enabled && panelOpen) void load();
  }, [enabled, panelOpen, load]);

  const markRead = useCallback(async (item: NotificationItem) => {
    if (item.read) return;
    setItems((shown) => shown.map((each) => (each.id === item.id ? { ...each, read: true } : each)));
    try {
      setUnread((await markNotificationsRead([item.id])).unread);
    } catch {
      // the stream or the next opening corrects it
    }
  }, []);

  const markAllRead = useCallback(async () => {
    const newest = items[0]?.id;
    const marked = await markAllNotificationsRead(newest).catch(ignoreRefusal);
    if (!marked) return;
    setUnread(marked.unread);
    setItems((shown) => shown.map((each) => (newest !== undefined && each.id <= newest ? { ...each, read: true } : each)));
  }, [items]);

  return { unread, items, list, hasMore: items.length < total, loadingMore, load, loadMore, markRead, markAllRead };
}
