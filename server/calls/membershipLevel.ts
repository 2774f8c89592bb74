import type { CallDefinition } from '../http/calls';

export const membershipLevelCalls: CallDefinition[] = [];
