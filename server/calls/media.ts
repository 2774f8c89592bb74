import type { CallDefinition } from '../http/calls';

export const mediaCalls: CallDefinition[] = [];
