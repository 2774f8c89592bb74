/**
 * umi's `mock` option, shared with the contract suite's mock target (tests/contract/targets.ts),
 * which loads the mock files the way `max dev` does: mock/api.ts is the mock; mock/support holds its
 * implementation, not more mocks.
 */
export const MOCK_CONFIG = { exclude: ['mock/support/**'] };
