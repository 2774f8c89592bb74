/** `auditLog/list`: the audit log for super administrators (/admin); the query lives in server/system/auditLog.ts. */
import type { CallHandlers } from '../http/calls';
import { listAuditLog } from '../system/auditLog';

export const auditLogHandlers = { 'auditLog/list': ({ db, body }) => listAuditLog(db, body) } satisfies Partial<CallHandlers>;
