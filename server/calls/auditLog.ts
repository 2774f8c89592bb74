import type { CallDefinition } from '../http/calls';

export const auditLogCalls: CallDefinition[] = [];
