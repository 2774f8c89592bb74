/** `session/*`: not yet moved to the contract (server/calls still declares them with `legacyCall`). */
export const sessionApi = {};
