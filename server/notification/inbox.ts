/**
 * Reading notifications: an account's items are its own (`recipient_id`) and those of the audiences
 * its grants put it in (not the ones it caused itself). Read state per account: a read-through mark
 * (全部已读) plus the items read one by one above it; an audience item whose work is done counts as read.
 */
import { sql, type SQL } from 'drizzle-orm';
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
} from '#contract/notifications';
import type { Executor } from '../db/client';
import { fetchPage } from '../db/paging';
import { type DriverValue, queryOne, queryRows, toIso } from '../db/query';
import type { notifications } from '../db/schema';
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

/** The items `reader` may see, as a condition on `notifications n`. */
function visibleTo({ accountId, audiences }: Reader): SQL {
  const own = sql`n.recipient_id = ${accountId}`;
  if (audiences.length === 0) return own;
  const names = sql.join(
    audiences.map((audience) => sql`${audience}`),
    sql`, `,
  );
  return sql`(${own} or (n.audience in (${names}) and n.actor_id is distinct from ${accountId}))`;
}

const readThrough = (accountId: number) =>
  sql`coalesce((select m.read_through_id from notification_read_marks m where m.account_id = ${accountId}), 0)`;

/** Whether `n` counts as read for the account. */
const isRead = (accountId: number) =>
  sql`(n.id <= ${readThrough(accountId)} or n.resolved_at is not null
       or exists (select 1 from notification_reads r where r.account_id = ${accountId} and r.notification_id = n.id))`;

/** A row of `itemColumns`: the notification's columns as the schema types them, and whether the reader read it. */
type ItemRow = Pick<typeof notifications.$inferSelect, 'recordKey' | 'repeats'> & {
  id: DriverValue;
  kind: NotificationKind;
  data: DriverValue;
  createdAt: DriverValue;
  read: boolean;
  withdrawn: boolean;
};

const itemColumns = (accountId: number) =>
  sql`n.id, n.kind, n.record_key as "recordKey", n.data, n.created_at as "createdAt", n.repeats,
      n.withdrawn_at is not null as withdrawn, ${isRead(accountId)} as read`;

function toItem(row: ItemRow, timeZone: string): NotificationItem {
  const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  const payload = { kind: row.kind, data };
  const { title, text } = notificationText(payload, row.recordKey, (iso) => zonedTime(iso, timeZone).slice(0, MINUTE_LENGTH));
  return {
    id: Number(row.id),
    kind: row.kind,
    title,
    text: foldedText(text, { repeats: Number(row.repeats), withdrawn: Boolean(row.withdrawn) }),
    link: notificationLink(row.kind, row.recordKey),
    read: Boolean(row.read),
    createdAt: toIso(row.createdAt)!,
  };
}

/** `notification/list`: newest first. */
export async function listNotifications(
  { db, account, snapshot, config }: CallContext,
  query: NotificationListQuery,
): Promise<Page<NotificationItem>> {
  const reader = readerOf(account, snapshot);
  const timeZone = config.businessTimeZone;
  const where = query.unreadOnly ? sql`${visibleTo(reader)} and not ${isRead(reader.accountId)}` : visibleTo(reader);
  return fetchPage<ItemRow, NotificationItem>(
    db,
    query,
    {
      rows: sql`select ${itemColumns(reader.accountId)} from notifications n where ${where} order by n.id desc`,
      count: sql`select count(*)::int as n from notifications n where ${where}`,
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
  const rows = await queryRows<ItemRow>(
    db,
    sql`select ${itemColumns(reader.accountId)} from notifications n
        where n.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${visibleTo(reader)} order by n.id`,
  );
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
  const rows = await queryRows<ItemRow>(
    db,
    sql`select * from (select ${itemColumns(reader.accountId)} from notifications n
        where n.id > ${afterId} and ${visibleTo(reader)} order by n.id desc limit ${limit}) newest order by id`,
  );
  return rows.map((row) => toItem(row, timeZone));
}

/** The newest id of any item (a new stream starts after it). */
export async function newestNotificationId(db: Executor): Promise<number> {
  const row = await queryOne<{ id: unknown }>(db, sql`select coalesce(max(id), 0) as id from notifications`);
  return Number(row?.id ?? 0);
}

/** `notification/unreadCount`: up to UNREAD_COUNT_CAP. */
export async function unreadCount(db: Executor, reader: Reader): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from notifications n where ${visibleTo(reader)} and not ${isRead(reader.accountId)} limit ${UNREAD_COUNT_CAP}) unread`,
  );
  return Number(row?.n ?? 0);
}

/** `notification/unreadCount` */
export const unreadOf = async ({ db, account, snapshot }: CallContext): Promise<UnreadCount> => ({
  unread: await unreadCount(db, readerOf(account, snapshot)),
});

/** `notification/markRead`: the given items that `reader` may see become read; answers the unread count. */
export async function markRead({ db, account, snapshot }: CallContext, { ids }: { ids: number[] }): Promise<UnreadCount> {
  const reader = readerOf(account, snapshot);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into notification_reads (account_id, notification_id)
          select ${reader.accountId}, n.id from notifications n
          where n.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and ${visibleTo(reader)}
          on conflict do nothing`,
    );
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
    const upTo = throughId === undefined ? sql`` : sql`and n.id <= ${throughId}`;
    const top = await queryOne<{ id: unknown }>(
      tx,
      sql`select coalesce(max(n.id), 0) as id from notifications n where ${visibleTo(reader)} ${upTo}`,
    );
    const mark = Number(top?.id ?? 0);
    if (mark === 0) return;
    await tx.execute(
      sql`insert into notification_read_marks (account_id, read_through_id) values (${reader.accountId}, ${mark})
          on conflict (account_id) do update
          set read_through_id = greatest(notification_read_marks.read_through_id, excluded.read_through_id)`,
    );
    await tx.execute(sql`delete from notification_reads where account_id = ${reader.accountId} and notification_id <= ${mark}`);
    await sendSignal(tx, { r: reader.accountId });
  });
  return { unread: await unreadCount(db, reader) };
}
