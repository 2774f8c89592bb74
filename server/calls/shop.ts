import type { CallDefinition } from '../http/calls';

export const shopCalls: CallDefinition[] = [];
