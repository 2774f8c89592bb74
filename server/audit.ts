/** The audit log: who did what to which record, when, from where. */
import type { AuditAction, AuditTargetType } from '#contract/system';
import type { Executor } from './db/client';
import { auditLog } from './db/schema';

export interface AuditEntry {
  actorId: number | null;
  /** Labelled in contract/system.ts AUDIT_ACTIONS, which the audit log's filter and export read. */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
}

/** An entry of the request's own actor and address (`CallContext.audit`). */
export type AuditRecord = Omit<AuditEntry, 'actorId' | 'ip'>;

/** `audit` bound to one request: its account is the actor, its client address the address. */
export const auditFor =
  (actorId: number | null, ip: string | null) =>
  (db: Executor, record: AuditRecord): Promise<void> =>
    audit(db, { ...record, actorId, ip });
export type AuditWriter = ReturnType<typeof auditFor>;

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
