/**
 * Writing notifications: each is inserted by the transaction of the change it announces (so a
 * rolled-back change announces nothing), after that transaction's row locks (step 5 of
 * docs/concurrency.md), with its signal to every instance sent on commit.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  NOTIFICATION_COALESCE_MINUTES,
  NOTIFICATION_KINDS,
  type NotificationDataMap,
  type NotificationKind,
} from '#contract/notifications';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
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

/**
 * Writes the item inside `tx` and signals it on commit; answers its id (null when not written).
 * An item of a kind that `folds` (contract/notifications.ts: an order, a withdrawal request) folds
 * its actor's earlier items of the kind whose work is done or taken back, from the
 * NOTIFICATION_COALESCE_MINUTES after the first of them: they are deleted and the new item counts
 * them (`repeats`), so a burst is one item, unread as any new item is, and nothing still waiting for
 * someone is hidden. Those paths hold the actor's account lock, so one actor's folds run one after
 * the other.
 */
export async function announce(tx: Executor, announcement: Announcement): Promise<number | null> {
  const { kind, record, data, actorId } = announcement;
  const { record: recordType, to } = NOTIFICATION_KINDS[kind];
  const recipientId = 'recipientId' in announcement ? announcement.recipientId : null;
  if (to === 'owner' && (recipientId === null || recipientId === actorId)) return null;
  const audience = to === 'owner' ? null : to;
  if (audience !== null && actorId !== null && 'folds' in NOTIFICATION_KINDS[kind]) {
    const folded = await queryOne<{ id: number | string }>(
      tx,
      sql`with folded as (
            delete from notifications
            where actor_id = ${actorId} and kind = ${kind} and audience = ${audience} and resolved_at is not null
              and first_at > now() - make_interval(mins => ${NOTIFICATION_COALESCE_MINUTES})
            returning repeats, first_at
          )
          insert into notifications (kind, audience, actor_id, record_type, record_key, data, repeats, first_at)
          select ${kind}, ${audience}, ${actorId}, ${recordType}, ${String(record)}, ${JSON.stringify(data)}::jsonb,
                 1 + coalesce(sum(repeats), 0), coalesce(min(first_at), now())
          from folded
          returning id`,
    );
    const id = Number(folded!.id);
    await sendSignal(tx, { id, a: audience, x: actorId });
    return id;
  }
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
 * its own pending order, an operator its release request), in the transaction that took it back.
 * An item of a kind that `folds` is resolved (no longer unread) and reads 已撤回: the actor's next
 * item of the kind within the window folds it (`announce`), so making and taking back changes in a
 * loop leaves one item that counts them. Any other concerned nobody and is deleted with its read marks.
 */
export async function withdrawAnnouncement(tx: Executor, kind: AudienceKind, record: string | number): Promise<number> {
  const { record: recordType, to } = NOTIFICATION_KINDS[kind];
  const about = and(eq(notifications.kind, kind), eq(notifications.recordType, recordType), eq(notifications.recordKey, String(record)));
  const rows =
    'folds' in NOTIFICATION_KINDS[kind]
      ? await tx
          .update(notifications)
          .set({ resolvedAt: sql`coalesce(${notifications.resolvedAt}, now())`, withdrawnAt: sql`now()` })
          .where(about)
          .returning({ id: notifications.id })
      : await tx.delete(notifications).where(about).returning({ id: notifications.id });
  if (rows.length > 0) await sendSignal(tx, { a: to });
  return rows.length;
}
