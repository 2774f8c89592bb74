import type { CallDefinition } from '../http/calls';

export const orderCalls: CallDefinition[] = [];
