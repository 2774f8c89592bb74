/**
 * Reading the audit log (server/audit.ts writes it): newest first, by actor, action, target and
 * time. Queries use drizzle's builder on `schema.auditLog`.
 */
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditItem, AuditListQuery } from '#contract/api/auditLog';
import type { Page } from '#contract/api/common';
import type { Executor } from '../db/client';
import { pageOf } from '../db/paging';
import { containsPattern } from '../db/query';
import { accounts, auditLog } from '../db/schema';

export async function listAuditLog(db: Executor, query: AuditListQuery): Promise<Page<AuditItem>> {
  const { current, pageSize, offset } = pageOf(query);
  const filters: SQL[] = [];
  if (query.actor) {
    const actors = db.select({ id: accounts.id }).from(accounts).where(ilike(accounts.username, containsPattern(query.actor)));
    filters.push(inArray(auditLog.actorId, actors));
  }
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  // Compared as PostgreSQL reads them (microseconds and the zone kept).
  if (query.from) filters.push(sql`${auditLog.at} >= ${query.from}::timestamptz`);
  if (query.to) filters.push(sql`${auditLog.at} < ${query.to}::timestamptz`);
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: accounts.username,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        ip: auditLog.ip,
        at: auditLog.at,
      })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { list: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total, current, pageSize };
}
