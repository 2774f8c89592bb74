/**
 * Starts the product for the whole run, like a user does (`node scripts/start.mjs`), once for each
 * worker, and returns the teardown that stops them. Skipped when E2E_BASE_URL points at a running
 * product (the run then has one worker: playwright.config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ROOT, startProduct, type RunningProduct } from './support/product';
import { PRODUCT_URLS_VARIABLE } from './support/workerProduct';
import { SCREENS_DIR } from './support/audit';
import { SCREENSHOT_DIR } from './support/screens';
import { withoutSecondFactorRoles } from './support/secondFactorRoles';

export default async function globalSetup(config: FullConfig) {
  fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  fs.rmSync(SCREENS_DIR, { recursive: true, force: true });

  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the running product at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }

  // One product for each worker (playwright.config.ts gives each worker its own): a spec's sign-outs,
  // edited menus, roles and parameters never reach a test running beside it in the other worker.
  const count = Math.max(1, config.workers);
  const started = Date.now();
  console.log(
    `[e2e] starting ${count === 1 ? 'the product' : `${count} products, one for each worker`} (node scripts/start.mjs; builds the console if dist/ is stale)…`,
  );
  // Hashing at a test's cost (server/auth/password.ts): no spec tests the cost, which jest's
  // tests/server/signinHashing.test.ts does, and over a hundred logins at 0.5 s of a core each took
  // that time from the browser.
  // Step-up at an hour: a spec signs its API helpers in once and uses the token for minutes; the
  // 验证身份 dialog has its own spec, on a product whose proofs last seconds (e2e/stepUp.spec.ts).
  const env = { NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '12', STEP_UP_SECONDS: '3600' };
  // One after the other: the first start may build the console (dist/ stale), which the others then use.
  const products: RunningProduct[] = [];
  for (let index = 0; index < count; index += 1) products.push(await startProduct({ label: `console-e2e-${index + 1}`, env }));
  for (const product of products) {
    console.log(`[e2e] product ready at ${product.baseURL} (data ${product.dataDir})`);
    console.log(
      `[e2e] 需要两步验证 turned off on ${(await withoutSecondFactorRoles(product.baseURL)).join(', ')} for the specs' own staff accounts`,
    );
  }
  console.log(`[e2e] ${count === 1 ? 'product' : 'products'} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env.E2E_BASE_URL = products[0].baseURL;
  process.env[PRODUCT_URLS_VARIABLE] = products.map((product) => product.baseURL).join(',');

  return async () => {
    await Promise.all(
      products.map((product, index) =>
        product.stop({ keepLogAt: path.join(ROOT, 'test-results', count === 1 ? 'server.log' : `server-${index + 1}.log`) }),
      ),
    );
    console.log(
      `[e2e] ${count === 1 ? 'product stopped; its log is in test-results/server.log' : `products stopped; their logs are in test-results/server-<n>.log`}`,
    );
  };
}
