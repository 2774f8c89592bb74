import type { CallDefinition } from '../http/calls';

export const scriptCalls: CallDefinition[] = [];
