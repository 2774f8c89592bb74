/**
 * End-to-end tests: Debian's Chromium against the product as `npm start` runs it.
 *
 * The global setup starts `node scripts/start.mjs` on 127.0.0.1, a free port and a fresh PGlite
 * folder with the demo accounts, once for each worker, and lists them in E2E_PRODUCT_URLS (workers
 * load this file again after it ran, so they see it); each worker tests its own product
 * (e2e/support/workerProduct.ts). Set E2E_BASE_URL yourself to test a product that is already
 * running instead: one worker then.
 * Never downloads a browser: the pages run in Debian's headless shell (HEADLESS_SHELL_PATH, default
 * /usr/bin/chromium-headless-shell), the browser Playwright itself uses for headless Chromium; the
 * plug-in's tests need extensions, which only the full browser loads (CHROMIUM_PATH, default
 * /usr/bin/chromium; e2e/support/extensionBrowser.ts).
 */
import { defineConfig } from '@playwright/test';
import { workerProductUrl } from './e2e/support/workerProduct';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The full browser draws each page for 25–30 % more CPU than the shell (docs/testing.md). */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const KEEP_TRACES = process.env.E2E_TRACE ? process.env.E2E_TRACE !== '0' : !process.env.CI;

// Before anything reads it: in a worker, E2E_BASE_URL becomes that worker's product.
const productUrl = workerProductUrl();
if (productUrl) process.env.E2E_BASE_URL = productUrl;
/**
 * Two workers, each on a product of its own: one worker left a third of the two cores idle (the
 * browser waits for the server and the server for the browser); E2E_WORKERS overrides. One worker
 * on a product the user started, which specs would otherwise share.
 */
const WORKERS = process.env.E2E_BASE_URL ? 1 : Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The development server's own run: playwright.dev.config.ts.
  testIgnore: '**/dev-console.spec.ts',
  outputDir: './test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  // Each file's tests in order, in one worker.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The whole run, product start (and a console build, if dist/ is stale) included.
  globalTimeout: 40 * 60_000,
  // The 10 slowest files, printed at the end of the run (docs/testing.md).
  reportSlowTests: { max: 10, threshold: 0 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    // The browser asks for reduced motion, which the console honours (src/workspace/reducedMotion.ts):
    // no dialog, drawer or menu animates in or out, 7 % of the run's time. The developer console's
    // pass (playwright.dev.config.ts) keeps every motion.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Shanghai',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its trace: each step's DOM, network and console. Not the screencast: its
    // frames cost a quarter of the run's time (docs/testing.md); the failure's screenshot stays.
    // Recording a trace costs every test about 8 % more, so a CI run (CI set), whose traces nobody
    // opens, records none unless E2E_TRACE=1.
    trace: { mode: KEEP_TRACES ? 'retain-on-failure' : 'off', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [{ name: 'chromium' }],
});
