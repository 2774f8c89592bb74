/**
 * Reading notifications: an account's items are its own (`recipient_id`) and those of the audiences
 * its grants put it in (not the ones it caused itself). Read state per account: a read-through mark
 * (全部已读) plus the items read one by one above it; an audience item whose work is done counts as read.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, max, not, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationItem, NotificationListQuery, UnreadCount } from '#contract/api/notification';
import { readerOf } from './audiences';
import type { Page } from '#contract/api';
import {
  foldedText,
  notificationLink,
  notificationText,
  UNREAD_COUNT_CAP,
  type NotificationAudience,
  type NotificationKind,
  type NotificationPayload,
} from '#contract/notifications';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { notificationReadMarks, notificationReads, notifications } from '../db/schema';
import { zonedTime } from '../businessTime';
import { sendSignal } from './signals';
import type { CallContext } from '../context';

/** `YYYY-MM-DD HH:mm` of zonedTime's `YYYY-MM-DD HH:mm:ss`. */
const MINUTE_LENGTH = 16;

/** Who reads: the account and the audiences its grants put it in (`audiencesOf`). */
export interface Reader {
  accountId: number;
  audiences: readonly NotificationAudience[];
}

/** The items `reader` may see, as a condition on `notifications`. */
function visibleTo({ accountId, audiences }: Reader): SQL {
  const own = eq(notifications.recipientId, accountId);
  if (audiences.length === 0) return own;
  return or(own, and(inArray(notifications.audience, [...audiences]), sql`${notifications.actorId} is distinct from ${accountId}`))!;
}

const readThrough = (accountId: number) =>
  sql`coalesce((select ${notificationReadMarks.readThroughId} from ${notificationReadMarks}
                where ${notificationReadMarks.accountId} = ${accountId}), 0)`;

/** Whether the notification counts as read for the account. */
const isRead = (accountId: number) =>
  sql<boolean>`(${notifications.id} <= ${readThrough(accountId)} or ${notifications.resolvedAt} is not null
       or exists (select 1 from ${notificationReads}
                  where ${notificationReads.accountId} = ${accountId} and ${notificationReads.notificationId} = ${notifications.id}))`;

/** The columns of an item: the notification's, and whether the reader read it. */
const itemColumns = (accountId: number) => ({
  id: notifications.id,
  kind: notifications.kind,
  recordKey: notifications.recordKey,
  data: notifications.data,
  createdAt: notifications.createdAt,
  repeats: notifications.repeats,
  withdrawn: sql<boolean>`${notifications.withdrawnAt} is not null`,
  // Nested: drizzle writes the columns of a single-table select's own fragments bare, which would
  // make the subqueries' `notifications.id` theirs.
  read: sql<boolean>`${isRead(accountId)}`,
});

type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

/** The items `reader` may see among those of `where`, as a select to finish (order, limit). */
const itemsOf = (db: Executor, reader: Reader, where?: SQL) =>
  db
    .select(itemColumns(reader.accountId))
    .from(notifications)
    .where(and(where, visibleTo(reader)))
    .$dynamic();

function toItem(row: ItemRow, timeZone: string): NotificationItem {
  const kind = row.kind as NotificationKind;
  const payload = { kind, data: row.data } as NotificationPayload;
  const { title, text } = notificationText(payload, row.recordKey, (iso) => zonedTime(iso, timeZone).slice(0, MINUTE_LENGTH));
  return {
    id: row.id,
    kind,
    title,
    text: foldedText(text, { repeats: row.repeats, withdrawn: Boolean(row.withdrawn) }),
    link: notificationLink(kind, row.recordKey),
    read: Boolean(row.read),
    createdAt: row.createdAt.toISOString(),
  };
}

/** `notification/list`: newest first. */
export async function listNotifications(
  { db, account, snapshot, config }: CallContext,
  query: NotificationListQuery,
): Promise<Page<NotificationItem>> {
  const reader = readerOf(account, snapshot);
  const timeZone = config.businessTimeZone;
  const where = query.unreadOnly ? and(visibleTo(reader), not(isRead(reader.accountId))) : visibleTo(reader);
  return pageOfQuery(
    query,
    {
      rows: db.select(itemColumns(reader.accountId)).from(notifications).where(where).orderBy(desc(notifications.id)).$dynamic(),
      count: db.select({ n: count() }).from(notifications).where(where),
    },
    (row) => toItem(row, timeZone),
  );
}

