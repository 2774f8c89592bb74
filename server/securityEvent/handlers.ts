/** `securityEvent/list`: 安全事件 (./list.ts); its export is in server/exports. */
import type { CallHandlers } from '../context';
import { listSecurityEvents } from './list';

export const securityEventHandlers = { 'securityEvent/list': listSecurityEvents } satisfies Partial<CallHandlers>;
