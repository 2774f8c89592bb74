import type { CallDefinition } from '../http/calls';

export const ledgerCalls: CallDefinition[] = [];
