/** `auditLog/*`: 审计日志 (server/auditLog/auditLog.ts). */
import type { CallHandlers } from '../context';
import { listAuditLog } from './auditLog';

export const auditLogHandlers = { 'auditLog/list': listAuditLog } satisfies Partial<CallHandlers>;
