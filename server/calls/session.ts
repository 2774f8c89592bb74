/**
 * Staff screens of sign-in (product.md): 在线用户 lists every live session and ends one (强制下线,
 * audited; the account is back on /login at its next call), 登录日志 lists every login and
 * registration attempt.
 */
import { sql } from 'drizzle-orm';
import type { LoginLogItem } from '#contract/api/loginLog';
import type { OnlineSession } from '#contract/api/session';
import { SYSTEM_TEXT } from '#contract/system';
import { containsPattern, prefixPattern, queryOne, toIso } from '../db/query';
import { allOf, fetchPage } from '../db/paging';
import { defineCall } from '../http/calls';
import { badParameter } from '../http/respond';
import { assertMayManageAccount, mayManage } from '../rbac/authority';
import { liveSessionCondition } from '../auth/sessions';

interface SessionRow {
  id: unknown;
  accountId: number;
  username: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: unknown;
  lastSeenAt: unknown;
  expiresAt: unknown;
  roleIds: number[] | null;
}

const list = defineCall('session/list', async ({ db, config, body, account, snapshot }) => {
  const filters = [liveSessionCondition(config.sessionIdleSeconds), sql`a.status = 'enabled'`];
  if (body.username) filters.push(sql`a.username ilike ${containsPattern(body.username)}`);
  if (body.ip) filters.push(sql`s.ip like ${prefixPattern(body.ip)}`);
  const where = allOf(filters);
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
});

const forceLogout = defineCall('session/forceLogout', async ({ db, config, body, account, snapshot, audit }) => {
  return db.transaction(async (tx) => {
    const session = await queryOne<{ accountId: number; username: string; ip: string | null }>(
      tx,
      sql`select s.account_id as "accountId", a.username, s.ip from sessions s join accounts a on a.id = s.account_id
          where s.id = ${body.id} and ${liveSessionCondition(config.sessionIdleSeconds)} and a.status = 'enabled'
          for update of s`,
    );
    if (!session) throw badParameter('id', SYSTEM_TEXT.sessionNotFound);
    await assertMayManageAccount(tx, snapshot, account, session.accountId, { self: 'allowed' });
    await tx.execute(sql`update sessions set revoked_at = now() where id = ${body.id}`);
    await audit(tx, {
      action: 'session.forceLogout',
      targetType: 'session',
      targetId: body.id,
      before: { accountId: session.accountId, username: session.username, ip: session.ip },
      after: { revoked: true },
    });
    return { id: body.id, current: body.id === account.sessionId };
  });
});

interface AttemptRow {
  id: unknown;
  kind: LoginLogItem['kind'];
  username: string | null;
  accountId: number | null;
  ip: string;
  userAgent: string | null;
  success: boolean;
  at: unknown;
}

const loginLog = defineCall('loginLog/list', async ({ db, body }) => {
  const filters = [];
  if (body.result) filters.push(body.result === 'success' ? sql`t.success` : sql`not t.success`);
  if (body.kind) filters.push(sql`t.kind = ${body.kind}`);
  if (body.username) filters.push(sql`t.username ilike ${containsPattern(body.username)}`);
  if (body.ip) filters.push(sql`t.ip like ${prefixPattern(body.ip)}`);
  if (body.from) filters.push(sql`t.at >= ${body.from}::timestamptz`);
  if (body.to) filters.push(sql`t.at < ${body.to}::timestamptz`);
  const where = allOf(filters);
  return fetchPage<AttemptRow, LoginLogItem>(
    db,
    body,
    {
      rows: sql`select t.id, t.kind, t.username, t.account_id as "accountId", t.ip, t.user_agent as "userAgent", t.success, t.at
                from auth_attempts t where ${where} order by t.at desc, t.id desc`,
      count: sql`select count(*)::int as n from auth_attempts t where ${where}`,
    },
    (row) => ({
      id: Number(row.id),
      kind: row.kind,
      username: row.username,
      accountId: row.accountId,
      ip: row.ip,
      userAgent: row.userAgent,
      result: row.success ? 'success' : 'failure',
      at: toIso(row.at)!,
    }),
  );
});

export const sessionCalls = [list, forceLogout, loginLog];
