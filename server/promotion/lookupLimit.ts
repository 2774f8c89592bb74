/**
 * A per-address ceiling on the public `account/inviter` lookups: the same number per minute as
 * login and register (AUTH_RATE_LIMIT_PER_MINUTE), so guessing invite codes is no faster than
 * guessing passwords. Beside it the /api ceiling of every call holds.
 *
 * Kept in the database (`inviter_lookups`), so every instance counts the same lookups, and exact
 * under concurrency as the sign-in limit is (server/auth/attempts.ts): in one short transaction,
 * the address's advisory lock, then the count of its last minute, then the insert. Only admitted
 * lookups are stored: a flood from one address adds at most the limit's rows a minute.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor } from '../db/client';
import { queryOne } from '../db/query';
import { inviterLookups } from '../db/schema';
import { clientNetwork } from '../clientNetwork';

/**
 * Counts one lookup from `ip`; false (and nothing stored) when its network (the address, or an IPv6
 * address's /64) has used up its minute.
 */
export async function admitLookup(db: Db, ip: string, limitPerMinute: number): Promise<boolean> {
  const network = clientNetwork(ip);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.inviterLookupAddress}, hashtext(${network}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(inviterLookups)
      .where(and(eq(inviterLookups.network, network), gt(inviterLookups.at, sql`now() - interval '1 minute'`)));
    if ((recent?.n ?? 0) >= limitPerMinute) return false;
    await tx.insert(inviterLookups).values({ ip, network });
    return true;
  });
}

/** Deletes the lookups older than an hour (they no longer count); answers how many. */
export async function pruneLookups(executor: Executor): Promise<number> {
  const deleted = await queryOne<{ n: number }>(
    executor,
    sql`with deleted as (delete from inviter_lookups where at < now() - interval '1 hour' returning 1)
        select count(*)::int as n from deleted`,
  );
  return deleted?.n ?? 0;
}
