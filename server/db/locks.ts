/**
 * The one lock order of the writes that move money or membership (docs/concurrency.md). A
 * transaction takes the row locks it needs in this order, and only then inserts rows that
 * reference them:
 *
 *   1. `accounts`, ascending id (`lockAccounts`);
 *   2. `salespeople` (the ledger's balance row, `postLedgerEntry`);
 *   3. `bank_cards`;
 *   4. `orders`, `withdrawals`;
 *   then the inserts (orders, withdrawals, ledger_entries, audit_log …).
 *
 * Account rows are taken `for no key update`, the lock an `update` of non-key columns takes itself:
 * it queues writers of the same account, but not the foreign-key checks (`for key share`) of rows
 * inserted elsewhere that reference the account (a session, a login attempt, an audit row, another
 * account's commission entry), so those neither wait on it nor close a cycle with it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';
import { queryOne, queryRows } from './query';

/** The lock clause of an account row (step 1), for queries that read the row while locking it. */
export const ACCOUNT_ROW_LOCK: SQL = sql.raw('for no key update');

/**
 * Locks the account rows of `ids` (nulls and repeats ignored) in ascending id order; answers the ids
 * that exist. Take it once, first, with every account the transaction will write or charge.
 */
export async function lockAccounts(tx: Executor, ids: readonly (number | null | undefined)[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
  if (wanted.length === 0) return new Set();
  if (wanted.length === 1) {
    const row = await queryOne<{ id: number }>(tx, sql`select id from accounts where id = ${wanted[0]} ${ACCOUNT_ROW_LOCK}`);
    return new Set(row ? [Number(row.id)] : []);
  }
  // LockRows runs above the sort, so the rows are locked in id order.
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from accounts where id in (${sql.join(
      wanted.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id ${ACCOUNT_ROW_LOCK}`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Locks a member's account and the account of the salesperson who referred it. A referrer is set
 * when the account is created and only ever cleared (a referral voided in 推荐审核), so it is read
 * before the lock: at worst one account too many is locked, and the payment reads it again under the lock.
 */
export async function lockAccountAndReferrer(tx: Executor, accountId: number): Promise<{ exists: boolean; referrerId: number | null }> {
  const row = await queryOne<{ referrerId: number | null }>(
    tx,
    sql`select referrer_id as "referrerId" from accounts where id = ${accountId}`,
  );
  if (!row) return { exists: false, referrerId: null };
  const referrerId = row.referrerId === null ? null : Number(row.referrerId);
  const locked = await lockAccounts(tx, [accountId, referrerId]);
  return { exists: locked.has(accountId), referrerId };
}
