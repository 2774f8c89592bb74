import { configUmiAlias, createConfig } from '@umijs/max/test';

// New password hashes cost 2^12 instead of 2^17 in this run (server/auth/password.ts): the suites log
// in hundreds of times. The files that test the hashing itself import support/realPasswordCost (the
// production cost) or support/timingPasswordCost (the timing test's 2^15).
process.env.TEST_SCRYPT_LOG2N ??= '12';

// testTimeout is a global option, not a project one.
const { testTimeout: _projectTimeout, ...nodeBase } = createConfig({ target: 'node' }) as Record<string, any>;
const { testTimeout: _webTimeout, ...browserBase } = createConfig({ target: 'browser', jsTransformerOpts: { jsx: 'automatic' } }) as Record<
  string,
  any
>;

const server = {
  ...nodeBase,
  displayName: 'server',
  transform: {
    // PGlite's (and its pg_dump's) CommonJS build imports Node built-ins dynamically; see the transform.
    '@electric-sql/pglite(-tools)?/dist/.+\\.cjs$': '<rootDir>/tests/server/support/requireDynamicImports.js',
    ...nodeBase.transform,
  },
  testEnvironment: 'node',
  // The largest CommonJS dependencies of the server are loaded as they are: transforming them (umi's
  // default transforms all of node_modules, for the ESM-only packages) cost every cold run minutes.
  transformIgnorePatterns: [
    '/node_modules/(@aws-sdk|@smithy|exceljs|drizzle-orm|fastify|@fastify|ajv|pino|@sinclair|postgres|typescript|lodash)/',
  ],
  testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/server/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/server/support/globalTeardown.ts',
};

/** The API contract suite: the same cases against the server and the umi mock endpoints. */
const contract = {
  ...server,
  displayName: 'contract',
  testMatch: ['<rootDir>/tests/contract/**/*.test.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
};

export default async () => {
  // The console's tests resolve `@/`, `@@/` and `@umijs/max` as the app does (needs `max setup`).
  const web = await configUmiAlias({
    ...browserBase,
    displayName: 'web',
    testMatch: ['<rootDir>/tests/web/**/*.test.ts?(x)'],
    setupFilesAfterEnv: ['<rootDir>/tests/web/noScrollbarMeasure.ts', '<rootDir>/tests/web/setup.ts'],
  });
  return {
    testTimeout: 60_000,
    reporters: [
      'default',
      ['<rootDir>/tests/support/slowestFilesReporter.js', { count: 10 }],
      '<rootDir>/tests/support/expectedFoldersReporter.js',
    ],
    projects: [web, server, contract],
  };
};
