import type { CallDefinition } from '../http/calls';

export const roleCalls: CallDefinition[] = [];
