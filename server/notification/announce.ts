/**
 * Writing notifications: each is inserted by the transaction of the change it announces (so a
 * rolled-back change announces nothing), after that transaction's row locks (step 5 of
 * docs/concurrency.md), with its signal to every instance sent on commit.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationDataMap, type NotificationKind } from '#contract/notifications';
import type { Executor } from '../db/client';
import { notifications } from '../db/schema';
import { sendSignal } from './signals';

type OwnerKind = { [K in NotificationKind]: (typeof NOTIFICATION_KINDS)[K]['to'] extends 'owner' ? K : never }[NotificationKind];
type AudienceKind = Exclude<NotificationKind, OwnerKind>;

interface AnnouncementBase<K extends NotificationKind> {
  kind: K;
  /** The record's key: a withdrawal's id, an order's number… */
  record: string | number;
  data: NotificationDataMap[K];
  /** Who made the change (null: the system). */
  actorId: number | null;
}

/** An item for one account: the record's owner. Not written when the owner made the change itself. */
export type OwnAnnouncement<K extends OwnerKind = OwnerKind> = AnnouncementBase<K> & { recipientId: number; dedupeKey?: string };
/** An item for an audience (contract/notifications.ts), resolved from the reader's grants. */
export type AudienceAnnouncement<K extends AudienceKind = AudienceKind> = AnnouncementBase<K>;

type Announcement = { [K in OwnerKind]: OwnAnnouncement<K> }[OwnerKind] | { [K in AudienceKind]: AudienceAnnouncement<K> }[AudienceKind];

/** Writes the item inside `tx` and signals it on commit; answers its id (null when not written). */
export async function announce(tx: Executor, announcement: Announcement): Promise<number | null> {
  const { kind, record, data, actorId } = announcement;
  const { record: recordType, to } = NOTIFICATION_KINDS[kind];
  const recipientId = 'recipientId' in announcement ? announcement.recipientId : null;
  if (to === 'owner' && (recipientId === null || recipientId === actorId)) return null;
  const audience = to === 'owner' ? null : to;
  const [row] = await tx
    .insert(notifications)
    .values({
      kind,
      recipientId,
      audience,
      actorId,
      recordType,
      recordKey: String(record),
      data,
      dedupeKey: 'dedupeKey' in announcement ? announcement.dedupeKey : undefined,
    })
    .returning({ id: notifications.id });
  await sendSignal(tx, audience ? { id: row.id, a: audience, ...(actorId ? { x: actorId } : {}) } : { id: row.id, r: recipientId! });
  return row.id;
}

/**
 * The pending work an audience item announced is done (a withdrawal reviewed, an order paid or
 * cancelled): the item stops counting as unread for everyone in the audience, in the transaction
 * that did the work.
 */
export async function resolveAnnouncement(
  tx: Executor,
  kind: AudienceKind,
  record: string | number,
  options: { allBut?: boolean } = {},
): Promise<number> {
  const { record: recordType, to } = NOTIFICATION_KINDS[kind];
  const rows = await tx
    .update(notifications)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(notifications.kind, kind),
        eq(notifications.recordType, recordType),
        (options.allBut ? ne : eq)(notifications.recordKey, String(record)),
        isNull(notifications.resolvedAt),
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length > 0) await sendSignal(tx, { a: to });
  return rows.length;
}

/**
 * The change an audience item announced was taken back by the one who made it (a member cancelling
 * its own pending order): the item concerned nobody and goes from every list, so that making and
 * taking back changes can not fill other people's lists. In the transaction that took it back.
 */
export async function withdrawAnnouncement(tx: Executor, kind: AudienceKind, record: string | number): Promise<number> {
  const { record: recordType, to } = NOTIFICATION_KINDS[kind];
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.kind, kind), eq(notifications.recordType, recordType), eq(notifications.recordKey, String(record))))
    .returning({ id: notifications.id });
  if (rows.length > 0) await sendSignal(tx, { a: to });
  return rows.length;
}
