import type { CallDefinition } from '../http/calls';

export const appVersionCalls: CallDefinition[] = [];
