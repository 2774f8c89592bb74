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
import { and, count, eq, gt, inArray, isNull, max, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor, Tx } from '../db/client';
import { queryOne } from '../db/query';
import { accounts, ATTEMPT_KINDS, authAttempts } from '../db/schema';
import { clientNetwork } from '../clientNetwork';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_SECONDS = 10 * 60;
export const LOCKOUT_SECONDS = 10 * 60;
/** The username as typed is logged trimmed and cut to this length. */
export const LOGGED_USERNAME_MAX = 100;
/** The user agent is logged cut to this length. */
export const LOGGED_USER_AGENT_MAX = 300;

export type AttemptKind = (typeof ATTEMPT_KINDS)[number];
/** The attempts that prove the account's holder (a password, a second factor, a passkey): their failures count towards its lockout, their successes end the count. */
const PASSWORD_KINDS = ['login', 'stepUp', 'secondFactor', 'passkey'] as const satisfies readonly AttemptKind[];

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
  const [row] = await tx
    .insert(authAttempts)
    .values({
      ip: source.ip,
      network: clientNetwork(source.ip),
      kind,
      accountId,
      success: false,
      username: logged(source.username, LOGGED_USERNAME_MAX),
      userAgent: loggedUserAgent(source.userAgent),
    })
    .returning({ id: authAttempts.id });
  return row.id;
}

/**
 * Takes the lock of the address's network (itself, or an IPv6 address's /64) until the transaction
 * ends and tells whether the attempts of the last minute from that network, before this one, are
 * fewer than `limitPerMinute`.
 */
async function addressAllows(tx: Tx, ip: string, limitPerMinute: number): Promise<boolean> {
  const network = clientNetwork(ip);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.signinAddress}, hashtext(${network}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.network, network), gt(authAttempts.at, sql`now() - interval '1 minute'`)));
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
  await db.update(authAttempts).set({ accountId, success }).where(eq(authAttempts.id, attemptId));
}

/** The time of the outer row's account's last successful login (a subquery of `countedFailures`). */
const successes = alias(authAttempts, 's');
const lastSuccess = (executor: Executor) =>
  executor
    .select({ at: max(successes.at) })
    .from(successes)
    .where(and(eq(successes.accountId, accounts.id), inArray(successes.kind, [...PASSWORD_KINDS]), successes.success));

/**
 * The failed or pending login attempts that count towards the lockout: for an account, those of the
 * window since its last success and the end of its last lock; for a name no account has, the
 * attempts at that name of the window (it "locks" alike, so that a lockout does not tell which
 * accounts exist).
 */
function countedFailures(executor: Executor, accountId: number | null, name: string) {
  if (accountId === null) {
    return executor
      .select({ n: count() })
      .from(authAttempts)
      .where(
        and(
          isNull(authAttempts.accountId),
          eq(authAttempts.kind, 'login'),
          not(authAttempts.success),
          sql`lower(${authAttempts.username}) = lower(${logged(name, LOGGED_USERNAME_MAX)})`,
          gt(authAttempts.at, sql`now() - make_interval(secs => ${LOCKOUT_WINDOW_SECONDS})`),
        ),
      );
  }
  return executor
    .select({ n: count() })
    .from(authAttempts)
    .innerJoin(accounts, eq(accounts.id, authAttempts.accountId))
    .where(
      and(
        eq(accounts.id, accountId),
        inArray(authAttempts.kind, [...PASSWORD_KINDS]),
        not(authAttempts.success),
        gt(
          authAttempts.at,
          sql`greatest(
                now() - make_interval(secs => ${LOCKOUT_WINDOW_SECONDS}),
                coalesce(${accounts.lockedUntil}, '-infinity'::timestamptz),
                coalesce(${lastSuccess(executor)}, '-infinity'::timestamptz))`,
        ),
      ),
    );
}

async function lockAccount(executor: Executor, accountId: number) {
  await executor
    .update(accounts)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCKOUT_SECONDS})` })
    .where(eq(accounts.id, accountId));
}

export type LoginGate<A> =
  | { outcome: 'rateLimited'; attemptId: number }
  /** `lockedNow`: this attempt locked it (the lockout's security event); false when it was locked already. */
  | { outcome: 'locked'; attemptId: number; account: A | undefined; lockedNow: boolean }
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
  /** A step-up gives the password of a signed-in account: the same limits, logged as such. */
  kind: (typeof PASSWORD_KINDS)[number] = 'login',
): Promise<LoginGate<A>> {
  return db.transaction(async (tx): Promise<LoginGate<A>> => {
    if (!(await addressAllows(tx, source.ip, limitPerMinute))) {
      return { outcome: 'rateLimited', attemptId: await insertAttempt(tx, source, kind, null) };
    }
    const account = await find(tx);
    const accountId = account?.id ?? null;
    const lockedBefore = account?.locked ?? false;
    let lockedNow = false;
    if (!lockedBefore) {
      const [counted] = await countedFailures(tx, accountId, source.username);
      if ((counted?.n ?? 0) >= LOCKOUT_FAILURES) {
        lockedNow = true;
        if (accountId !== null) await lockAccount(tx, accountId);
      }
    }
    const attemptId = await insertAttempt(tx, source, kind, accountId);
    if (lockedBefore || lockedNow) return { outcome: 'locked', attemptId, account, lockedNow };
    return { outcome: 'verify', attemptId, account };
  });
}

/**
 * After a wrong password (the attempt is already counted): locks the account when its counted
 * failures reach the limit. Answers whether the account (or the unknown name) is now locked.
 */
export async function registerFailure(db: Db, accountId: number | null, name: string): Promise<boolean> {
  const [counted] = await countedFailures(db, accountId, name);
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
