import type { CallDefinition } from '../http/calls';

export const menuCalls: CallDefinition[] = [];
