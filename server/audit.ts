/** The audit log: who did what to which record, when, from where. */
import type { Db } from './db/client';
import { auditLog } from './db/schema';

type Executor = Pick<Db, 'insert'>;

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
}

export async function audit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  });
}
