/**
 * Starts the product once for the whole run, like a user does (`node scripts/start.mjs`), and
 * returns the teardown that stops it. Skipped when E2E_BASE_URL points at a running product.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ROOT, startProduct } from './support/product';
import { SCREENS_DIR } from './support/audit';
import { SCREENSHOT_DIR } from './support/screens';
import { withoutSecondFactorRoles } from './support/secondFactorRoles';

export default async function globalSetup(_config: FullConfig) {
  fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  fs.rmSync(SCREENS_DIR, { recursive: true, force: true });

  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the running product at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }

  const started = Date.now();
  console.log('[e2e] starting the product (node scripts/start.mjs; builds the console if dist/ is stale)…');
  // Hashing at a test's cost (server/auth/password.ts): no spec tests the cost, which jest's
  // tests/server/signinHashing.test.ts does, and over a hundred logins at 0.5 s of a core each took
  // that time from the browser.
  // Step-up at an hour: a spec signs its API helpers in once and uses the token for minutes; the
  // 验证身份 dialog has its own spec, on a product whose proofs last seconds (e2e/stepUp.spec.ts).
  const product = await startProduct({ label: 'console-e2e', env: { NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '12', STEP_UP_SECONDS: '3600' } });
  console.log(`[e2e] product ready at ${product.baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (data ${product.dataDir})`);
  process.env.E2E_BASE_URL = product.baseURL;
  console.log(
    `[e2e] 需要两步验证 turned off on ${(await withoutSecondFactorRoles(product.baseURL)).join(', ')} for the specs' own staff accounts`,
  );

  return async () => {
    await product.stop({ keepLogAt: path.join(ROOT, 'test-results', 'server.log') });
    console.log('[e2e] product stopped; its log is in test-results/server.log');
  };
}
