/**
 * The open notification streams of this instance. It listens on the notification channel of the
 * database (every instance does), and when a committed change concerns a stream's account it reads
 * what that account may see and writes it to the stream: the new items, then the unread count.
 * A heartbeat keeps proxies from closing idle streams and checks, for all streams in one query,
 * that their sessions still live (a revoked, expired or idle session ends its stream) and which
 * roles their accounts hold now.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CODES } from '#contract/codes';
import { MAX_STREAMS_PER_SESSION, STREAM_EVENTS, type NotificationAudience } from '#contract/notifications';
import type { NotificationItem } from '#contract/api/notification';
import type { Db } from '../db/client';
import type { Listen, Unlisten } from '../db/listen';
import type { RbacCache } from '../rbac/snapshot';
import { audiencesOf } from './audiences';
import { newestNotificationId, notificationsAfter, notificationsByIds, unreadCount, type Reader } from './inbox';
import { liveSessions, type LiveSession } from './liveSessions';
import { concerns, NOTIFY_CHANNEL, parseSignal, type Signal } from './signals';

/** A reconnecting stream gets at most this many of the items it missed (the list call has the rest). */
export const CATCH_UP_LIMIT = 20;

/** Where a stream's text goes (the HTTP response). */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
}

/** One Server-Sent Event. */
export function sseEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

class Subscriber {
  audiences: Set<NotificationAudience> = new Set();
  rbacVersion = -1;
  roleKey = '';
  /** The newest item id sent (the stream's `id:`; a reconnect continues after it). */
  lastId = 0;
  lastUnread = -1;
  closed = false;
  readonly pendingIds = new Set<number>();
  catchUp = false;
  busy = false;
  again = false;

  constructor(
    readonly sessionId: number,
    readonly accountId: number,
    private readonly sink: StreamSink,
  ) {}

  reader(): Reader {
    return { accountId: this.accountId, audiences: [...this.audiences] };
  }

  write(chunk: string) {
    if (!this.closed) this.sink.write(chunk);
  }

  end() {
    if (this.closed) return;
    this.closed = true;
    this.sink.end();
  }
}

export interface HubOptions {
  db: Db;
  rbac: RbacCache;
  idleSeconds: number;
  timeZone: string;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}

export class NotificationHub {
  private readonly subscribers = new Set<Subscriber>();
  private unlisten: Unlisten | undefined;
  private listening = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(private readonly options: HubOptions) {}

