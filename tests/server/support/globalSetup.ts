/**
 * Starts the PostgreSQL 15 server shared by the run (each test file creates its own databases in it)
 * and the migrated templates the suites' databases start from (./templates).
 */
import { startPostgres, type RunningPostgres } from './postgres';
import { makeTemplates } from './templates';

declare global {
  // eslint-disable-next-line no-var -- a global is declared with var (let/const do not add to globalThis)
  var __TEST_POSTGRES__: RunningPostgres | undefined;
}

export default async function globalSetup() {
  const running = await startPostgres();
  globalThis.__TEST_POSTGRES__ = running;
  // Workers start after this and inherit the environment.
  process.env.TEST_POSTGRES_URL = running.url;
  process.env.TEST_PGLITE_TEMPLATE = await makeTemplates(running.url, running.dir);
  // Whatever happens to the run, do not leave the server behind.
  process.on('exit', () => {
    try {
      process.kill(running.pid, 'SIGQUIT');
    } catch {
      // already stopped
    }
  });
}
