/**
 * The live notifications: Server-Sent Events from the server (fed by PostgreSQL LISTEN/NOTIFY on
 * every instance, docs/notifications.md). EventSource can not send the Authorization header, so
 * each connection first gets a single-use ticket from an authenticated call. A dropped connection
 * is not retried by EventSource (its ticket is spent): it is closed and opened again with a new
 * ticket after a growing pause, continuing after the last event it got (`lastEventId`).
 */
import type { NotificationItem } from '#contract/api/notification';
import { CODES } from '#contract/codes';
import { NOTIFICATION_STREAM_PATH, STREAM_EVENTS } from '#contract/notifications';
import { getStreamTicket } from '@/services/notification';
import { CallRefusal } from '@/services/request';

export interface StreamHandlers {
  onItem(item: NotificationItem): void;
  onUnread(unread: number): void;
  /** The session ended (logged out elsewhere, expired): the stream is not opened again. */
  onSessionEnd(): void;
}

/** What the stream needs from the browser and the API (replaced in tests). */
export interface StreamDependencies {
  ticket(): Promise<{ ticket: string } | 'login-expired' | null>;
  open(url: string): EventSource;
  /** Pauses before the n-th retry (1, 2, …). */
  retryDelayMs(attempt: number): number;
}

/** 1 s, 2 s, 4 s … up to 60 s, with a little jitter so that a restarted server is not met by every tab at once. */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 1_000 * 2 ** (attempt - 1)) + Math.floor(Math.random() * 500);

const browserDependencies: StreamDependencies = {
  async ticket() {
    try {
      return await getStreamTicket();
    } catch (error) {
      return error instanceof CallRefusal && error.code === CODES.LOGIN_EXPIRED ? 'login-expired' : null;
    }
  },
  open: (url) => new EventSource(url),
  retryDelayMs,
};

export function streamUrl(ticket: string, lastEventId: string | undefined): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId) query.set('lastEventId', lastEventId);
  return `${NOTIFICATION_STREAM_PATH}?${query.toString()}`;
}

const parse = (event: Event): any => {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
};

/**
 * Opens the stream and keeps it open until `close()` (a background tab closes it; the bell opens a
 * new one when the tab is shown again, continuing after `lastEventId`).
 */
export function openNotificationStream(
  handlers: StreamHandlers,
  { lastEventId }: { lastEventId?: string } = {},
  dependencies: StreamDependencies = browserDependencies,
): { close(): void; lastEventId(): string | undefined } {
  let closed = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let lastId = lastEventId;

  const retry = () => {
    if (closed) return;
    attempt += 1;
    timer = setTimeout(() => void connect(), dependencies.retryDelayMs(attempt));
  };

  async function connect() {
    if (closed) return;
    const ticket = await dependencies.ticket();
    if (closed) return;
    if (ticket === 'login-expired') return handlers.onSessionEnd();
    if (!ticket) return retry();
    const current = dependencies.open(streamUrl(ticket.ticket, lastId));
    source = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.addEventListener(STREAM_EVENTS.item, (event) => {
      const item = parse(event) as NotificationItem | undefined;
      if (event.lastEventId) lastId = event.lastEventId;
      if (item) handlers.onItem(item);
    });
    current.addEventListener(STREAM_EVENTS.unread, (event) => {
      const unread = parse(event)?.unread;
      if (typeof unread === 'number') handlers.onUnread(unread);
    });
    current.addEventListener(STREAM_EVENTS.end, () => {
      current.close();
      source = undefined;
      closed = true;
      handlers.onSessionEnd();
    });
    // A spent ticket can not reopen it: close it and start again with a new ticket.
    current.onerror = () => {
      current.close();
      if (source === current) source = undefined;
      retry();
    };
  }

  void connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = undefined;
    },
    lastEventId: () => lastId,
  };
}
