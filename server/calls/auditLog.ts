/** `auditLog/*`: 审计日志 (server/system/auditLog.ts). */
import type { CallHandlers } from '../http/calls';
import { listAuditLog } from '../system/auditLog';

export const auditLogHandlers = { 'auditLog/list': listAuditLog } satisfies Partial<CallHandlers>;
