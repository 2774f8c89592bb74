/**
 * The notifications of an order, written in the transaction that changes it: a new pending order
 * waits for the confirmers (order staff); its member hears when it is paid, cancelled by staff or
 * refunded, and then it no longer waits for anyone; cancelled by its member, it is taken back.
 */
import type { Executor } from '../db/client';
import { announce, resolveAnnouncement, withdrawAnnouncement } from '../notification/announce';
import type { OrderRecord } from './records';

type OrderRef = Pick<OrderRecord, 'orderNo' | 'accountId' | 'levelName'>;

/** A member's new pending order, for the confirmers. */
export async function announceOrderCreated(tx: Executor, order: OrderRef & { username: string; amountCents: number }) {
  await announce(tx, {
    kind: 'order.created',
    record: order.orderNo,
    data: { username: order.username, levelName: order.levelName, amountCents: order.amountCents },
    actorId: order.accountId,
  });
}

export type OrderOutcomeNotice =
  { kind: 'order.paid'; expiresAt: string } | { kind: 'order.cancelled'; note: string } | { kind: 'order.refunded'; amountCents: number };

/**
 * What became of an order, for its member (unless the member did it), and the confirmers' item
 * resolved; withdrawn when the member cancelled its own order (a create-and-cancel loop leaves the
 * confirmers' lists as they were).
 */
export async function announceOrderOutcome(tx: Executor, order: OrderRef, actorId: number, outcome: OrderOutcomeNotice) {
  if (outcome.kind === 'order.cancelled' && actorId === order.accountId) await withdrawAnnouncement(tx, 'order.created', order.orderNo);
  else await resolveAnnouncement(tx, 'order.created', order.orderNo);
  const common = { record: order.orderNo, recipientId: order.accountId, actorId };
  const { levelName } = order;
  switch (outcome.kind) {
    case 'order.paid':
      return announce(tx, { ...common, kind: outcome.kind, data: { levelName, expiresAt: outcome.expiresAt } });
    case 'order.cancelled':
      return announce(tx, { ...common, kind: outcome.kind, data: { levelName, note: outcome.note } });
    case 'order.refunded':
      return announce(tx, { ...common, kind: outcome.kind, data: { levelName, amountCents: outcome.amountCents } });
  }
}
