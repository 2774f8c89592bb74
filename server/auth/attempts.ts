/**
 * Login and register attempts, kept in the database so that every instance agrees: the per-address
 * rate limit (attempts a minute) and the per-account lockout (5 wrong passwords in 10 minutes lock
 * the account for 10 minutes). Each attempt row is also the login log: address, username as typed,
 * user agent, account, outcome (`success`), time.
 *
 * Both limits hold under any concurrency because an attempt is counted *before* its password is
 * checked, in one short transaction that serialises the attempts it competes with:
 *   - per address: `pg_advisory_xact_lock(<class>, hashtext(network))`, then count the attempts of
 *     the last minute from the address's network (itself, or an IPv6 address's /64), then insert this one;
 *   - per account: the account row `for update`, then count its failed or still pending attempts
 *     in the window (a pending attempt is stored as a failure until its password proves right).
 * So 13 concurrent logins to one account never verify more than 5 passwords, and 40 concurrent
 * attempts from one address never get more than the limit through.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor, Tx } from '../db/client';
import { queryOne } from '../db/query';
import { clientNetwork } from '../clientNetwork';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_SECONDS = 10 * 60;
export const LOCKOUT_SECONDS = 10 * 60;
/** The username as typed is logged trimmed and cut to this length. */
export const LOGGED_USERNAME_MAX = 100;
/** The user agent is logged cut to this length. */
export const LOGGED_USER_AGENT_MAX = 300;

export type AttemptKind = 'login' | 'register';

export interface AttemptSource {
  ip: string;
  userAgent: string | null;
  /** The username (or email) as typed; null when there is none (register logs its username). */
  username: string | null;
}

