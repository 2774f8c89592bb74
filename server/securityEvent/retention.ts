/**
 * The retention of the append-only logs: security events past SECURITY_EVENT_RETENTION_DAYS and
 * audit entries past AUDIT_LOG_RETENTION_DAYS are deleted by the maintenance job
 * (server/auth/maintenance.ts), by age only. The tables' triggers (migration 0030) refuse any other
 * delete, with the same ages written into them.
 */
import { lt, sql } from 'drizzle-orm';
import { AUDIT_LOG_RETENTION_DAYS, SECURITY_EVENT_RETENTION_DAYS } from '#contract/securityEvents';
import type { Executor } from '../db/client';
import { auditLog, securityEvents } from '../db/schema';

export interface PrunedLogs {
  securityEvents: number;
  auditLog: number;
}

export async function pruneAppendOnlyLogs(db: Executor): Promise<PrunedLogs> {
  const events = await db
    .delete(securityEvents)
    .where(lt(securityEvents.at, sql`now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS})`))
    .returning({ id: securityEvents.id });
  const audit = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(days => ${AUDIT_LOG_RETENTION_DAYS})`))
    .returning({ id: auditLog.id });
  return { securityEvents: events.length, auditLog: audit.length };
}
