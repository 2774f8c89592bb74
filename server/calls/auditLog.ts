/** `auditLog/list`: the audit log for super administrators (/admin), newest first, with filters. */
import { sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import type { AuditItem } from '#contract/api/auditLog';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { pageOf } from '../db/paging';
import { defineCall } from '../http/calls';

interface AuditRow extends Omit<AuditItem, 'at' | 'id'> {
  id: unknown;
  at: unknown;
}

const list = defineCall('auditLog/list', async ({ db, body }) => {
    const { current, pageSize, offset } = pageOf(body);
    const filters = [sql`true`];
    if (body.actor) {
      filters.push(sql`l.actor_id in (select id from accounts where username ilike ${containsPattern(body.actor)})`);
    }
    if (body.action) filters.push(sql`l.action = ${body.action}`);
    if (body.targetType) filters.push(sql`l.target_type = ${body.targetType}`);
    if (body.targetId) filters.push(sql`l.target_id = ${body.targetId}`);
    if (body.from) filters.push(sql`l.at >= ${body.from}::timestamptz`);
    if (body.to) filters.push(sql`l.at < ${body.to}::timestamptz`);
    const where = sql.join(filters, sql` and `);
    const [rows, counted] = await Promise.all([
      queryRows<AuditRow>(
        db,
        sql`select l.id, l.actor_id as "actorId", a.username as "actorName", l.action, l.target_type as "targetType",
                   l.target_id as "targetId", l.before, l.after, l.ip, l.at
            from audit_log l left join accounts a on a.id = l.actor_id
            where ${where}
            order by l.at desc, l.id desc
            limit ${pageSize} offset ${offset}`,
      ),
      queryOne<{ n: number }>(db, sql`select count(*)::int as n from audit_log l where ${where}`),
    ]);
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    return {
      list: rows.map((row) => ({ ...row, id: Number(row.id), before: json(row.before), after: json(row.after), at: toIso(row.at)! })),
      total: Number(counted?.n ?? 0),
      current,
      pageSize,
    };
});

export const auditLogCalls = [list];
