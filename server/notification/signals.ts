/**
 * The signal every instance listens for (PostgreSQL LISTEN/NOTIFY): `pg_notify` runs in the
 * transaction of the change, so the signal goes out when, and only when, that transaction commits.
 * It names who is concerned, not what happened: each listener reads what its streams may see.
 */
import { sql } from 'drizzle-orm';
import type { NotificationAudience } from '#contract/notifications';
import { NOTIFICATION_AUDIENCES } from '#contract/notifications';
import type { Executor } from '../db/client';

export const NOTIFY_CHANNEL = 'console_notifications';

export interface Signal {
  /** A new item. */
  id?: number;
  /** For this account (its own item, or its read state changed). */
  r?: number;
  /** For this audience (a new item, or items resolved). */
  a?: NotificationAudience;
  /** The account that made the change: an audience item is not for it. */
  x?: number;
  /** Sessions that just ended (logout, revoked, password changed, account disabled): their streams end at once. */
  e?: number[];
}

/** Session ids per signal: pg_notify's payload is limited to 8000 bytes. */
const ENDED_PER_SIGNAL = 500;

/** Tells every instance, when the transaction of `tx` commits, that `sessionIds` ended. */
export async function signalSessionsEnded(tx: Executor, sessionIds: readonly number[]): Promise<void> {
  for (let start = 0; start < sessionIds.length; start += ENDED_PER_SIGNAL) {
    await sendSignal(tx, { e: sessionIds.slice(start, start + ENDED_PER_SIGNAL) });
  }
}

/** Sends `signal` when the transaction of `tx` commits. */
export async function sendSignal(tx: Executor, signal: Signal): Promise<void> {
  // Raw: a call of pg_notify, no table.
  await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(signal)})`);
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/** A payload as a signal; anything else on the channel is ignored (undefined). */
export function parseSignal(payload: string): Signal | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, r, a, x, e } = value as Record<string, unknown>;
  const audience = NOTIFICATION_AUDIENCES.find((name) => name === a);
  const ended = Array.isArray(e) ? e.map(positive).filter((session): session is number => session !== undefined) : [];
  const signal: Signal = { id: positive(id), r: positive(r), a: audience, x: positive(x), ...(ended.length ? { e: ended } : {}) };
  return signal.r || signal.a || signal.e ? signal : undefined;
}

/** Whether a signal concerns the account `accountId` belonging to `audiences`. */
export function concerns(signal: Signal, accountId: number, audiences: ReadonlySet<NotificationAudience>): boolean {
  if (signal.r === accountId) return true;
  return signal.a !== undefined && audiences.has(signal.a) && signal.x !== accountId;
}
