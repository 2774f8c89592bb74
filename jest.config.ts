import { createConfig } from '@umijs/max/test';

// testTimeout is a global option, not a project one.
const { testTimeout: _projectTimeout, ...base } = createConfig({ target: 'node' }) as Record<string, any>;

const server = {
  ...base,
  displayName: 'server',
  transform: {
    // PGlite's CommonJS build imports Node built-ins dynamically; see the transform.
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/tests/server/support/requireDynamicImports.js',
    ...base.transform,
  },
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/server/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/server/support/globalTeardown.ts',
};

export default {
  testTimeout: 60_000,
  projects: [server],
};
