/** `auditLog/list`: the audit log for super administrators (/admin); the query lives in server/system/auditLog.ts. */
import { defineCall } from '../http/calls';
import { listAuditLog } from '../system/auditLog';

export const auditLogCalls = [defineCall('auditLog/list', ({ db, body }) => listAuditLog(db, body))];
