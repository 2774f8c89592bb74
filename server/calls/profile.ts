import type { CallDefinition } from '../http/calls';

export const profileCalls: CallDefinition[] = [];
