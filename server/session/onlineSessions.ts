/**
 * 在线用户 (staff): every live session of an enabled account, and ending one (强制下线, audited;
 * the account is back on /login at its next call).
 */
import { and, count, desc, eq, ilike, like, sql } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { AccountSessionsEnded, OnlineSession, OnlineSessionQuery, SessionEnded } from '#contract/api/session';
import { pageOfQuery } from '../db/paging';
import { containsPattern, prefixPattern, queryOne } from '../db/query';
import { accountRoles, accounts, sessions } from '../db/schema';
import { badParameter } from '../refusal';
import { assertMayManageAccount, mayManage } from '../rbac/authority';
import { endSessions, liveSessionCondition } from '../auth/sessions';
import { ONLINE_SESSION_MESSAGES } from './messages';
import type { CallContext } from '../context';

export async function listOnlineSessions(caller: CallContext, body: OnlineSessionQuery): Promise<Page<OnlineSession>> {
  const { db } = caller;
  const idleSeconds = caller.config.sessionIdleSeconds;
  const where = and(
    liveSessionCondition(idleSeconds),
    eq(accounts.status, 'enabled'),
    body.username ? ilike(accounts.username, containsPattern(body.username)) : undefined,
    body.ip ? like(sessions.ip, prefixPattern(body.ip)) : undefined,
  );
  const { account, snapshot } = caller;
  return pageOfQuery(
    body,
    {
      rows: db
        .select({
          id: sessions.id,
          accountId: sessions.accountId,
          username: accounts.username,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          roleIds: sql<
            number[] | null
          >`array(select ${accountRoles.roleId} from ${accountRoles} where ${accountRoles.accountId} = ${accounts.id})`,
        })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(where)
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId)).where(where),
    },
    (row) => ({
      id: row.id,
      accountId: row.accountId,
      username: row.username,
      ip: row.ip,
      userAgent: row.userAgent,
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === account.sessionId,
      // Ending one's own other sessions is allowed; another account's only within one's grants.
      manageable: row.accountId === account.id || mayManage(snapshot, account, row.accountId, (row.roleIds ?? []).map(Number)),
    }),
  );
}

export async function forceLogout({ db, config, account, snapshot, audit }: CallContext, { id }: { id: number }): Promise<SessionEnded> {
  const idleSeconds = config.sessionIdleSeconds;
  return db.transaction(async (tx) => {
    const session = await queryOne<Pick<typeof sessions.$inferSelect, 'accountId' | 'ip'> & Pick<typeof accounts.$inferSelect, 'username'>>(
      tx,
      sql`select ${sessions.accountId} as "accountId", ${accounts.username}, ${sessions.ip}
          from ${sessions} join ${accounts} on ${accounts.id} = ${sessions.accountId}
          where ${sessions.id} = ${id} and ${liveSessionCondition(idleSeconds)} and ${accounts.status} = 'enabled'
          for update of ${sessions}`,
    );
    if (!session) throw badParameter('id', ONLINE_SESSION_MESSAGES.sessionNotFound);
    await assertMayManageAccount(tx, snapshot, account, session.accountId, { self: 'allowed' });
    await endSessions(tx, 'staff', eq(sessions.id, id));
    await audit(tx, {
      action: 'session.forceLogout',
      targetType: 'session',
      targetId: id,
      before: { accountId: session.accountId, username: session.username, ip: session.ip },
      after: { revoked: true },
    });
    return { id, current: id === account.sessionId };
  });
}

/**
 * 全部下线: ends every live session of `accountId` (on every instance at once, its streams too),
 * within the caller's grants (one's own account included), audited. Locks: the account's row, then
 * its sessions (docs/concurrency.md), as a sign-in does.
 */
export async function forceLogoutAccount(
  { db, account, snapshot, audit }: CallContext,
  { accountId }: { accountId: number },
): Promise<AccountSessionsEnded> {
  return db.transaction(async (tx) => {
    const target = await queryOne<Pick<typeof accounts.$inferSelect, 'username'>>(
      tx,
      sql`select username from accounts where id = ${accountId} for no key update`,
    );
    if (!target) throw badParameter('accountId', ONLINE_SESSION_MESSAGES.noLiveSessions);
    await assertMayManageAccount(tx, snapshot, account, accountId, { self: 'allowed' });
    const ids = await endSessions(tx, 'staff', eq(sessions.accountId, accountId));
    if (ids.length === 0) throw badParameter('accountId', ONLINE_SESSION_MESSAGES.noLiveSessions);
    await audit(tx, {
      action: 'session.forceLogoutAccount',
      targetType: 'account',
      targetId: accountId,
      before: { username: target.username },
      after: { sessionsEnded: ids.length },
    });
    return { accountId, ended: ids.length, current: ids.includes(account.sessionId) };
  });
}