  /** Starts listening; a restarted listen (after a lost connection) makes every stream catch up. */
  async start(listen: Listen): Promise<void> {
    this.unlisten = await listen(
      NOTIFY_CHANNEL,
      (payload) => this.onSignal(parseSignal(payload)),
      () => {
        if (this.listening) for (const subscriber of this.subscribers) this.schedule(subscriber, { catchUp: true });
        this.listening = true;
      },
    );
    this.heartbeat = setInterval(() => {
      this.beating ??= this.beat().finally(() => {
        this.beating = undefined;
      });
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** How many streams are open here. */
  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Opens a stream for a live session: it first gets the items after `lastEventId` (a reconnect;
   * a new stream starts from now) and the unread count.
   */
  async open(session: LiveSession, lastEventId: number | undefined, sink: StreamSink): Promise<Subscriber> {
    const subscriber = new Subscriber(session.sessionId, session.accountId, sink);
    await this.follow(subscriber, session);
    subscriber.lastId = lastEventId ?? (await newestNotificationId(this.options.db));
    // At most MAX_STREAMS_PER_SESSION per session here: the oldest (first in the set's order) goes,
    // with an end event, so its tab does not reconnect (and close the next one, round and round).
    const ofSession = [...this.subscribers].filter((open) => open.sessionId === session.sessionId);
    for (const oldest of ofSession.slice(0, Math.max(0, ofSession.length - MAX_STREAMS_PER_SESSION + 1))) {
      oldest.write(sseEvent(STREAM_EVENTS.end, { reason: 'replaced' }));
      this.close(oldest);
    }
    this.subscribers.add(subscriber);
    this.schedule(subscriber, { catchUp: lastEventId !== undefined });
    return subscriber;
  }

  close(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    subscriber.end();
  }

  /** Ends every stream (the server stops: the clients reconnect to another instance) and stops listening. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const subscriber of this.subscribers) this.close(subscriber);
    await this.beating;
    await this.unlisten?.();
  }

  /** Takes the account's current roles: its audiences follow its grants. Answers whether they changed. */
  private async follow(subscriber: Subscriber, session: LiveSession): Promise<boolean> {
    const roleKey = session.roleIds.join(',');
    if (roleKey === subscriber.roleKey && session.rbacVersion === subscriber.rbacVersion) return false;
    const snapshot = await this.options.rbac.atLeast(session.rbacVersion);
    const audiences = new Set(audiencesOf(snapshot.forRoles(session.roleIds).urls));
    const changed = [...audiences].join() !== [...subscriber.audiences].join();
    Object.assign(subscriber, { audiences, roleKey, rbacVersion: session.rbacVersion });
    return changed;
  }

  private onSignal(signal: Signal | undefined) {
    if (!signal) return;
    if (signal.e) this.endSessions(new Set(signal.e));
    for (const subscriber of this.subscribers) {
      if (!concerns(signal, subscriber.accountId, subscriber.audiences)) continue;
      if (signal.id) subscriber.pendingIds.add(signal.id);
      this.schedule(subscriber);
    }
  }

  /** The streams of sessions that ended: told so and closed now, not at the next heartbeat. */
  private endSessions(ended: ReadonlySet<number>) {
    for (const subscriber of [...this.subscribers]) {
      if (!ended.has(subscriber.sessionId)) continue;
      subscriber.write(sseEvent(STREAM_EVENTS.end, { code: CODES.LOGIN_EXPIRED }));
      this.close(subscriber);
    }
  }

  /** Reads and writes what a stream is owed; calls arriving meanwhile are folded into one more round. */
  private schedule(subscriber: Subscriber, { catchUp = false } = {}) {
    if (catchUp) subscriber.catchUp = true;
    if (subscriber.busy) {
      subscriber.again = true;
      return;
    }
    subscriber.busy = true;
    void this.deliver(subscriber).finally(() => {
      subscriber.busy = false;
    });
  }

  private async deliver(subscriber: Subscriber) {
    const { db, timeZone, log } = this.options;
    do {
      subscriber.again = false;
      const ids = [...subscriber.pendingIds];
      subscriber.pendingIds.clear();
      const catchUp = subscriber.catchUp;
      subscriber.catchUp = false;
      try {
        const reader = subscriber.reader();
        const items: NotificationItem[] = catchUp
          ? await notificationsAfter(db, reader, subscriber.lastId, CATCH_UP_LIMIT, timeZone)
          : await notificationsByIds(db, reader, ids, timeZone);
        for (const item of items) {
          subscriber.lastId = Math.max(subscriber.lastId, item.id);
          subscriber.write(sseEvent(STREAM_EVENTS.item, item, subscriber.lastId));
        }
        const unread = await unreadCount(db, reader);
        if (unread !== subscriber.lastUnread) {
          subscriber.lastUnread = unread;
          subscriber.write(sseEvent(STREAM_EVENTS.unread, { unread }));
        }
      } catch (error) {
        if (subscriber.closed) return;
        log.warn({ err: error }, 'notification stream: reading failed');
      }
    } while (subscriber.again && !subscriber.closed);
  }

  /** The heartbeat: a comment on every stream, and the sessions checked (ended ones end their stream). */
  private async beat() {
    const { db, idleSeconds, log } = this.options;
    const open = [...this.subscribers];
    if (open.length === 0) return;
    let live: Map<number, LiveSession>;
    try {
      live = await liveSessions(db, [...new Set(open.map((subscriber) => subscriber.sessionId))], idleSeconds);
    } catch (error) {
      log.warn({ err: error }, 'notification stream: checking the sessions failed');
      for (const subscriber of open) subscriber.write(': heartbeat\n\n');
      return;
    }
    for (const subscriber of open) {
      const session = live.get(subscriber.sessionId);
      if (!session) {
        subscriber.write(sseEvent(STREAM_EVENTS.end, { code: CODES.LOGIN_EXPIRED }));
        this.close(subscriber);
        continue;
      }
      subscriber.write(': heartbeat\n\n');
      if (await this.follow(subscriber, session).catch(() => false)) this.schedule(subscriber);
    }
  }
}
