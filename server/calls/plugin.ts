import type { CallDefinition } from '../http/calls';

export const pluginCalls: CallDefinition[] = [];
