/**
 * The developer console under `npm run dev` (e2e/dev-console.spec.ts): the same browser and
 * settings as playwright.config.ts, against `max dev` with the umi mock endpoints, which the global
 * setup starts (e2e/dev-setup.ts) unless E2E_BASE_URL points at a running one.
 *
 *   npm run test:dev-console                       # every screen of every demo role (npm test's dev step)
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testMatch: '**/dev-console.spec.ts',
  testIgnore: undefined,
  globalSetup: './e2e/dev-setup.ts',
  // One development server, whose mock scenario the tests set: they take turns.
  // Two browsers: in npm test the step's tests start when e2e has ended and the machine is free;
  // the administrator's walk is half of the step. Each worker keeps its own list of the screens
  // opened (e2e/dev-console.spec.ts), and the browser-scoped scenario's test, the file's last, is
  // the last to start, so no other test's reset of every scenario falls within it.
  workers: 2,
  fullyParallel: true,
  outputDir: './test-results/dev-artifacts',
  // Every screen and dialog with antd's motions, as most people see them (the main run has none).
  use: { ...base.use, reducedMotion: 'no-preference' },
  // Beside e2e (DEV_START_AFTER, e2e/dev-setup.ts) the run includes the wait for it.
  globalTimeout: (process.env.DEV_START_AFTER ? 75 : 30) * 60_000,
  // Its own report folder: the main run's report replaces playwright-report/ whole.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-dev' }]],
});
