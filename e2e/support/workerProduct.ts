/**
 * Which product a Playwright worker tests. The global setup starts one product for each worker and
 * lists their addresses in E2E_PRODUCT_URLS; a worker (TEST_PARALLEL_INDEX, which Playwright sets
 * before it loads the configuration) takes its own as E2E_BASE_URL, which the configuration's
 * `baseURL` and the specs' API helpers read.
 */
export const PRODUCT_URLS_VARIABLE = 'E2E_PRODUCT_URLS';

/** The worker's product, or E2E_BASE_URL as it stands (the runner; a product the user started). */
export function workerProductUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const urls = env[PRODUCT_URLS_VARIABLE]?.split(',').filter(Boolean);
  if (!urls?.length || env.TEST_PARALLEL_INDEX === undefined) return env.E2E_BASE_URL;
  return urls[Number(env.TEST_PARALLEL_INDEX) % urls.length];
}
