/**
 * The safety net under the lock order (server/db/locks.ts): a transaction that PostgreSQL aborts
 * as a deadlock victim (40P01) or a serialization failure (40001) is run again, whole, up to
 * `TRANSACTION_TRIES` times with a jittered pause. Such an abort rolled everything back, so the
 * callback starts from a clean slate; callbacks therefore touch only the database. Every retry is
 * logged: in a healthy system the count stays at zero.
 */
import type { Db } from './client';
import { pgErrorCode } from './query';

export const RETRIED_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);
export const TRANSACTION_TRIES = 3;

export interface TransactionRetry {
  /** The SQLSTATE that aborted the try. */
  code: string;
  /** The try that failed (1 or 2; the last one's error is thrown). */
  attempt: number;
  /** Retries by this handle so far, this one included. */
  total: number;
}

/** Transactions of this handle running now (the metrics' gauge). */
export interface TransactionActivity {
  active: number;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, attempt * (10 + Math.random() * 40)));

/**
 * `db` whose top-level `transaction` retries as described above (nested ones, savepoints, are not
 * retried on their own: the outer transaction is). Everything else is `db` itself.
 */
export function withTransactionRetry(db: Db, onRetry: (retry: TransactionRetry) => void, activity?: TransactionActivity): Db {
  let total = 0;
  const transaction: Db['transaction'] = async (callback, config) => {
    for (let attempt = 1; ; attempt += 1) {
      if (activity) activity.active += 1;
      try {
        return await db.transaction(callback, config);
      } catch (error) {
        const code = pgErrorCode(error);
        if (!code || !RETRIED_CODES.has(code) || attempt >= TRANSACTION_TRIES) throw error;
        total += 1;
        onRetry({ code, attempt, total });
        await pause(attempt);
      } finally {
        if (activity) activity.active -= 1;
      }
    }
  };
  return Object.create(db, { transaction: { value: transaction } }) as Db;
}
