/** 安全事件 (staff): the security events (./record), newest first, with filters. */
import { and, count, desc, eq, gte, ilike, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { SecurityEventItem, SecurityEventQuery } from '#contract/api/securityEvent';
import { pageOfQuery } from '../db/paging';
import { containsPattern, prefixPattern } from '../db/query';
import { securityEvents } from '../db/schema';
import type { CallContext } from '../context';

export async function listSecurityEvents({ db }: CallContext, body: SecurityEventQuery): Promise<Page<SecurityEventItem>> {
  const filters: SQL[] = [];
  if (body.kind) filters.push(eq(securityEvents.kind, body.kind));
  if (body.username) filters.push(ilike(securityEvents.username, containsPattern(body.username)));
  if (body.ip) filters.push(like(securityEvents.ip, prefixPattern(body.ip)));
  if (body.from) filters.push(gte(securityEvents.at, sql`${body.from}::timestamptz`));
  if (body.to) filters.push(lt(securityEvents.at, sql`${body.to}::timestamptz`));
  const where = and(...filters);
  return pageOfQuery(
    body,
    {
      rows: db.select().from(securityEvents).where(where).orderBy(desc(securityEvents.at), desc(securityEvents.id)).$dynamic(),
      count: db.select({ n: count() }).from(securityEvents).where(where),
    },
    (row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      accountId: row.accountId,
      username: row.username,
      path: row.path,
      ip: row.ip,
      userAgent: row.userAgent,
      detail: row.detail,
    }),
  );
}