const logged = (value: string | null, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

/** A User-Agent header as the login log keeps it: trimmed, at most LOGGED_USER_AGENT_MAX characters, null when empty. */
export const loggedUserAgent = (value: string | null) => logged(value, LOGGED_USER_AGENT_MAX);

async function insertAttempt(tx: Tx, source: AttemptSource, kind: AttemptKind, accountId: number | null): Promise<number> {
  const row = await queryOne<{ id: unknown }>(
    tx,
    sql`insert into auth_attempts (ip, network, kind, account_id, success, username, user_agent)
        values (${source.ip}, ${clientNetwork(source.ip)}, ${kind}, ${accountId}, false, ${logged(source.username, LOGGED_USERNAME_MAX)},
                ${loggedUserAgent(source.userAgent)})
        returning id`,
  );
  return Number(row!.id);
}

/**
 * Takes the lock of the address's network (itself, or an IPv6 address's /64) until the transaction
 * ends and tells whether the attempts of the last minute from that network, before this one, are
 * fewer than `limitPerMinute`.
 */
async function addressAllows(tx: Tx, ip: string, limitPerMinute: number): Promise<boolean> {
  const network = clientNetwork(ip);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.signinAddress}, hashtext(${network}))`);
  const row = await queryOne<{ n: number }>(
    tx,
    sql`select count(*)::int as n from auth_attempts where network = ${network} and at > now() - interval '1 minute'`,
  );
  return (row?.n ?? 0) < limitPerMinute;
}

/**
 * Records a register attempt (atomically with the per-address count) and tells whether it is
 * within the limit. Returns the attempt's id (settled later with `settleAttempt`).
 */
export async function recordAttempt(
  db: Db,
  source: AttemptSource,
  kind: AttemptKind,
  limitPerMinute: number,
): Promise<{ attemptId: number; allowed: boolean }> {
  return db.transaction(async (tx) => {
    const allowed = await addressAllows(tx, source.ip, limitPerMinute);
    return { attemptId: await insertAttempt(tx, source, kind, null), allowed };
  });
}

export async function settleAttempt(db: Executor, attemptId: number, accountId: number | null, success: boolean) {
  await db.execute(sql`update auth_attempts set account_id = ${accountId}, success = ${success} where id = ${attemptId}`);
}

/**
 * The failed or pending login attempts that count towards the lockout: for an account, those of the
 * window since its last success and the end of its last lock; for a name no account has, the
 * attempts at that name of the window (it "locks" alike, so that a lockout does not tell which
 * accounts exist).
 */
function countedFailures(accountId: number | null, name: string): SQL {
  if (accountId === null) {
    return sql`select count(*)::int as n from auth_attempts f
               where f.account_id is null and f.kind = 'login' and not f.success
                 and lower(f.username) = lower(${logged(name, LOGGED_USERNAME_MAX)})
                 and f.at > now() - make_interval(secs => ${LOCKOUT_WINDOW_SECONDS})`;
  }
  return sql`select count(*)::int as n from auth_attempts f, accounts a
             where a.id = ${accountId} and f.account_id = a.id and f.kind = 'login' and not f.success
               and f.at > greatest(
                 now() - make_interval(secs => ${LOCKOUT_WINDOW_SECONDS}),
                 coalesce(a.locked_until, '-infinity'::timestamptz),
                 coalesce((select max(s.at) from auth_attempts s
                           where s.account_id = a.id and s.kind = 'login' and s.success), '-infinity'::timestamptz))`;
}

async function lockAccount(executor: Executor, accountId: number) {
  await executor.execute(sql`update accounts set locked_until = now() + make_interval(secs => ${LOCKOUT_SECONDS}) where id = ${accountId}`);
}

export type LoginGate<A> =
  | { outcome: 'rateLimited'; attemptId: number }
  | { outcome: 'locked'; attemptId: number; account: A | undefined }
  /** Go on and verify the password (against a dummy hash when `account` is undefined). */
  | { outcome: 'verify'; attemptId: number; account: A | undefined };

/**
 * The first, atomic, half of a login: the per-address limit, then the account (found by `find`,
 * whose statement must lock the account row `for update`), its lock and its counted failures; the
 * attempt is recorded as a failure before any password is verified. A sixth attempt while five are
 * failed or pending locks the account.
 */
export async function beginLogin<A extends { id: number; locked: boolean }>(
  db: Db,
  source: AttemptSource & { username: string },
  limitPerMinute: number,
  find: (tx: Tx) => Promise<A | undefined>,
): Promise<LoginGate<A>> {
  return db.transaction(async (tx): Promise<LoginGate<A>> => {
    if (!(await addressAllows(tx, source.ip, limitPerMinute))) {
      return { outcome: 'rateLimited', attemptId: await insertAttempt(tx, source, 'login', null) };
    }
    const account = await find(tx);
    const accountId = account?.id ?? null;
    let locked = account?.locked ?? false;
    if (!locked) {
      const counted = await queryOne<{ n: number }>(tx, countedFailures(accountId, source.username));
      if ((counted?.n ?? 0) >= LOCKOUT_FAILURES) {
        locked = true;
        if (accountId !== null) await lockAccount(tx, accountId);
      }
    }
    const attemptId = await insertAttempt(tx, source, 'login', accountId);
    return { outcome: locked ? 'locked' : 'verify', attemptId, account };
  });
}

/**
 * After a wrong password (the attempt is already counted): locks the account when its counted
 * failures reach the limit. Answers whether the account (or the unknown name) is now locked.
 */
export async function registerFailure(db: Db, accountId: number | null, name: string): Promise<boolean> {
  const counted = await queryOne<{ n: number }>(db, countedFailures(accountId, name));
  if ((counted?.n ?? 0) < LOCKOUT_FAILURES) return false;
  if (accountId !== null) await lockAccount(db, accountId);
  return true;
}

/** How long attempts and dead sessions are kept; see `pruneAuthData`. */
export interface Retention {
  /** Attempts older than this many days are deleted (the login log reads them). */
  attemptsDays: number;
}

/** Deletes attempts older than the retention; answers how many. */
export async function pruneAttempts(db: Executor, retention: Retention): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`with deleted as (
          delete from auth_attempts where at < now() - make_interval(days => ${retention.attemptsDays}) returning 1)
        select count(*)::int as n from deleted`,
  );
  return row?.n ?? 0;
}
