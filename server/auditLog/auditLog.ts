/**
 * Reading the audit log (server/audit.ts writes it): newest first, by actor, action, target and
 * time. Queries use drizzle's builder on `schema.auditLog`.
 */
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditItem, AuditListQuery } from '#contract/api/auditLog';
import type { Page } from '#contract/api/common';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { accounts, appVersions, auditLog, media, membershipLevels, menus, news, roles, scripts, shops } from '../db/schema';
import type { AuditTargetType } from '#contract/system';
import type { CallContext } from '../context';

/**
 * What each kind of target is called: its current name, read where the target lives (ids are
 * stored as text). An order's id is its number, which is its name; a session has none.
 */
const nameOfTarget = (id: SQL): Partial<Record<AuditTargetType, SQL>> => ({
  account: sql`(select ${accounts.username} from ${accounts} where ${accounts.id}::text = ${id})`,
  salesperson: sql`(select ${accounts.username} from ${accounts} where ${accounts.id}::text = ${id})`,
  membershipLevel: sql`(select ${membershipLevels.name} from ${membershipLevels} where ${membershipLevels.id}::text = ${id})`,
  role: sql`(select ${roles.name} from ${roles} where ${roles.id}::text = ${id})`,
  menu: sql`(select ${menus.title} from ${menus} where ${menus.id}::text = ${id})`,
  appVersion: sql`(select ${appVersions.version} from ${appVersions} where ${appVersions.id}::text = ${id})`,
  media: sql`(select ${media.name} from ${media} where ${media.id}::text = ${id})`,
  news: sql`(select ${news.title} from ${news} where ${news.id}::text = ${id})`,
  script: sql`(select ${scripts.name} from ${scripts} where ${scripts.id}::text = ${id})`,
  shop: sql`(select ${shops.name} from ${shops} where ${shops.id}::text = ${id})`,
  order: id,
});

/**
 * The target's name: as it is called now, else (deleted since) as the entry's own snapshot named
 * it. One correlated lookup per row of the page shown, each by primary key.
 */
function targetName(): SQL<string | null> {
  const cases = Object.entries(nameOfTarget(sql`${auditLog.targetId}`)).map(([type, name]) => sql`when ${type} then ${name}`);
  const snapshot = sql`coalesce(${auditLog.before}, ${auditLog.after})`;
  const remembered = sql`coalesce(${snapshot}->>'username', ${snapshot}->>'name', ${snapshot}->>'title', ${snapshot}->>'version')`;
  return sql<string | null>`coalesce(case ${auditLog.targetType} ${sql.join(cases, sql` `)} end, ${remembered})`;
}

export async function listAuditLog({ db }: CallContext, query: AuditListQuery): Promise<Page<AuditItem>> {
  const filters: SQL[] = [];
  if (query.actor) {
    const actors = db
      .select({ id: accounts.id })
      .from(accounts)
      .where(ilike(accounts.username, containsPattern(query.actor)));
    filters.push(inArray(auditLog.actorId, actors));
  }
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  // Compared as PostgreSQL reads them (microseconds and the zone kept).
  if (query.from) filters.push(sql`${auditLog.at} >= ${query.from}::timestamptz`);
  if (query.to) filters.push(sql`${auditLog.at} < ${query.to}::timestamptz`);
  const where = and(...filters);
  return pageOfQuery(
    query,
    {
      rows: db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorName: accounts.username,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          targetName: targetName(),
          before: auditLog.before,
          after: auditLog.after,
          ip: auditLog.ip,
          at: auditLog.at,
        })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(auditLog).where(where),
    },
    (row) => ({ ...row, at: row.at.toISOString() }),
  );
}
