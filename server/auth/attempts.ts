/**
 * Login and register attempts, kept in the database so that every instance agrees: the per-address
 * rate limit (attempts a minute) and the per-account lockout (5 wrong passwords in 10 minutes lock
 * the account for 10 minutes).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_SECONDS = 10 * 60;
export const LOCKOUT_SECONDS = 10 * 60;

/**
 * Records an attempt from `ip` and tells whether it is within the limit (the attempts of the last
 * minute before this one are fewer than `limitPerMinute`). Returns the attempt's id.
 */
export async function recordAttempt(
  db: Db,
  ip: string,
  kind: 'login' | 'register',
  limitPerMinute: number,
): Promise<{ attemptId: number; allowed: boolean }> {
  const row = await queryOne<{ id: unknown; recent: number }>(
    db,
    sql`with recent as (
          select count(*)::int as n from auth_attempts
          where ip = ${ip} and at > now() - interval '1 minute'
        ), inserted as (
          insert into auth_attempts (ip, kind, success) values (${ip}, ${kind}, false) returning id
        )
        select inserted.id, recent.n as recent from inserted, recent`,
  );
  return { attemptId: Number(row!.id), allowed: row!.recent < limitPerMinute };
}

export async function settleAttempt(db: Db, attemptId: number, accountId: number | null, success: boolean) {
  await db.execute(
    sql`update auth_attempts set account_id = ${accountId}, success = ${success} where id = ${attemptId}`,
  );
}

/**
 * After a wrong password: counts the account's failures in the window (since its last success and
 * the end of its last lock) and locks it when they reach the limit. Returns whether it is now locked.
 */
export async function registerFailure(db: Db, accountId: number): Promise<boolean> {
  const row = await queryOne<{ locked: boolean }>(
    db,
    sql`with failures as (
          select count(*)::int as n from auth_attempts f, accounts a
          where a.id = ${accountId} and f.account_id = a.id and f.kind = 'login' and not f.success
            and f.at > greatest(
              now() - make_interval(secs => ${LOCKOUT_WINDOW_SECONDS}),
              coalesce(a.locked_until, '-infinity'::timestamptz),
              coalesce((select max(s.at) from auth_attempts s
                        where s.account_id = a.id and s.kind = 'login' and s.success), '-infinity'::timestamptz))
        )
        update accounts set locked_until = now() + make_interval(secs => ${LOCKOUT_SECONDS})
        where id = ${accountId} and (select n from failures) >= ${LOCKOUT_FAILURES}
        returning true as locked`,
  );
  return Boolean(row?.locked);
}

/** Old attempts are of no use after a day; bootstrap trims them. */
export async function pruneAttempts(db: Db) {
  await db.execute(sql`delete from auth_attempts where at < now() - interval '1 day'`);
}
