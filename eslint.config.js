// @ts-check
/**
 * ESLint for the whole tree (`npm run lint`, the first step of `npm test`): ESLint's and
 * typescript-eslint's recommended rules, the type-aware rules that catch real bugs here (promises
 * left floating or passed where a callback's answer is ignored, awaiting a non-promise, throwing a
 * non-Error, needless assertions), and React's hook rules for the console. Formatting is
 * Prettier's (eslint-config-prettier turns off the rules it owns).
 *
 * ESLint is 8.57, the last 8.x, in its flat configuration (this file, CommonJS: 8.57 reads
 * eslint.config.js only): @umijs/max brings @umijs/lint, whose @babel/eslint-parser accepts no ESLint
 * above 8, so a newer one at the root would not install. Umi's own preset is not used: it is written
 * for .eslintrc files; what it adds beyond these rules is the React hook rules, which are here.
 */
const js = require('@eslint/js');
const prettier = require('eslint-config-prettier');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const tseslint = require('typescript-eslint');

/** Type-aware rules of typescript-eslint's recommendedTypeChecked that are on; its no-unsafe-* family
 * (every use of an `any`) is left off: the tests read parsed JSON answers as `any` on purpose. */
const TYPE_AWARE_RULES = {
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
  // The parsers and the script interpreter unwind with small signal objects of their own, caught in
  // the same module (no stack trace to build on every refusal).
  '@typescript-eslint/only-throw-error': [
    'error',
    {
      allow: [
        { from: 'file', name: 'Invalid', path: 'contract/pluginScripts.ts' },
        { from: 'file', name: 'Stop', path: 'contract/jsonSyntax.ts' },
        { from: 'file', name: ['StepFailure', 'Reported', 'Opened', 'Stopped'], path: 'extension/src/scripts/interpreter.ts' },
      ],
    },
  ],
  '@typescript-eslint/prefer-promise-reject-errors': 'error',
  '@typescript-eslint/no-array-delete': 'error',
  '@typescript-eslint/no-base-to-string': 'error',
  '@typescript-eslint/no-duplicate-type-constituents': 'error',
  '@typescript-eslint/require-await': 'off',
};

module.exports = tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'extension/dist/',
      'src/.umi*/',
      '.umi/',
      'test-results/',
      'playwright-report/',
      'playwright-report-dev/',
      'coverage/',
      'data/',
      'bench/results/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      ...TYPE_AWARE_RULES,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `any` is allowed where a value is untyped by nature (parsed answers in tests, mock bodies).
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stand-ins/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Plain JavaScript (scripts, reporters, the test transform): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