/** The items of `ids` that `reader` may see, oldest first (the stream's new items). */
export async function notificationsByIds(
  db: Executor,
  reader: Reader,
  ids: readonly number[],
  timeZone: string,
): Promise<NotificationItem[]> {
  if (ids.length === 0) return [];
  const rows = await itemsOf(db, reader, inArray(notifications.id, [...ids])).orderBy(asc(notifications.id));
  return rows.map((row) => toItem(row, timeZone));
}

/** The items after `afterId` that `reader` may see, oldest first, at most `limit` (a stream's catch-up). */
export async function notificationsAfter(
  db: Executor,
  reader: Reader,
  afterId: number,
  limit: number,
  timeZone: string,
): Promise<NotificationItem[]> {
  // The newest `limit`, read newest first and answered oldest first.
  const rows = await itemsOf(db, reader, gt(notifications.id, afterId)).orderBy(desc(notifications.id)).limit(limit);
  return rows.reverse().map((row) => toItem(row, timeZone));
}

/** The newest id of any item (a new stream starts after it). */
export async function newestNotificationId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(notifications.id) }).from(notifications);
  return row?.id ?? 0;
}

/** `notification/unreadCount`: up to UNREAD_COUNT_CAP. */
export async function unreadCount(db: Executor, reader: Reader): Promise<number> {
  const unread = db
    .select({ one: sql`1`.as('one') })
    .from(notifications)
    .where(and(visibleTo(reader), not(isRead(reader.accountId))))
    .limit(UNREAD_COUNT_CAP)
    .as('unread');
  const [row] = await db.select({ n: count() }).from(unread);
  return row?.n ?? 0;
}

/** `notification/unreadCount` */
export const unreadOf = async ({ db, account, snapshot }: CallContext): Promise<UnreadCount> => ({
  unread: await unreadCount(db, readerOf(account, snapshot)),
});

/** `notification/markRead`: the given items that `reader` may see become read; answers the unread count. */
export async function markRead({ db, account, snapshot }: CallContext, { ids }: { ids: number[] }): Promise<UnreadCount> {
  const reader = readerOf(account, snapshot);
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationReads)
      .select((qb) =>
        qb
          .select({
            accountId: sql<number>`${reader.accountId}`.as('account_id'),
            notificationId: notifications.id,
            // The column's default, which an insert of a select must spell out.
            readAt: sql<Date>`now()`.as('read_at'),
          })
          .from(notifications)
          .where(and(inArray(notifications.id, ids), visibleTo(reader))),
      )
      .onConflictDoNothing();
    // The account's other tabs and devices update their badge.
    await sendSignal(tx, { r: reader.accountId });
  });
  return { unread: await unreadCount(db, reader) };
}

/**
 * `notification/markAllRead` (全部已读): every item the reader may see, up to `throughId` when given
 * (the newest one it was shown), becomes read: the read-through mark moves up (never down) and the
 * single reads below it are dropped.
 */
export async function markAllRead({ db, account, snapshot }: CallContext, { throughId }: { throughId?: number }): Promise<UnreadCount> {
  const reader = readerOf(account, snapshot);
  await db.transaction(async (tx) => {
    const [top] = await tx
      .select({ id: max(notifications.id) })
      .from(notifications)
      .where(and(visibleTo(reader), throughId === undefined ? undefined : lte(notifications.id, throughId)));
    const mark = top?.id ?? 0;
    if (mark === 0) return;
    await tx
      .insert(notificationReadMarks)
      .values({ accountId: reader.accountId, readThroughId: mark })
      .onConflictDoUpdate({
        target: notificationReadMarks.accountId,
        set: { readThroughId: sql`greatest(${notificationReadMarks.readThroughId}, excluded.read_through_id)` },
      });
    await tx
      .delete(notificationReads)
      .where(and(eq(notificationReads.accountId, reader.accountId), lte(notificationReads.notificationId, mark)));
    await sendSignal(tx, { r: reader.accountId });
  });
  return { unread: await unreadCount(db, reader) };
}
