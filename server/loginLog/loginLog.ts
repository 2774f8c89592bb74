/** 登录日志 (staff): the login and register attempts (./attempts), newest first, with filters. */
import { and, count, desc, eq, gte, ilike, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { LoginLogItem, LoginLogQuery } from '#contract/api/loginLog';
import { pageOfQuery } from '../db/paging';
import { containsPattern, prefixPattern } from '../db/query';
import { authAttempts } from '../db/schema';
import type { CallContext } from '../context';

export async function listLoginLog({ db }: CallContext, body: LoginLogQuery): Promise<Page<LoginLogItem>> {
  const filters: SQL[] = [];
  if (body.result) filters.push(eq(authAttempts.success, body.result === 'success'));
  if (body.kind) filters.push(eq(authAttempts.kind, body.kind));
  if (body.username) filters.push(ilike(authAttempts.username, containsPattern(body.username)));
  if (body.ip) filters.push(like(authAttempts.ip, prefixPattern(body.ip)));
  if (body.from) filters.push(gte(authAttempts.at, sql`${body.from}::timestamptz`));
  if (body.to) filters.push(lt(authAttempts.at, sql`${body.to}::timestamptz`));
  const where = and(...filters);
  return pageOfQuery(
    body,
    {
      rows: db.select().from(authAttempts).where(where).orderBy(desc(authAttempts.at), desc(authAttempts.id)).$dynamic(),
      count: db.select({ n: count() }).from(authAttempts).where(where),
    },
    (row) => ({
      id: row.id,
      kind: row.kind,
      username: row.username,
      accountId: row.accountId,
      ip: row.ip,
      userAgent: row.userAgent,
      result: row.success ? 'success' : 'failure',
      at: row.at.toISOString(),
    }),
  );
}
