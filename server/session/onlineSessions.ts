/**
 * 在线用户 (staff): every live session of an enabled account, and ending one (强制下线, audited;
 * the account is back on /login at its next call).
 */
import { eq, sql } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { AccountSessionsEnded, OnlineSession, OnlineSessionQuery, SessionEnded } from '#contract/api/session';
import { allOf, fetchPage } from '../db/paging';
import { containsPattern, prefixPattern, queryOne, toIso } from '../db/query';
import { accounts, sessions } from '../db/schema';
import { badParameter } from '../refusal';
import { assertMayManageAccount, mayManage } from '../rbac/authority';
import { endSessions, liveSessionCondition } from '../auth/sessions';
import { ONLINE_SESSION_MESSAGES } from './messages';
import type { CallContext } from '../context';

type SessionRow = Pick<typeof sessions.$inferSelect, 'accountId' | 'ip' | 'userAgent'> &
  Pick<typeof accounts.$inferSelect, 'username'> & {
    id: number | string;
    createdAt: unknown;
    lastSeenAt: unknown;
    expiresAt: unknown;
    roleIds: number[] | null;
  };

export async function listOnlineSessions(caller: CallContext, body: OnlineSessionQuery): Promise<Page<OnlineSession>> {
  const { db } = caller;
  const idleSeconds = caller.config.sessionIdleSeconds;
  const filters = [liveSessionCondition(idleSeconds), sql`a.status = 'enabled'`];
  if (body.username) filters.push(sql`a.username ilike ${containsPattern(body.username)}`);
  if (body.ip) filters.push(sql`s.ip like ${prefixPattern(body.ip)}`);
  const where = allOf(filters);
  const { account, snapshot } = caller;
  return fetchPage<SessionRow, OnlineSession>(
    db,
    body,
    {
      rows: sql`select s.id, s.account_id as "accountId", a.username, s.ip, s.user_agent as "userAgent",
                  s.created_at as "createdAt", s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt",
                  array(select ar.role_id from account_roles ar where ar.account_id = a.id) as "roleIds"
                from sessions s join accounts a on a.id = s.account_id
                where ${where}
                order by s.last_seen_at desc, s.id desc`,
      count: sql`select count(*)::int as n from sessions s join accounts a on a.id = s.account_id where ${where}`,
    },
    (row) => {
      const id = Number(row.id);
      return {
        id,
        accountId: row.accountId,
        username: row.username,
        ip: row.ip,
        userAgent: row.userAgent,
        signedInAt: toIso(row.createdAt)!,
        lastSeenAt: toIso(row.lastSeenAt)!,
        expiresAt: toIso(row.expiresAt)!,
        current: id === account.sessionId,
        // Ending one's own other sessions is allowed; another account's only within one's grants.
        manageable: row.accountId === account.id || mayManage(snapshot, account, row.accountId, (row.roleIds ?? []).map(Number)),
      };
    },
  );
}

export async function forceLogout({ db, config, account, snapshot, audit }: CallContext, { id }: { id: number }): Promise<SessionEnded> {
  const idleSeconds = config.sessionIdleSeconds;
  return db.transaction(async (tx) => {
    const session = await queryOne<Pick<SessionRow, 'accountId' | 'username' | 'ip'>>(
      tx,
      sql`select s.account_id as "accountId", a.username, s.ip from sessions s join accounts a on a.id = s.account_id
          where s.id = ${id} and ${liveSessionCondition(idleSeconds)} and a.status = 'enabled'
          for update of s`,
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
    const target = await queryOne<{ username: string }>(tx, sql`select username from accounts where id = ${accountId} for no key update`);
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
